"""A scenario's own database: a SQLite file, or a fresh PostgreSQL database behind a TCP proxy.

The bot reaches PostgreSQL only through the proxy (so the benchmark can cut it); the benchmark
reads the database directly, for its checks, through the columns it needs and nothing else.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path

import asyncpg
from sqlalchemy import JSON, BigInteger, Boolean, Column, Integer, MetaData, String, Table, select
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from bench.faults.model import RoundRecord
from bench.rig.tcpproxy import TcpProxy
from bot.storage.models import UtcDateTime

POSTGRES_PORT = 5432
_tables = MetaData()
_rounds = Table(
    "rounds",
    _tables,
    Column("id", Integer),
    Column("state", String),
    Column("started_at", UtcDateTime),
    Column("ended_at", UtcDateTime),
    Column("question_order", JSON),
    Column("question_open", Boolean),
    Column("closes_at", UtcDateTime),
)
_answers = Table(
    "answers",
    _tables,
    Column("round_id", Integer),
    Column("question_id", String),
    Column("member_id", BigInteger),
    Column("option_index", Integer),
)


def is_postgres(url: str | None) -> bool:
    return url is not None and make_url(url).get_backend_name() == "postgresql"


def _dsn(url: str) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def _admin(url: str, statement: str) -> None:
    connection = await asyncpg.connect(_dsn(url), timeout=10)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


class ScratchDatabase:
    def __init__(self, bench_url: str, bot_url: str, proxy: TcpProxy | None) -> None:
        self.bench_url = bench_url
        self.bot_url = bot_url
        self.proxy = proxy  # None on SQLite: a file cannot be cut off
        self._engine: AsyncEngine = create_async_engine(bench_url, poolclass=NullPool)

    @classmethod
    @asynccontextmanager
    async def open(
        cls, admin_url: str | None, workdir: Path, label: str
    ) -> AsyncIterator[ScratchDatabase]:
        """A new database for one scenario, dropped afterwards (nothing else is touched)."""
        if not is_postgres(admin_url):
            url = f"sqlite+aiosqlite:///{workdir / f'{label}.db'}"
            database = cls(url, url, None)
            try:
                yield database
            finally:
                await database._engine.dispose()
            return
        assert admin_url is not None  # noqa: S101 - is_postgres says so
        name = f"quizbot_faults_{uuid.uuid4().hex[:10]}"
        await _admin(admin_url, f'CREATE DATABASE "{name}"')
        parsed = make_url(admin_url).set(database=name)
        proxy = TcpProxy(parsed.host or "127.0.0.1", parsed.port or POSTGRES_PORT)
        await proxy.start()
        bot_url = parsed.set(host="127.0.0.1", port=proxy.port)
        database = cls(
            parsed.render_as_string(hide_password=False),
            bot_url.render_as_string(hide_password=False),
            proxy,
        )
        try:
            yield database
        finally:
            await database._engine.dispose()
            await proxy.stop()
            await _admin(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    async def round(self) -> RoundRecord | None:
        """The scenario's round (there is one), as far as the checks need it."""
        async with self._engine.connect() as connection:
            row = (await connection.execute(select(_rounds).order_by(_rounds.c.id))).first()
        if row is None:
            return None
        return RoundRecord(
            row.id, row.state, row.started_at, row.ended_at, list(row.question_order or [])
        )

    async def closes_at(self) -> datetime | None:
        """When the open question of the round closes, if one is open."""
        async with self._engine.connect() as connection:
            row = (await connection.execute(select(_rounds).order_by(_rounds.c.id))).first()
        return row.closes_at if row is not None and row.question_open else None

    async def answers(self, round_id: int) -> list[tuple[str, int, int]]:
        query = select(_answers.c.question_id, _answers.c.member_id, _answers.c.option_index)
        async with self._engine.connect() as connection:
            rows = await connection.execute(query.where(_answers.c.round_id == round_id))
        return [(str(q), int(m), int(o)) for q, m, o in rows.all()]
