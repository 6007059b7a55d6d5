"""Group commit: concurrent answers share one transaction, and so one durable commit.

Each caller waits until the commit holding its answer is done, so "recorded" always means
on disk. While one batch commits, the next one gathers; a lone answer is written at once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from bot.storage.answers import write_answers

if TYPE_CHECKING:
    from bot.storage.database import Database
    from bot.storage.results import AnswerResult

MAX_BATCH = 512

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class AnswerRequest:
    round_id: int
    question_id: str
    member_id: int
    option_index: int
    now: datetime


@dataclass(slots=True)
class _Pending:
    request: AnswerRequest
    done: asyncio.Future[AnswerResult]


class AnswerRecorder:
    """The one writer of answers in this process (see the module docstring)."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._pending: list[_Pending] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closing = False

    async def record(self, request: AnswerRequest) -> AnswerResult:
        if self._closing:
            raise RuntimeError("the database is closing")
        done: asyncio.Future[AnswerResult] = asyncio.get_running_loop().create_future()
        self._pending.append(_Pending(request, done))
        self._wake.set()
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="quizbot-answer-writer")
        return await done

    async def close(self) -> None:
        """Write what is queued, then stop."""
        self._closing = True
        self._wake.set()
        if self._task is not None:
            await self._task
            self._task = None

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._pending:
                batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
                await self._write(batch)
            if self._closing:
                return

    async def _write(self, batch: Sequence[_Pending]) -> None:
        try:
            requests = [item.request for item in batch]
            results = await self._db.run_in_transaction(
                lambda connection: write_answers(connection, self._db.dialect, requests)
            )
        except Exception as error:  # noqa: BLE001 - every failure must reach the waiting callers
            if len(batch) > 1:
                # Retry one by one, so a single bad request fails only its own caller.
                log.warning("answer batch of %d failed (%s); retrying singly", len(batch), error)
                for item in batch:
                    await self._write([item])
                return
            _settle_error(batch[0], error)
            return
        for item, result in zip(batch, results, strict=True):
            if not item.done.done():  # the caller may have been cancelled meanwhile
                item.done.set_result(result)


def _settle_error(item: _Pending, error: Exception) -> None:
    if not item.done.done():
        item.done.set_exception(error)
