"""The fault scenarios: each deals its faults to a round of three five-second questions while
members click, through the ``Rig``; the checks afterwards are the same for all."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from bench.faults.checks import CALLBACK
from bench.faults.model import Window
from bench.faults.packs import MAX_PACK
from bench.faults.rig import EDITS, MESSAGES, Rig, Setup
from bench.rig.exchanges import Exchange, Matcher
from standin.rules import buttons

STORM = 20
RETRY_AFTER_S = 0.5
HEARTBEAT_MS = 1000  # so that a dozen heartbeats go unanswered within the round
CUT_LEAD_S = 1.0  # a database cut starts this long before question 1 closes
OUTAGE_CLICK_EVERY_S = 1.0  # members keep clicking through an outage this often

Drive = Callable[[Rig], Coroutine[Any, Any, None]]


@dataclass(frozen=True)
class Scenario:
    setup: Setup
    drive: Drive
    postgres_only: bool = False

    @property
    def name(self) -> str:
        return self.setup.name


async def kill_mid_round(rig: Rig) -> None:
    """kill -9 halfway through question 2's clicks; a new process takes over."""
    if await rig.posted(2) is None:
        rig.notes.append("question 2 was never posted")
        return
    await rig.clicks_on(2, len(rig.clickers.members) // 2)
    await rig.kill_and_restart("kill -9 mid-question")


async def _kill_twice_at(rig: Rig, matches: Matcher, what: str) -> None:
    """kill -9 while a ``what`` request is in flight: first one lost on its way to Discord,
    then (the next such request, be it the retry) one Discord applied but whose reply the bot
    never saw. Both holds are set up front so the new process cannot slip past the second."""
    holds = [
        (rig.discord.hold(matches, applied=False), f"kill -9, {what} lost in transit"),
        (rig.discord.hold(matches, applied=True), f"kill -9, {what} applied, reply unseen"),
    ]
    for hold, kind in holds:
        if await hold.wait(rig.time_left()) is None:
            rig.notes.append(f"the bot sent no {what} for: {kind}")
            for unused, _ in holds:
                rig.discord.cancel(unused)
            return
        await rig.kill_and_restart(kind, holding=hold)


async def kill_during_reveal(rig: Rig) -> None:
    await _kill_twice_at(rig, rig.is_reveal, "reveal")


async def kill_during_standings(rig: Rig) -> None:
    await _kill_twice_at(rig, rig.is_standings, "standings")


async def _target(rig: Rig, route: str) -> Matcher | None:
    """The request a storm on ``route`` starts with: question 2's post, question 1's reveal, or
    the first interaction response once question 1 is out (a click's, while clicks flow)."""
    if route == MESSAGES:
        return rig.is_question_post(2)
    if route == EDITS:
        return rig.is_reveal
    first = await rig.posted(1)
    if first is None:
        return None
    out = first.replied or first.started
    return lambda e: e.key == CALLBACK and e.started > out


def storm(route: str, statuses: tuple[int, ...]) -> Drive:
    """20 injected faults on ``route``, the first of them meeting the request the storm targets
    (held back a moment while the faults are set up)."""

    async def drive(rig: Rig) -> None:
        matches = await _target(rig, route)
        hold = rig.discord.hold(matches, applied=False) if matches is not None else None
        if hold is None or await hold.wait(rig.time_left()) is None:
            rig.notes.append(f"no request on {route} came for the storm")
            if hold is not None:
                rig.discord.cancel(hold)
            return
        rig.storms.append(route)
        if len(statuses) == 1:
            await rig.standin.inject_fault(
                route, status=statuses[0], retry_after=RETRY_AFTER_S, count=STORM
            )
        else:
            for number in range(STORM):
                await rig.standin.inject_fault(route, status=statuses[number % len(statuses)])
        hold.release(forward=True)

    return drive


async def gateway_drops(rig: Rig) -> None:
    """The gateway dropped once in each question while clicks flow; the bot must resume."""
    for number in range(1, 4):
        if await rig.posted(number) is None:
            return
        await rig.clicks_on(number, len(rig.clickers.members) // 3)
        rig.drops.append(time.monotonic())
        await rig.standin.drop_gateway()


async def lost_heartbeats(rig: Rig) -> None:
    """No heartbeat acknowledged from question 1 until question 3 is posted."""
    if await rig.posted(1) is None:
        return
    window = Window("heartbeats unanswered", time.monotonic(), None, outage=False)
    rig.windows.append(window)
    await rig.standin.answer_heartbeats(False)  # noqa: FBT003 - the stand-in's one setting
    await rig.posted(3, timeout=rig.time_left())
    await rig.standin.answer_heartbeats(True)  # noqa: FBT003
    window.end = time.monotonic()


def database_cut(seconds: float) -> Drive:
    async def drive(rig: Rig) -> None:
        """PostgreSQL unreachable from a second before question 1 closes, for ``seconds``,
        while members keep clicking the question (each click still needs its reply)."""
        proxy = rig.db.proxy
        if proxy is None or await rig.posted(1) is None:
            return
        closing = await rig.monotonic_closing()
        if closing is not None:
            await asyncio.sleep(max(closing - CUT_LEAD_S - time.monotonic(), 0.0))  # positioning
        window = Window(f"database cut {seconds:.0f} s", time.monotonic(), None)
        rig.windows.append(window)
        clicking = rig.spawn(_clicks_during(rig, seconds))
        window.start, window.end = await proxy.cut_for(seconds)
        await clicking

    return drive


async def _clicks_during(rig: Rig, seconds: float) -> None:
    members = rig.clickers.members
    for k in range(int(seconds / OUTAGE_CLICK_EVERY_S)):
        await rig.clickers.click_open_question(members[k % len(members)], shift=k)
        await asyncio.sleep(OUTAGE_CLICK_EVERY_S)  # pacing the members


async def max_length_extras(rig: Rig) -> None:
    """Beside the round: "why" on a revealed maximal question in each locale, and the packs."""
    revealed = await rig.discord.wait_for(lambda e: rig.is_reveal(e) and e.ok, rig.time_left())
    if revealed is None:
        return
    message_id = revealed.path.rsplit("/", 1)[-1]
    locales_seen: set[str] = set()
    for member in rig.clickers.members:
        if member.locale not in locales_seen:
            locales_seen.add(member.locale)
            await rig.press(member.id, message_id, _why_id(revealed))
    await rig.command("quiz packs")


def _why_id(revealed: Exchange) -> str:
    body = revealed.body if isinstance(revealed.body, dict) else {}
    for button in buttons(body):  # in rows, or nested in a layout
        if str(button.get("custom_id") or "").startswith("qw:"):
            return str(button["custom_id"])
    return "qw:0:0"


FIVE_XX = (500, 502)
# A storm of 5xx on a route the round waits on lasts as long as the bot's retries take to use
# it up (discord.py alone pauses 1 + 3 + 5 + 7 + 9 s over five tries): minutes, not seconds.
SLOW_S, SLOW_WAIT_S = 135.0, 240.0
SCENARIOS = {
    s.name: s
    for s in (
        Scenario(Setup("kill-mid-round", expected_s=30.0), kill_mid_round),
        Scenario(Setup("kill-during-reveal", expected_s=40.0), kill_during_reveal),
        Scenario(Setup("kill-during-standings", expected_s=40.0), kill_during_standings),
        Scenario(Setup("storm-429-messages", expected_s=45.0), storm(MESSAGES, (429,))),
        Scenario(Setup("storm-429-edits", expected_s=45.0), storm(EDITS, (429,))),
        Scenario(Setup("storm-429-callbacks"), storm(CALLBACK, (429,))),
        Scenario(
            Setup("storm-5xx-messages", expected_s=SLOW_S, max_wait_s=SLOW_WAIT_S),
            storm(MESSAGES, FIVE_XX),
        ),
        Scenario(
            Setup("storm-5xx-edits", expected_s=SLOW_S, max_wait_s=SLOW_WAIT_S),
            storm(EDITS, FIVE_XX),
        ),
        Scenario(Setup("storm-5xx-callbacks"), storm(CALLBACK, FIVE_XX)),
        Scenario(Setup("gateway-drops"), gateway_drops),
        Scenario(Setup("lost-heartbeats", heartbeat_ms=HEARTBEAT_MS), lost_heartbeats),
        Scenario(Setup("db-cut-10s", expected_s=40.0), database_cut(10), postgres_only=True),
        Scenario(
            Setup("db-cut-60s", expected_s=90.0, max_wait_s=210.0),
            database_cut(60),
            postgres_only=True,
        ),
        Scenario(Setup("max-length-pack", MAX_PACK), max_length_extras),
    )
}
# The 5xx storms are left to the benchmark: discord.py's own retries make each last two minutes.
FAST = ("kill-during-reveal", "kill-during-standings", "storm-429-edits")
