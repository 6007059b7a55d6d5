"""One question answered from memory by every member: each opens the question's modal (a
click, which the bot must answer with the modal within Discord's three seconds) and submits
the text they type (acknowledged within three seconds too), on the same arrival curve as the
clicks (bench/event/arrivals.py); a double submission types another answer. Open loop: each
member's moment comes whatever the bot does."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.answers.load import Answered, Click, Driver, Flow
from bench.event.arrivals import Arrival
from bench.event.clicks import DEADLINE_MS, QuestionClicks, Sent
from standin.driver import StandInClient, StandInRefusedError

MODAL = 9  # the interaction response type that opens a modal


@dataclass(frozen=True)
class ModalQuestion:
    message_id: str
    opener: str  # the custom_id of the button that opens its modal
    texts: Sequence[str]  # what a member types for each option of the arrival plan


@dataclass
class Opened:
    """The modals asked for, and those the bot opened within three seconds."""

    asked: int = 0
    in_time: int = 0
    late: list[float] = field(default_factory=list)  # ms to the modal, of those over 3 s


async def submit_question(
    standin: StandInClient, question: ModalQuestion, arrivals: Sequence[Arrival], appeared: float
) -> tuple[QuestionClicks, Opened]:
    """Every arrival's modal(s) on the question that ``appeared`` (wall time)."""
    result, opened = QuestionClicks([], 0), Opened()

    async def send(member: str, option: int, *, first: bool, at: float) -> bool:
        await asyncio.sleep(max(at - time.time(), 0.0))  # the member's moment, not a wait
        click = Click(member, option, question.opener, first=first)
        try:
            shown = Answered(
                click, await standin.click_and_wait(member, question.message_id, question.opener)
            )
        except StandInRefusedError:
            result.refused += 1
            return False
        opened.asked += 1
        responses = shown.report["responses"]
        if not responses or responses[0].get("type") != MODAL:
            return False
        if shown.first_ms <= DEADLINE_MS:
            opened.in_time += 1
        else:
            opened.late.append(shown.first_ms)
        report = await standin.submit_modal_and_wait(member, {"answer": question.texts[option]})
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
    # Deferred submissions get their answer as a followup: waited for, put into their reports.
    await Driver(standin, question.message_id).settle(Flow([s.answered for s in result.sent]))
    return result, opened
