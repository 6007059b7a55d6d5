"""Settle benchmark: one question's close, with everything it settles, at growing member counts.

    python -m bench.settle [--database-url URL] [--members 500,1000,2000,5000,10000]
                           [--questions 3]

For each member count, on a fresh database (a SQLite file, or a new database on the PostgreSQL
server of ``--database-url``, dropped afterwards): a round of ``--questions`` questions, every
member answering each (through the recorder's own batch writer, 60 % right), then the
question's close (``close_question``: the reveal owed, the tally) and right after it its
settle, in a transaction of its own (``settle_pending``: the scores, the per-points counts, the
cards and the review log), timed together. While each close runs it measures the event loop's
longest stall (a 5 ms ticker's worst lateness), the longest write transaction (on SQLite, the
write lock's longest hold) and the slowest of the clicks that another round's open question
gets meanwhile (one every 20 ms: what a click waits for while a question settles). The later
questions settle onto cards and boards the first ones made. Prints a table, then one JSON line
with each figure's growth from one member count to the next.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import itertools
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench.answers.rig import scratch_database
from bot.quiz.model import Difficulty, Option, Pack, Question, Text
from bot.quiz.rounds.plan import RoundPlan
from bot.storage.database import Database
from bot.storage.migrate import upgrade_async
from bot.storage.packs.library import sync_packs
from bot.storage.rounds.answers import AnswerRequest, write_answers
from bot.storage.rounds.lifecycle import close_question, open_question, start_round
from bot.storage.rounds.recorder import record_answer
from bot.storage.rounds.settle import settle_pending

NOW = datetime(2026, 12, 2, 20, 0, tzinfo=UTC)
SEED = 20261202
BATCH = 500  # answers per recorder batch
TICK_S = 0.005
PROBE_EVERY_S = 0.02
PROBE_MEMBERS = 900_000_000  # the other round's clickers
QUESTION_S = 20


def _text(value: str) -> Text:
    return Text.of({"en": value}, "en")


def _pack(questions: int) -> Pack:
    return Pack(
        id="settle-night",
        locales=("en",),
        title=_text("Settle night"),
        summary=_text("Questions for the settle benchmark."),
        difficulty=Difficulty.EASY,
        questions=tuple(
            Question(
                id=f"s{i}",
                prompt=_text(f"Question {i}?"),
                options=tuple(Option(_text(f"option {o}"), correct=o == 0) for o in range(4)),
                explanation=_text("Because."),
            )
            for i in range(questions + 1)  # one more for the other round
        ),
    )


@dataclass
class Close:
    seconds: float
    loop_stall_ms: float
    write_hold_s: float
    other_click_max_ms: float
    other_clicks: int


@dataclass
class _Watch:
    """The longest write transaction since ``longest`` was last set to 0."""

    longest: float = 0.0

    def __call__(self, held: float) -> None:
        self.longest = max(self.longest, held)


async def _answer_all(
    db: Database, round_id: int, question_id: str, members: int, at: datetime
) -> None:
    rng = random.Random(f"{SEED}/{question_id}")
    requests = [
        AnswerRequest(
            round_id,
            question_id,
            1_000_000 + member,
            0 if rng.random() < 0.6 else rng.randrange(1, 4),
            at + timedelta(milliseconds=rng.randrange(500, 15_000)),
        )
        for member in range(members)
    ]
    for start in range(0, members, BATCH):
        batch = requests[start : start + BATCH]
        await db.run_in_transaction(
            functools.partial(write_answers, dialect=db.dialect, requests=batch)
        )


@contextlib.asynccontextmanager
async def _ticking() -> AsyncIterator[list[float]]:
    """The event loop's worst lateness (seconds) while the block runs, as its one item."""
    worst = [0.0]

    async def tick() -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(TICK_S)
            worst[0] = max(worst[0], time.perf_counter() - before - TICK_S)

    ticker = asyncio.create_task(tick())
    try:
        yield worst
    finally:
        ticker.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await ticker


class _Probe:
    """Clicks on another round's open question, one every PROBE_EVERY_S from ``start`` to
    ``stop``; ``waits``: each one's seconds, those still in flight at the stop awaited."""

    def __init__(self, db: Database, round_id: int, question_id: str, first_member: int) -> None:
        self.waits: list[float] = []
        self._db, self._round_id, self._question_id = db, round_id, question_id
        self._member = first_member
        self._clicks: set[asyncio.Task[None]] = set()
        self._running: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._running = asyncio.create_task(self._clicking())

    async def stop(self) -> None:
        if self._running is not None:
            self._running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._running
        await asyncio.gather(*self._clicks)

    async def _clicking(self) -> None:
        while True:
            task = asyncio.create_task(self._click(self._member))
            self._clicks.add(task)
            self._member += 1
            await asyncio.sleep(PROBE_EVERY_S)

    async def _click(self, member: int) -> None:
        began = time.perf_counter()
        await record_answer(
            self._db,
            round_id=self._round_id,
            question_id=self._question_id,
            member_id=member,
            option_index=0,
            now=NOW + timedelta(seconds=1),
        )
        self.waits.append(time.perf_counter() - began)


async def _night(db: Database, members: int, questions: int) -> list[Close]:
    await sync_packs(db, [_pack(questions)], NOW)
    rng = random.Random(SEED)
    night = await start_round(
        db,
        RoundPlan(
            guild_id=1,
            channel_id=10,
            pack_id="settle-night",
            started_by=2,
            question_seconds=QUESTION_S,
            question_count=questions,
        ),
        rng=rng,
        now=NOW,
    )
    other = await start_round(
        db,
        RoundPlan(
            guild_id=1,
            channel_id=11,
            pack_id="settle-night",
            started_by=2,
            question_seconds=300,
            question_count=1,
        ),
        rng=rng,
        now=NOW,
    )
    watch = _Watch()
    db.on_write(watch)
    closes = []
    for index in range(questions):
        at = NOW + timedelta(minutes=index)
        opened = await open_question(db, night.id, index, at)
        assert opened is not None  # noqa: S101 - a fresh round
        await _answer_all(db, night.id, opened.question_id, members, at)
        elsewhere = await open_question(db, other.id, 0, at) if index == 0 else None
        if elsewhere is not None:
            other_question = elsewhere.question_id
        probe = _Probe(db, other.id, other_question, PROBE_MEMBERS + index * 100_000)
        watch.longest = 0.0
        async with _ticking() as stall:
            probe.start()
            began = time.perf_counter()
            await close_question(db, night.id, index, at + timedelta(seconds=QUESTION_S))
            await settle_pending(db, night.id)
            seconds = time.perf_counter() - began
            await probe.stop()
        hold = watch.longest
        closes.append(
            Close(seconds, stall[0] * 1000, hold, max(probe.waits) * 1000, len(probe.waits))
        )
    return closes


async def _size(members: int, questions: int, url_given: str | None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="quizbot-settle-") as folder:
        async with scratch_database(url_given, Path(folder)) as url:
            await upgrade_async(url)
            db = Database.open(url)
            try:
                closes = await _night(db, members, questions)
            finally:
                await db.close()
    return {
        "members": members,
        "settle_p50_s": statistics.median(c.seconds for c in closes),
        "settle_max_s": max(c.seconds for c in closes),
        "loop_stall_max_ms": max(c.loop_stall_ms for c in closes),
        "write_hold_max_s": max(c.write_hold_s for c in closes),
        "other_click_max_ms": max(c.other_click_max_ms for c in closes),
        "other_clicks": sum(c.other_clicks for c in closes),
        "per_question_s": [round(c.seconds, 3) for c in closes],
    }


GROWN = ("settle_p50_s", "loop_stall_max_ms", "write_hold_max_s", "other_click_max_ms")


def _growth(sizes: list[dict[str, Any]]) -> None:
    for before, after in itertools.pairwise(sizes):
        after["growth"] = {"members": round(after["members"] / before["members"], 2)} | {
            key: round(after[key] / before[key], 2) if before[key] else None for key in GROWN
        }


HEADER = (
    f"{'members':>8} {'settle50':>9} {'settlemax':>9} {'stall_ms':>9} {'hold_s':>7}"
    f" {'click_ms':>9}  growth: members, settle, stall, hold, click"
)


def report(result: dict[str, Any]) -> None:
    print(HEADER)
    for size in result["sizes"]:
        grown = size.get("growth")
        factors = (
            ""
            if grown is None
            else " ".join(f"x{v}" if v is not None else "-" for v in grown.values())
        )
        print(
            f"{size['members']:>8} {size['settle_p50_s']:>9.3f} {size['settle_max_s']:>9.3f}"
            f" {size['loop_stall_max_ms']:>9.1f} {size['write_hold_max_s']:>7.3f}"
            f" {size['other_click_max_ms']:>9.1f}  {factors}"
        )
    print(json.dumps(result))


async def main_async(arguments: argparse.Namespace) -> dict[str, Any]:
    load_before = os.getloadavg()[0]
    sizes = [await _size(n, arguments.questions, arguments.database_url) for n in arguments.members]
    _growth(sizes)
    return {
        "database": "postgresql" if arguments.database_url else "sqlite",
        "questions": arguments.questions,
        "sizes": sizes,
        "load_average_before": load_before,
        "load_average_after": os.getloadavg()[0],
    }


def parser() -> argparse.ArgumentParser:
    described = argparse.ArgumentParser(
        prog="python -m bench.settle", description=__doc__.splitlines()[0]
    )
    described.add_argument("--database-url", default=None, help="a PostgreSQL server's URL")
    described.add_argument(
        "--members",
        type=lambda s: [int(n) for n in s.split(",")],
        default=[500, 1000, 2000, 5000, 10000],
    )
    described.add_argument("--questions", type=int, default=3)
    return described


def main() -> None:
    report(asyncio.run(main_async(parser().parse_args())))
