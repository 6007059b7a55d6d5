"""The database handle: engines, sessions, and the SQLite settings that make commits durable."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Engine, create_engine, event
from sqlalchemy import exc as sql
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry

from bot.storage.writer_thread import WriterThread

if TYPE_CHECKING:
    from sqlalchemy import Connection

SQLITE_BUSY_TIMEOUT_MS = 10_000
SQLITE_READ_CONNECTIONS = 4
SQLITE_CACHE_KIB = 65_536  # the writers': the pages a settle updates stay in memory
# Each reader keeps a cache of its own: four of the writers' size held the same hot pages four
# times over (a quiz night's peak RSS grew with every question: docs/benchmarks.md); the OS's
# page cache is shared.
SQLITE_READER_CACHE_KIB = 16_384

T = TypeVar("T")
S = TypeVar("S")
W = TypeVar("W")


def _sqlite_pragmas(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:  # noqa: ANN401 - the DBAPI connection is untyped
    _set_pragmas(dbapi_connection, SQLITE_CACHE_KIB)


def _sqlite_reader_pragmas(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:  # noqa: ANN401 - the DBAPI connection is untyped
    _set_pragmas(dbapi_connection, SQLITE_READER_CACHE_KIB)


def _set_pragmas(dbapi_connection: Any, cache_kib: int) -> None:  # noqa: ANN401 - untyped, as above
    # Autocommit at the driver so that our own BEGIN statements (below) are the only ones.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    for pragma in (
        "journal_mode=WAL",
        "synchronous=FULL",  # an acknowledged answer survives a power cut
        "foreign_keys=ON",
        f"busy_timeout={SQLITE_BUSY_TIMEOUT_MS}",
        f"cache_size=-{cache_kib}",  # hot index pages of big boards stay in memory
    ):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _sqlite_writer(url: str) -> AsyncEngine:
    engine = create_async_engine(url, pool_size=1, max_overflow=0)
    event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    event.listen(engine.sync_engine, "begin", _begin_immediate)
    return engine


def _sqlite_batch_writer(url: str) -> Engine:
    # The same file through the synchronous driver: a whole batch of answers then costs one
    # hand-off to a worker thread instead of one per statement.
    sync_url = make_url(url).set(drivername="sqlite")
    engine = create_engine(
        sync_url, pool_size=1, max_overflow=0, connect_args={"check_same_thread": False}
    )
    event.listen(engine, "connect", _sqlite_pragmas)
    event.listen(engine, "begin", _begin_immediate)
    return engine


def _begin_immediate(connection: Connection) -> None:
    connection.exec_driver_sql("BEGIN IMMEDIATE")


def _sqlite_reader(url: str) -> AsyncEngine:
    # Reads run in autocommit: each SELECT sees one consistent snapshot, and no BEGIN,
    # COMMIT or reset round trips to the driver's thread are paid for them.
    engine = create_async_engine(
        url, pool_size=SQLITE_READ_CONNECTIONS, max_overflow=0, pool_reset_on_return=None
    )
    event.listen(engine.sync_engine, "connect", _sqlite_reader_pragmas)
    return engine


class Database:
    """One per process. Writes go through ``write()``; reads through ``read()``.

    On SQLite there is one writer connection (``BEGIN IMMEDIATE``: a write never has to
    upgrade a read lock, so it never deadlocks) and a few reader connections, which WAL lets
    run beside the writer. On PostgreSQL both share one pool.

    SQLite's batches (``run_in_transaction``, on a connection of their own in the writer
    thread) and the other writes take turns in this process, first come first served: left to
    SQLite's busy handler, a batch arriving while a question settled slept in growing steps,
    and so did the settle behind a batch (clicks on another round waited on the settle:
    bench/settle, docs/benchmarks.md).
    """

    def __init__(
        self, writer: AsyncEngine, reader: AsyncEngine, batch_writer: Engine | None = None
    ) -> None:
        self.writer = writer
        self.reader = reader
        self._batch_writer = batch_writer
        self._batch_thread: WriterThread | None = None  # started with the first batch
        self.dialect: str = writer.dialect.name
        # Services built on this handle (the answer recorder) that finish their work first.
        self._before_close: list[Callable[[], Awaitable[None]]] = []
        self._write_watchers: list[Callable[[float], None]] = []
        self._turns = asyncio.Lock() if batch_writer is not None else None

    @classmethod
    def open(cls, url: str) -> Database:
        """A handle on the database at ``url``; the schema must already be migrated."""
        if url.startswith("sqlite"):
            if ":memory:" in url or url.rstrip("/").endswith("sqlite+aiosqlite:"):
                raise ValueError("quizbot needs an SQLite file, not an in-memory database")
            return cls(_sqlite_writer(url), _sqlite_reader(url), _sqlite_batch_writer(url))
        engine = create_async_engine(url, pool_size=10, max_overflow=10)
        return cls(engine, engine)

    async def close(self) -> None:
        """Finish queued answers, then release every connection."""
        closing, self._before_close = self._before_close, []
        for finish in closing:
            await finish()
        await self.writer.dispose()
        if self.reader is not self.writer:
            await self.reader.dispose()
        if self._batch_thread is not None:
            self._batch_thread.stop()
            self._batch_thread = None
        if self._batch_writer is not None:
            self._batch_writer.dispose()

    def before_close(self, finish: Callable[[], Awaitable[None]]) -> None:
        """Awaits ``finish`` when the database closes, before any connection is released."""
        self._before_close.append(finish)

    def on_error(self, callback: Callable[[BaseException], None]) -> None:
        """Calls ``callback`` with every error the database driver raises (for metrics)."""
        engines = [self.writer.sync_engine, self.reader.sync_engine, self._batch_writer]
        for engine in {id(e): e for e in engines if e is not None}.values():
            event.listen(
                engine, "handle_error", lambda context: callback(context.original_exception)
            )

    def on_write(self, callback: Callable[[float], None]) -> None:
        """Calls ``callback`` with the seconds each write transaction held its connection,
        from its BEGIN to the end of its COMMIT or ROLLBACK: on SQLite, the time it held the
        database's one write lock, which every other writer waits for. It may be called from
        the SQLite writer thread."""
        self._write_watchers.append(callback)

    def _watch_write(self, began: float | None) -> None:
        if began is None:  # BEGIN itself failed: no lock was held
            return
        held = time.perf_counter() - began
        for watcher in self._write_watchers:
            watcher(held)

    @asynccontextmanager
    async def write(self) -> AsyncIterator[AsyncConnection]:
        """A write transaction: committed when the block ends, rolled back if it raises."""
        began = None
        async with self._turn():
            try:
                async with self.writer.begin() as connection:
                    began = time.perf_counter()  # BEGIN (IMMEDIATE on SQLite) has run
                    yield connection
            finally:
                self._watch_write(began)

    @asynccontextmanager
    async def _turn(self) -> AsyncIterator[None]:
        """This process's turn to write, on SQLite (see the class docstring)."""
        async with self._turns or contextlib.nullcontext():
            yield

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncConnection]:
        """A connection for reads (on SQLite each statement is its own snapshot)."""
        async with self.reader.connect() as connection:
            yield connection

    async def run_in_transaction(self, work: Callable[[Connection], T]) -> T:
        """Run synchronous ``work`` in one write transaction (for many statements in a row).

        On SQLite it runs in the writer thread on the synchronous driver; on PostgreSQL on the
        async pool through SQLAlchemy's greenlet bridge.
        """
        if self._batch_writer is not None:
            if self._batch_thread is None:
                self._batch_thread = WriterThread("quizbot-sqlite-writer")
            engine, thread = self._batch_writer, self._batch_thread
            async with self._turn():
                return await thread.run(lambda: self._run_sync(engine, work))
        async with self.write() as connection:
            return await connection.run_sync(work)

    async def run_in_steps(
        self,
        read: Callable[[Connection], S],
        work: Callable[[S], W],
        write: Callable[[Connection, W], T],
    ) -> T:
        """One write transaction in three steps: ``read`` on its connection, ``work`` on what
        it read with no database, then ``write`` its result; for a transaction with much to
        work out (a question's settle), which the event loop should not wait for.

        On SQLite all three run in the writer thread, one after another: a busy event loop
        (thousands of clicks) never stands between its statements. On PostgreSQL ``read`` and
        ``write`` run on the event loop (asyncpg) and ``work`` in a thread between them.
        """
        if self._batch_writer is not None:
            return await self.run_in_transaction(
                lambda connection: write(connection, work(read(connection)))
            )
        async with self.write() as connection:
            start = await connection.run_sync(read)
            worked = await asyncio.to_thread(work, start)
            return await connection.run_sync(lambda sync: write(sync, worked))

    def _run_sync(self, engine: Engine, work: Callable[[Connection], T]) -> T:
        began = None
        try:
            with engine.begin() as connection:
                began = time.perf_counter()  # BEGIN IMMEDIATE has run: the lock is held
                return work(connection)
        finally:
            self._watch_write(began)


def is_transient_database_error(error: BaseException) -> bool:
    """True for the driver losing or not reaching the server, SQLite's lock being busy, or the
    pool timing out; an integrity or programming error is not retried."""
    if isinstance(error, sql.DBAPIError):
        return error.connection_invalidated or isinstance(
            error, sql.OperationalError | sql.InterfaceError
        )
    return isinstance(error, sql.TimeoutError)
