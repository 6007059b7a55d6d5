"""Settles a round's closed questions behind its conductor: in a task of their own, so that the
reveal and the next question never wait for a settle (bot/storage/rounds/settle.py).

A settle that fails (the database away) is only late: the conductor asks again on its next step,
another process conducting the round settles what it finds pending, and the round's end settles
everything before its standings.
"""

from __future__ import annotations

import asyncio
import logging
import time

from bot.app.kit import metrics
from bot.app.kit.grace import finish_within
from bot.app.kit.retry import describe
from bot.storage.database import Database
from bot.storage.rounds import settle

log = logging.getLogger(__name__)


class Settles:
    def __init__(self, db: Database) -> None:
        self._db = db
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._asked_again: set[int] = set()

    def follow(self, round_id: int) -> None:
        """Settles what the round has pending; one task per round, asked again if running."""
        if round_id in self._tasks:
            self._asked_again.add(round_id)  # a question may have closed after its last look
            return
        task = asyncio.create_task(self._settle(round_id), name=f"settle-{round_id}")
        self._tasks[round_id] = task
        task.add_done_callback(lambda _: self._tasks.pop(round_id, None))

    async def wait(self, timeout_s: float) -> None:
        """Lets settles under way commit (rather than cancelling one inside its transaction);
        those still running after ``timeout_s`` are cancelled, to be settled after a restart."""
        await finish_within(list(self._tasks.values()), timeout_s)

    async def _settle(self, round_id: int) -> None:
        try:
            while True:
                self._asked_again.discard(round_id)
                while await self._settle_next(round_id):
                    pass
                if round_id not in self._asked_again:
                    return
        except Exception as error:  # noqa: BLE001  # late, not lost: asked again next step
            log.warning("round %s: settle put off (%s)", round_id, describe(error))

    async def _settle_next(self, round_id: int) -> bool:
        started = time.perf_counter()
        if await settle.settle_next(self._db, round_id) is None:
            return False
        metrics.question_settled(time.perf_counter() - started)
        return True
