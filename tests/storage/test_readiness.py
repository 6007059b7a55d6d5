"""Waiting for the database at start (bounded, each attempt logged), refusals reported at once,
the schema's migration status, and what monitoring reads: running rounds, driver errors, how
long write transactions hold the writer."""

from __future__ import annotations

import logging
import time as clock
from pathlib import Path

import pytest
from sqlalchemy import text

from bot.errors import ConfigError, QuizbotError
from bot.storage.database import Database
from bot.storage.readiness import running_round_count, schema_status, wait_for_database
from tests.commands import closed_port
from tests.storage.factories import start_test_round


class FakeTime:
    """A clock that moves only when the code under test sleeps."""

    def __init__(self) -> None:
        self.now = 0.0
        self.pauses: list[float] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.pauses.append(seconds)
        self.now += seconds


async def test_a_server_that_is_down_is_tried_for_the_time_given(
    caplog: pytest.LogCaptureFixture,
) -> None:
    time = FakeTime()
    url = f"postgresql+asyncpg://quizbot@127.0.0.1:{closed_port()}/quizbot"
    with caplog.at_level(logging.WARNING), pytest.raises(QuizbotError) as raised:
        await wait_for_database(url, 5.0, clock=time.clock, sleep=time.sleep)
    assert time.pauses == [0.5, 1.0, 2.0, 1.5]  # growing, the last cut to the time left
    assert raised.value.exit_status == 1
    assert "5 attempts in 5 s" in str(raised.value)
    attempts = [r.getMessage() for r in caplog.records if "not reachable" in r.getMessage()]
    assert [message.split(":")[0] for message in attempts] == [
        f"database not reachable (attempt {n}" for n in range(1, 5)
    ]


async def test_a_file_that_cannot_be_opened_is_not_waited_for(tmp_path: Path) -> None:
    time = FakeTime()
    url = f"sqlite+aiosqlite:///{tmp_path / 'missing' / 'quizbot.db'}"
    with pytest.raises(ConfigError, match=f"DATABASE_URL: the folder {tmp_path / 'missing'} of"):
        await wait_for_database(url, 60.0, clock=time.clock, sleep=time.sleep)
    assert time.pauses == []


async def test_a_database_that_answers_is_not_waited_for(database_url: str) -> None:
    time = FakeTime()
    await wait_for_database(database_url, 60.0, clock=time.clock, sleep=time.sleep)
    assert time.pauses == []
    status = await schema_status(database_url)
    assert status.pending == ()
    assert status.current == (status.head,)


async def test_rounds_running_are_counted(db: Database) -> None:
    assert await running_round_count(db) == 0
    await start_test_round(db, channel_id=10)
    await start_test_round(db, channel_id=11)
    assert await running_round_count(db) == 2


async def test_driver_errors_reach_the_callback(db: Database) -> None:
    seen: list[BaseException] = []
    db.on_error(seen.append)
    with pytest.raises(Exception, match="no_such_table"):
        async with db.read() as connection:
            await connection.execute(text("SELECT * FROM no_such_table"))
    assert len(seen) == 1


async def _insert_then_fail(db: Database) -> None:
    async with db.write() as connection:
        await connection.execute(text("INSERT INTO held_probe VALUES (2)"))
        raise RuntimeError("rolled back")


async def test_each_write_transaction_reports_how_long_it_held_the_writer(db: Database) -> None:
    held: list[float] = []
    db.on_write(held.append)
    async with db.write() as connection:
        inside = clock.perf_counter()
        await connection.execute(text("CREATE TABLE held_probe (n INTEGER)"))
        await connection.execute(text("INSERT INTO held_probe VALUES (1)"))
        inside = clock.perf_counter() - inside
    with pytest.raises(RuntimeError, match="rolled back"):
        await _insert_then_fail(db)
    batch = await db.run_in_transaction(
        lambda sync: sync.execute(text("SELECT count(*) FROM held_probe")).scalar_one()
    )
    assert batch == 1  # the rolled-back row is not there
    assert len(held) == 3  # committed, rolled back, and the batch (the writer thread on SQLite)
    assert held[0] >= inside  # from BEGIN to the end of COMMIT: the statements and more
    assert all(seconds > 0 for seconds in held)
