"""A bot closed while its first on_ready still picks up the stored rounds: the close lets that
start finish within the conductors' grace, else stops it, and leaves no connection checked out
of the pool and no round supervisor behind (which would run on after the close)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
import pytest

from bot.app.rounds.conductor import SHUTDOWN_GRACE_S
from tests.databases import dsn
from tests.e2e.conftest import TIMEOUT, QuizWorld

WAITING_ON_ROUNDS = (
    "SELECT count(*) FROM pg_locks WHERE relation = 'rounds'::regclass AND NOT granted"
)


@asynccontextmanager
async def rounds_locked(database_url: str) -> AsyncIterator[asyncpg.Connection]:
    """The rounds table locked by another connection: even a read of it waits."""
    locker = await asyncpg.connect(dsn(database_url), timeout=5)
    try:
        async with locker.transaction():
            await locker.execute("LOCK TABLE rounds IN ACCESS EXCLUSIVE MODE")
            yield locker
    finally:
        await locker.close()


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
async def test_a_close_during_the_start_leaves_no_connection_and_no_supervisor(
    world: QuizWorld,
) -> None:
    async with rounds_locked(world.database_url) as locker:
        await world.start_bot()

        async def start_waits() -> bool:
            return int(await locker.fetchval(WAITING_ON_ROUNDS)) > 0

        await world.standin.wait_for(start_waits, timeout=TIMEOUT)  # on_ready reads rounds
        closing = time.monotonic()
        await world.stop_bot()
        took = time.monotonic() - closing
        checked_out = world.db.reader.sync_engine.pool.checkedout()
    assert took < SHUTDOWN_GRACE_S + TIMEOUT
    assert checked_out == 0
    supervisors = [t for t in asyncio.all_tasks() if t.get_name() == "round-supervisor"]
    assert supervisors == []
