"""Is the database there, and at which schema? Waiting for it at start, and asking for checks.

A server that is down or not yet up (a container started beside the bot) is waited for with
growing pauses, for a bounded time, logging each attempt. A database that answers with a refusal
(a wrong password, no such database, an SQLite file that cannot be opened) is not retried: it
will not change its mind, so the failure is reported at once, naming DATABASE_URL.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Connection, func, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from bot.errors import ConfigError, QuizbotError
from bot.quiz.rounds.rules import RoundState
from bot.storage.database import Database
from bot.storage.migrate import alembic_config
from bot.storage.models import RoundRow

log = logging.getLogger(__name__)

CONNECT_TIMEOUT_S = 10.0
FIRST_PAUSE_S = 0.5
LONGEST_PAUSE_S = 10.0
# PostgreSQL's "the database system is starting up" and "too many connections": they pass.
PASSING_SQLSTATES = {"57P03", "53300"}


@dataclass(frozen=True, slots=True)
class SchemaStatus:
    current: tuple[str, ...]
    head: str
    pending: tuple[str, ...]  # oldest first
    unknown: tuple[str, ...] = ()  # revisions in the database that this quizbot does not know


def describe(error: BaseException) -> str:
    """The failure in a line: its kind and first line, never a traceback."""
    first = (str(getattr(error, "orig", None) or error).strip().splitlines() or [""])[0]
    return f"{type(error).__name__}: {first[:200]}" if first else type(error).__name__


def is_passing(error: BaseException) -> bool:
    """True when the server was not reached or is not ready yet: worth trying again."""
    if isinstance(error, OSError | TimeoutError):
        return True
    return isinstance(error, DBAPIError) and getattr(error.orig, "sqlstate", None) in (
        PASSING_SQLSTATES
    )


async def ping(url: str, timeout_s: float = CONNECT_TIMEOUT_S) -> None:
    """Connects once and runs ``SELECT 1``; raises what the driver raised."""
    options = {"timeout": timeout_s} if url.startswith("postgresql") else {}
    engine = create_async_engine(url, poolclass=NullPool, connect_args=options)
    try:
        async with asyncio.timeout(timeout_s + 1), engine.connect() as connection:
            await connection.execute(text("SELECT 1"))
    finally:
        await engine.dispose()


async def wait_for_database(
    url: str,
    wait_s: float,
    *,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> None:
    """Returns once the database answers; raises QuizbotError after ``wait_s`` of trying."""
    missing = missing_sqlite_folder(url)
    if missing is not None:
        raise missing
    deadline = clock() + wait_s
    attempt = 0
    while True:
        attempt += 1
        try:
            await ping(url, min(CONNECT_TIMEOUT_S, max(1.0, deadline - clock())))
        except Exception as error:
            if not is_passing(error):
                raise refused(url, error) from error
            left = deadline - clock()
            if left <= 0:
                raise unreachable(url, error, attempt, wait_s) from error
            pause = min(left, LONGEST_PAUSE_S, FIRST_PAUSE_S * 2 ** (attempt - 1))
            log.warning(
                "database not reachable (attempt %d: %s); trying again in %.1f s",
                attempt,
                describe(error),
                pause,
            )
            await sleep(pause)
        else:
            if attempt > 1:
                log.info("database reachable after %d attempts", attempt)
            return


def missing_sqlite_folder(url: str) -> ConfigError | None:
    """The refusal for an SQLite file whose folder does not exist (no driver needed to know)."""
    if not url.startswith("sqlite"):
        return None
    folder = Path(make_url(url).database or "").parent
    if folder.is_dir():
        return None
    return ConfigError(
        f"DATABASE_URL: the folder {folder} of the SQLite database does not exist; create it "
        "or point DATABASE_URL elsewhere"
    )


def new_sqlite_file(url: str) -> Path | None:
    """The SQLite file `run` would create, if it does not exist yet (checking must not make it)."""
    if not url.startswith("sqlite"):
        return None
    path = Path(make_url(url).database or "")
    return path if not path.exists() and path.parent.is_dir() else None


def safe(url: str) -> str:
    return make_url(url).render_as_string(hide_password=True)


def refused(url: str, error: BaseException) -> ConfigError:
    if url.startswith("sqlite"):
        path = make_url(url).database
        return ConfigError(
            f"DATABASE_URL: cannot open the SQLite database {path} ({describe(error)}); "
            "check that its folder exists and quizbot may write there"
        )
    return ConfigError(
        f"DATABASE_URL: the database at {safe(url)} refused quizbot ({describe(error)}); "
        "check the user, password and database name"
    )


def unreachable(url: str, error: BaseException, attempts: int, wait_s: float) -> QuizbotError:
    return QuizbotError(
        f"cannot reach the database at {safe(url)} ({describe(error)}; {attempts} attempts "
        f"in {wait_s:g} s); is it running? Check DATABASE_URL, or wait longer with "
        "QUIZBOT_DATABASE_WAIT_S"
    )


async def schema_status(url: str) -> SchemaStatus:
    """Which migrations the database has and which are still to apply."""
    from alembic.script import ScriptDirectory  # noqa: PLC0415  # see bot/storage/migrate.py
    from alembic.util import CommandError  # noqa: PLC0415

    engine = create_async_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            current = await connection.run_sync(_current_heads)
    finally:
        await engine.dispose()
    script = ScriptDirectory.from_config(alembic_config())
    head = script.get_current_head() or ""
    try:
        lower = current[0] if current else "base"
        pending = [revision.revision for revision in script.iterate_revisions(head, lower)]
    except CommandError:
        return SchemaStatus(current, head, (), unknown=current)
    return SchemaStatus(current, head, tuple(reversed(pending)))


def _current_heads(connection: Connection) -> tuple[str, ...]:
    from alembic.runtime.migration import MigrationContext  # noqa: PLC0415

    return tuple(MigrationContext.configure(connection).get_current_heads())


async def ping_database(db: Database) -> None:
    """A round trip on the bot's own pool (for /healthz)."""
    async with db.read() as connection:
        await connection.execute(text("SELECT 1"))


async def running_round_count(db: Database) -> int:
    async with db.read() as connection:
        count = await connection.scalar(
            select(func.count())
            .select_from(RoundRow)
            .where(RoundRow.state == RoundState.RUNNING.value)
        )
        return int(count or 0)
