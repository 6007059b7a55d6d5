"""The database handle: engines, sessions, and the SQLite settings that make commits durable."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, TypeAlias

from sqlalchemy import event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry

from bot.storage.recorder import AnswerRecorder

if TYPE_CHECKING:
    from sqlalchemy import Connection, Table

SQLITE_BUSY_TIMEOUT_MS = 10_000
SQLITE_READ_CONNECTIONS = 4
SQLITE_CACHE_KIB = 65_536

Insert: TypeAlias = postgresql.Insert | sqlite.Insert


def _sqlite_pragmas(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:  # noqa: ANN401 - the DBAPI connection is untyped
    # Autocommit at the driver so that our own BEGIN statements (below) are the only ones.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    for pragma in (
        "journal_mode=WAL",
        "synchronous=FULL",  # an acknowledged answer survives a power cut
        "foreign_keys=ON",
        f"busy_timeout={SQLITE_BUSY_TIMEOUT_MS}",
        f"cache_size=-{SQLITE_CACHE_KIB}",  # hot index pages of big boards stay in memory
    ):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _sqlite_writer(url: str) -> AsyncEngine:
    engine = create_async_engine(url, pool_size=1, max_overflow=0)
    event.listen(engine.sync_engine, "connect", _sqlite_pragmas)

    def begin_immediate(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    event.listen(engine.sync_engine, "begin", begin_immediate)
    return engine


def _sqlite_reader(url: str) -> AsyncEngine:
    # Reads run in autocommit: each SELECT sees one consistent snapshot, and no BEGIN,
    # COMMIT or reset round trips to the driver's thread are paid for them.
    engine = create_async_engine(
        url, pool_size=SQLITE_READ_CONNECTIONS, max_overflow=0, pool_reset_on_return=None
    )
    event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


class Database:
    """One per process. Writes go through ``write()``; reads through ``read()``.

    On SQLite there is one writer connection (``BEGIN IMMEDIATE``: a write never has to
    upgrade a read lock, so it never deadlocks) and a few reader connections, which WAL lets
    run beside the writer. On PostgreSQL both share one pool.
    """

    def __init__(self, writer: AsyncEngine, reader: AsyncEngine) -> None:
        self.writer = writer
        self.reader = reader
        self.dialect: str = writer.dialect.name
        self._recorder: AnswerRecorder | None = None

    @classmethod
    def open(cls, url: str) -> Database:
        """A handle on the database at ``url``; the schema must already be migrated."""
        if url.startswith("sqlite"):
            if ":memory:" in url or url.rstrip("/").endswith("sqlite+aiosqlite:"):
                raise ValueError("quizbot needs an SQLite file, not an in-memory database")
            return cls(_sqlite_writer(url), _sqlite_reader(url))
        engine = create_async_engine(url, pool_size=10, max_overflow=10)
        return cls(engine, engine)

    async def close(self) -> None:
        """Finish queued answers, then release every connection."""
        if self._recorder is not None:
            await self._recorder.close()
            self._recorder = None
        await self.writer.dispose()
        if self.reader is not self.writer:
            await self.reader.dispose()

    @asynccontextmanager
    async def write(self) -> AsyncIterator[AsyncConnection]:
        """A write transaction: committed when the block ends, rolled back if it raises."""
        async with self.writer.begin() as connection:
            yield connection

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncConnection]:
        """A connection for reads (on SQLite each statement is its own snapshot)."""
        async with self.reader.connect() as connection:
            yield connection

    def insert(self, table: Table) -> Insert:
        """An INSERT that knows this database's ``ON CONFLICT`` clause."""
        if self.dialect == "postgresql":
            return postgresql.insert(table)
        return sqlite.insert(table)

    @property
    def recorder(self) -> AnswerRecorder:
        """The group-commit writer that records answers (started on first use)."""
        if self._recorder is None:
            self._recorder = AnswerRecorder(self)
        return self._recorder
