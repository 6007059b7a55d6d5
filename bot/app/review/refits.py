"""Refits FSRS weights in the background: each pass fits the members and packs that
``bot.storage.review.fitting.fits_due`` names (a few at a time), in a worker process, and stores the
weights and the cards recomputed under them (bot/quiz/review/fitting.py says when a fit is due).

fsrs-rs holds the GIL while it fits (as long as a second for the largest history storage hands
it) and the replay is pure Python, so neither may run on the event loop or in a thread of it:
one worker process does, at a lower priority. Its cost is bounded by the history it is given
(``fitting.MAXIMUM_FIT_REVIEWS``) and by ``FITS_PER_PASS``.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime, timedelta

from bot.app.kit.timed_loop import TimedLoop
from bot.clock import Clock
from bot.quiz.review.refits import run_fit
from bot.storage.database import Database
from bot.storage.review import fitting

log = logging.getLogger(__name__)

PASS_S = 600.0  # a fit is due at most daily per member; ten minutes late is nothing
FITS_PER_PASS = 4
WORKER_NICENESS = 10  # as the pack checker's: the bot's event loop comes first


class FittingLoop(TimedLoop):
    name = "fitting"

    def __init__(self, db: Database, clock: Clock, *, active: Callable[[], bool]) -> None:
        super().__init__(clock)
        self._db = db
        self._active = active  # one process of a sharded bot fits (the one sending DMs)
        self._workers: ProcessPoolExecutor | None = None
        self.fits = 0  # stored, for tests that wait on one

    async def run_pass(self) -> datetime:
        now = self._clock.now()
        if self._active():
            for due in await fitting.fits_due(self._db, now, FITS_PER_PASS):
                await self._fit(due, now)
        return now + timedelta(seconds=PASS_S)

    async def _fit(self, due: fitting.FitDue, now: datetime) -> None:
        if due.scope == fitting.MEMBER:
            job = await fitting.member_job(self._db, int(due.key))
        else:
            job = await fitting.pack_job(self._db, str(due.key))
        loop = asyncio.get_running_loop()
        result = await loop.run_in_executor(self._pool(), run_fit, job)
        await fitting.save_fit(self._db, due, result, now)
        self.fits += 1
        log.info(
            "fitted the %s's weights on %d reviews (%s; %d cards recomputed)",
            due.scope,
            due.reviews,
            "kept the defaults" if result.parameters is None else "new weights",
            len(result.cards),
        )

    def _pool(self) -> ProcessPoolExecutor:
        if self._workers is None:
            self._workers = ProcessPoolExecutor(
                max_workers=1,
                # Spawned, not from the pack checker's fork server: setting its preload here
                # would change what that server imports. A fit is rare; the worker stays.
                mp_context=multiprocessing.get_context("spawn"),
                initializer=functools.partial(os.nice, WORKER_NICENESS),
            )
        return self._workers

    async def shutdown(self, grace_s: float = 0.0) -> None:
        await super().shutdown(grace_s)
        if self._workers is not None:
            self._workers.shutdown(wait=False, cancel_futures=True)
