"""One question's clicks, each sent when its member arrives (open loop: the members do not wait
for the bot) through the stand-in's control API, one ``click_and_wait`` request per click."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bench.answers.load import Answered, Click, Driver, Flow
from bench.event.arrivals import Arrival
from standin.driver import StandInClient, StandInRefusedError

DEADLINE_MS = 3000.0  # Discord's: an interaction not answered by then has failed


@dataclass
class Sent:
    answered: Answered
    scheduled: float  # wall time (time.time) the member clicked
    returned: float  # wall time the driver had the stand-in's report

    @property
    def within_deadline(self) -> bool:
        return not self.answered.report["failed"] and self.answered.first_ms <= DEADLINE_MS

    @property
    def outside_ms(self) -> float:
        """Of the click's whole trip, the time spent outside the bot: in this driver and the
        stand-in before it dispatched the click (a driver that kept up keeps it small)."""
        return max((self.returned - self.scheduled) * 1000 - self.answered.first_ms, 0.0)


@dataclass
class QuestionClicks:
    sent: list[Sent]
    refused: int  # clicks the stand-in refused: the question was revealed, its buttons gone


async def click_question(
    standin: StandInClient,
    message_id: str,
    custom_ids: dict[int, str],
    arrivals: Sequence[Arrival],
    appeared: float,
) -> QuestionClicks:
    """Every arrival's click(s) on the question that ``appeared`` (wall time)."""
    result = QuestionClicks([], 0)

    async def send(member: str, option: int, *, first: bool, at: float) -> bool:
        await asyncio.sleep(max(at - time.time(), 0.0))  # the member's moment, not a wait
        click = Click(member, option, custom_ids[option], first=first)
        try:
            report = await standin.click_and_wait(member, message_id, click.custom_id)
        except StandInRefusedError:
            result.refused += 1
            return False
        result.sent.append(Sent(Answered(click, report), at, time.time()))
        return True

    async def arrive(arrival: Arrival) -> None:
        at = appeared + arrival.at_s
        if (
            await send(arrival.member, arrival.option, first=True, at=at)
            and arrival.again is not None
        ):
            again = time.time() + arrival.again_after_s
            await send(arrival.member, arrival.again, first=False, at=again)

    await asyncio.gather(*(arrive(arrival) for arrival in arrivals))
    # Deferred clicks get their answer as a followup: waited for, and put into their reports.
    await Driver(standin, message_id).settle(Flow([s.answered for s in result.sent]))
    return result
