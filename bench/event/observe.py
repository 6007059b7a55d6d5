"""What the night's figures are read from besides the clicks: the round's row and messages in
the bot's database, the messages as the stand-in holds them (their times are the stand-in's,
when it applied each post and edit), and the bot's /metrics."""

from __future__ import annotations

import asyncio
import datetime as dt
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import aiohttp
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from bench.rig.clicks import answer_buttons
from bot.quiz.rounds.rules import Message
from bot.storage.models import round_messages_table, rounds_table
from bot.storage.models.rounds import message_purpose
from standin.driver import StandInClient

Json = dict[str, Any]
WAIT_S = 120.0
POLL_S = 0.05
T = TypeVar("T")
CLOSE_SECONDS = "quizbot_question_close_seconds_sum"
SETTLE_SECONDS = "quizbot_question_settle_seconds_sum"
SETTLES = "quizbot_question_settle_seconds_count"
LONGEST_WRITE = "quizbot_database_write_longest_seconds"
WRITES = "quizbot_database_write_seconds"
FAILED = "quizbot_interactions_failed_total"


def wall(moment: dt.datetime | str) -> float:
    """Seconds since the epoch of a stored or ISO time (naive ones are UTC, as stored)."""
    if isinstance(moment, str):
        moment = dt.datetime.fromisoformat(moment)
    return (moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)).timestamp()


@dataclass(frozen=True)
class OpenQuestion:
    question_id: str
    closes_at: float  # wall time


class Observer:
    def __init__(
        self, standin: StandInClient, engine: AsyncEngine, channel: str, owner: str
    ) -> None:
        self._standin = standin
        self._engine = engine
        self._channel = channel
        self._owner = owner

    async def open_question(self, index: int) -> OpenQuestion:
        """The question ``index`` as the bot stored it once its post was confirmed: its time
        counts from when Discord took the post, so its closing time is set only then (read
        before, the first question's was up to 2 s early, with the start card just posted)."""

        async def confirmed() -> bool:
            purpose = round_messages_table.c.purpose == message_purpose(Message.QUESTION, index)
            async with self._engine.connect() as connection:
                found = await connection.scalar(
                    select(round_messages_table.c.message_id).where(purpose)
                )
            return found is not None

        await poll(confirmed)
        async with self._engine.connect() as connection:
            row = (await connection.execute(select(rounds_table))).one()
        if row.question_index != index or row.closes_at is None:
            raise RuntimeError(f"question {index} is not the open one: {row}")
        return OpenQuestion(row.question_order[index], wall(row.closes_at))

    async def revealed_at(self, message_id: str, closes_at: float) -> float:
        """When the stand-in applied the edit that revealed the question (its buttons gone)."""

        async def revealed() -> float:
            for message in await self._standin.messages(self._channel, self._owner):
                if message["id"] == message_id and not answer_buttons(message):
                    return wall(message["edited_timestamp"])
            return 0.0

        return await poll(revealed, not_before=closes_at)

    async def standings_at(self) -> float:
        """When the stand-in took the round's standings message."""

        async def posted() -> str:
            async with self._engine.connect() as connection:
                found = await connection.scalar(
                    select(round_messages_table.c.message_id).where(
                        round_messages_table.c.purpose == "standings"
                    )
                )
            return "" if found is None else str(found)

        message_id = await poll(posted)
        for message in await self._standin.messages(self._channel, self._owner):
            if message["id"] == message_id:
                return wall(message["timestamp"])
        raise RuntimeError("the standings message is not in the channel")


async def scrape(session: aiohttp.ClientSession, base: str) -> dict[str, float]:
    """The bot's metrics, by sample name; a histogram's buckets as ``name{le}``."""
    async with session.get(f"{base}/metrics") as reply:
        exposition = await reply.text()
    found = {}
    for family in text_string_to_metric_families(exposition):
        for sample in family.samples:
            if not sample.labels:
                found[sample.name] = sample.value
            elif set(sample.labels) == {"le"}:
                found[f"{sample.name}{{{sample.labels['le']}}}"] = sample.value
    return found


async def settled(
    session: aiohttp.ClientSession, base: str, before: dict[str, float]
) -> tuple[float, dict[str, float]]:
    """When the bot's metrics first showed a settle more than ``before`` did (wall time, to
    within POLL_S), and those metrics: a question's settle follows its close, behind the
    reveal."""
    found: dict[str, float] = {}

    async def grown() -> float:
        found.update(await scrape(session, base))
        return time.time() if found.get(SETTLES, 0.0) > before.get(SETTLES, 0.0) else 0.0

    return await poll(grown), found


def longest_write_between(before: dict[str, float], after: dict[str, float]) -> tuple[float, bool]:
    """The longest write transaction between two scrapes, and whether that is exact: it is
    when it set a new longest since the start (the start's own writes, the packs' sync, can be
    longer than any later one); else it is the smallest bucket bound that holds every write
    between them."""
    if after[LONGEST_WRITE] > before[LONGEST_WRITE]:
        return after[LONGEST_WRITE], True
    writes = after[f"{WRITES}_count"] - before[f"{WRITES}_count"]
    prefix = f"{WRITES}_bucket{{"
    buckets = sorted((float(key[len(prefix) : -1]), key) for key in after if key.startswith(prefix))
    for bound, key in buckets:
        if after[key] - before.get(key, 0.0) == writes:
            return min(bound, before[LONGEST_WRITE]), False
    return before[LONGEST_WRITE], False


def metrics_base(lines: list[str]) -> str:
    """The bot's metrics address, from the line it logs when it listens."""
    said = next(line for line in lines if "metrics on " in line)
    return said.split("metrics on ", 1)[1].split("/metrics", 1)[0]


async def poll(condition: Callable[[], Awaitable[T]], *, not_before: float = 0.0) -> T:
    """``condition``'s first truthy result, asked every POLL_S from ``not_before`` (wall
    time) on: gently, since the stand-in and the bot share the machine with it."""
    await asyncio.sleep(max(not_before - time.time(), 0.0))
    async with asyncio.timeout(WAIT_S):
        while not (found := await condition()):  # noqa: ASYNC110 - another process's state
            await asyncio.sleep(POLL_S)
    return found
