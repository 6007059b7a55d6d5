"""Clicks on one message's buttons, driven through the stand-in's control API.

Every member clicks once; a share of them click a second, different option once their first
click was answered (the first must stand). Each click is one ``click_and_wait`` request, which
returns when the bot has answered it, so no polling loads the stand-in. Two ways to offer them:
closed loop (at most N clicks in flight, each finished click making room for the next) and open
loop (a fixed rate, whatever the bot does).
"""

from __future__ import annotations

import asyncio
import functools
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from standin.driver import StandInClient

Json = dict[str, Any]
DEFERRED = 5  # interaction response type: "thinking", the answer comes as a followup
FOLLOWUP_WAIT_S = 10.0
POLL_S = 0.05


@dataclass(frozen=True)
class Click:
    member: str
    option: int
    custom_id: str
    first: bool  # the member's first click on this message: its option must be the one kept


@dataclass
class Answered:
    click: Click
    report: Json

    @property
    def first_ms(self) -> float:
        """Milliseconds from the click to the bot's first response, as the stand-in saw it."""
        ms = self.report["ms_to_first_response"]
        return float("inf") if ms is None else float(ms)

    @property
    def deferred(self) -> bool:
        responses = self.report["responses"]
        return bool(responses) and responses[0].get("type") == DEFERRED

    @property
    def final_ms(self) -> float:
        """Milliseconds to the response that carried the answer (the followup when deferred)."""
        responses = self.report["responses"]
        return float(responses[-1]["ms"]) if responses else float("inf")

    @property
    def final_text(self) -> str:
        responses = self.report["responses"]
        if not responses:
            return ""
        body = responses[-1]["body"]
        return str((body.get("data", body) or {}).get("content") or "")


@dataclass
class Flow:
    """What one message's clicks came to."""

    answered: list[Answered] = field(default_factory=list)
    wall_s: float = 0.0

    def extend(self, other: Flow) -> None:
        self.answered += other.answered
        self.wall_s += other.wall_s

    @property
    def per_s(self) -> float:
        return len(self.answered) / self.wall_s if self.wall_s else 0.0

    def first_ms(self, quantile: float) -> float:
        return percentile([a.first_ms for a in self.answered], quantile)

    def final_ms(self, quantile: float) -> float:
        return percentile([a.final_ms for a in self.answered if a.click.first], quantile)

    @property
    def deferred(self) -> int:
        return sum(a.deferred for a in self.answered)

    @property
    def failed(self) -> int:
        return sum(bool(a.report["failed"]) for a in self.answered)


def percentile(values: Sequence[float], quantile: float) -> float:
    """The nearest-rank percentile (1.0 is the largest value)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[max(math.ceil(quantile * len(ordered)) - 1, 0)]


def plan(
    members: Sequence[str], buttons: Sequence[tuple[int, str]], repeat: float, rng: random.Random
) -> tuple[list[Click], dict[Click, Click]]:
    """Each member's first click, and the second click of a ``repeat`` share of them."""
    firsts: list[Click] = []
    seconds: dict[Click, Click] = {}
    for member in members:
        option, custom_id = rng.choice(buttons)
        click = Click(member, option, custom_id, first=True)
        firsts.append(click)
        if rng.random() < repeat:
            other = rng.choice([b for b in buttons if b[0] != option])
            seconds[click] = Click(member, other[0], other[1], first=False)
    return firsts, seconds


class Driver:
    def __init__(self, standin: StandInClient, message_id: str) -> None:
        self._standin = standin
        self._message_id = message_id

    async def _send(self, click: Click) -> Answered:
        report = await self._standin.click_and_wait(click.member, self._message_id, click.custom_id)
        return Answered(click, report)

    async def closed_loop(
        self, firsts: Sequence[Click], seconds: dict[Click, Click], in_flight: int
    ) -> Flow:
        """At most ``in_flight`` clicks outstanding; a second click queues once its first is
        answered."""
        queue: asyncio.Queue[Click | None] = asyncio.Queue()
        for click in firsts:
            queue.put_nowait(click)
        flow, left = Flow(), len(firsts) + len(seconds)

        async def worker() -> None:
            nonlocal left
            while (click := await queue.get()) is not None:
                flow.answered.append(await self._send(click))
                left -= 1
                if click in seconds:
                    queue.put_nowait(seconds[click])
                if not left:  # release every worker still waiting for a click
                    for _ in range(in_flight):
                        queue.put_nowait(None)

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(in_flight)))
        flow.wall_s = time.perf_counter() - started
        return flow

    async def open_loop(
        self, firsts: Sequence[Click], seconds: dict[Click, Click], rate: float
    ) -> Flow:
        """Clicks sent at ``rate`` a second, first clicks and second clicks interleaved; a
        second click whose first is not answered yet when its turn comes waits for that."""
        order = _interleaved(firsts, seconds)
        answered: dict[Click, asyncio.Future[Answered]] = {}
        first_of = {second: first for first, second in seconds.items()}
        loop = asyncio.get_running_loop()
        started = loop.time()

        async def at_turn(turn: int, click: Click) -> Answered:
            await asyncio.sleep(max(started + turn / rate - loop.time(), 0.0))  # the schedule
            if not click.first:
                await asyncio.shield(answered[first_of[click]])
            return await self._send(click)

        for turn, click in enumerate(order):
            answered[click] = asyncio.ensure_future(at_turn(turn, click))
        wall = time.perf_counter()
        done = await asyncio.gather(*answered.values())
        return Flow(list(done), time.perf_counter() - wall)

    async def settle(self, flow: Flow) -> None:
        """Waits for the followups of deferred clicks, and puts them into their reports."""
        for item in flow.answered:
            if item.deferred:
                item.report = await self._standin.wait_for(
                    functools.partial(self._with_followup, item), FOLLOWUP_WAIT_S
                )

    async def _with_followup(self, item: Answered) -> Json:
        report = await self._standin.interaction(int(item.report["id"]))
        return report if len(report["responses"]) > 1 else {}


def _interleaved(firsts: Sequence[Click], seconds: dict[Click, Click]) -> list[Click]:
    """Second clicks a few turns after their first, the rest of them at the end."""
    gap = 8
    order: list[Click] = []
    due: list[tuple[int, Click]] = []
    for turn, click in enumerate(firsts):
        order.append(click)
        if click in seconds:
            due.append((turn + gap, seconds[click]))
        while due and due[0][0] <= turn:
            order.append(due.pop(0)[1])
    order += [click for _, click in due]
    return order
