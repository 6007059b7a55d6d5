"""Group commit: concurrent answers share one transaction, and so one durable commit.

Each caller waits until the commit holding its answer is done, so "recorded" always means
on disk. While one batch commits, the next one gathers; a lone answer is written at once.
On PostgreSQL a few batches are written at once (each its own transaction on the pool), so the
round trips of one batch do not hold up the next; SQLite has one writer, so one batch at a time.
A member's later click never overtakes an earlier one: an answer whose key is in a batch being
written waits for that batch.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.quiz.answers.grading import Marked
from bot.storage.database import Database
from bot.storage.results import AnswerResult
from bot.storage.rounds.answers import AnswerRequest, write_answers

MAX_BATCH = 512
# Batches written at once on PostgreSQL: two overlap one batch's round trips with the next;
# four cost more CPU per answer (smaller batches) for no more answers a second (docs/benchmarks.md).
POSTGRES_BATCHES = 2

log = logging.getLogger(__name__)


@dataclass(slots=True)
class _Pending:
    request: AnswerRequest
    done: asyncio.Future[AnswerResult]


_RECORDERS: weakref.WeakKeyDictionary[Database, AnswerRecorder] = weakref.WeakKeyDictionary()


def answer_recorder(db: Database) -> AnswerRecorder:
    """The database's one recorder, started on first use and finished when the database closes
    (before its connections go)."""
    recorder = _RECORDERS.get(db)
    if recorder is None:
        recorder = _RECORDERS[db] = AnswerRecorder(db)
        db.before_close(lambda: _close(db, recorder))
    return recorder


async def record_answer(
    db: Database,
    *,
    round_id: int,
    question_id: str,
    member_id: int,
    option_index: int | None = None,
    recall: Marked | None = None,
    now: datetime,
    held_roles: tuple[int, ...] = (),
) -> AnswerResult:
    """Record a member's answer exactly once: the option picked of a one-answer question, or
    (``recall``) any other answer, marked; see AnswerOutcome for what can come back. In a
    team round, the member's first recorded answer places them in a team, by ``held_roles``
    (the roles the click's member data lists) for role teams.

    Returns only after the answer (if recorded) is committed; concurrent calls share a commit.
    """
    request = AnswerRequest(round_id, question_id, member_id, option_index, now, held_roles, recall)
    return await answer_recorder(db).record(request)


async def _close(db: Database, recorder: AnswerRecorder) -> None:
    await recorder.close()
    if _RECORDERS.get(db) is recorder:
        del _RECORDERS[db]


class AnswerRecorder:
    """The one writer of answers in this process (see the module docstring)."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._pending: list[_Pending] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closing = False
        self._batches = POSTGRES_BATCHES if db.dialect == "postgresql" else 1
        self._writing: set[asyncio.Task[None]] = set()
        self._busy: set[tuple[int, str, int]] = set()  # keys of answers being written

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
            while self._pending and len(self._writing) < self._batches:
                batch = self._next_batch()
                if not batch:  # all that is queued waits for a batch being written
                    break
                task = asyncio.create_task(self._write_batch(batch))
                self._writing.add(task)
                task.add_done_callback(self._written)
            if self._closing and not self._pending and not self._writing:
                return

    def _next_batch(self) -> list[_Pending]:
        """Up to MAX_BATCH queued answers, in order, none of whose keys is being written."""
        batch: list[_Pending] = []
        kept: list[_Pending] = []
        blocked = set(self._busy)
        for item in self._pending:
            key = item.request.key
            if len(batch) < MAX_BATCH and key not in blocked:
                batch.append(item)
            else:
                kept.append(item)
                blocked.add(key)  # later clicks on this key wait too, in their order
        self._pending = kept
        self._busy.update(item.request.key for item in batch)
        return batch

    async def _write_batch(self, batch: Sequence[_Pending]) -> None:
        try:
            await self._write(batch)
        finally:
            self._busy.difference_update(item.request.key for item in batch)

    def _written(self, task: asyncio.Task[None]) -> None:
        self._writing.discard(task)
        self._wake.set()  # room for the next batch

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
