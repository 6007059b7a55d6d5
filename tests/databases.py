"""Real databases for tests: SQLite always, PostgreSQL when QUIZBOT_TEST_POSTGRES_URL is set.

With QUIZBOT_REQUIRE_POSTGRES=1 (as in CI) a missing or unreachable server fails the tests
that need it instead of skipping them.
"""

from __future__ import annotations

import asyncio
import os

import asyncpg
import pytest
from sqlalchemy.engine import make_url

POSTGRES_URL = os.environ.get("QUIZBOT_TEST_POSTGRES_URL", "")
REQUIRE_POSTGRES = os.environ.get("QUIZBOT_REQUIRE_POSTGRES") == "1"
BACKENDS = ("sqlite", "postgresql")


def _dsn(url: str) -> str:
    """The plain libpq-style address asyncpg takes."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def with_database(url: str, name: str) -> str:
    return make_url(url).set(database=name).render_as_string(hide_password=False)


async def admin(statement: str) -> None:
    connection = await asyncpg.connect(_dsn(POSTGRES_URL), timeout=5)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


async def postgres_unavailable() -> str | None:
    """Why PostgreSQL tests cannot run here, or None if they can."""
    if not POSTGRES_URL:
        return "QUIZBOT_TEST_POSTGRES_URL is not set"
    try:
        await admin("SELECT 1")
    except (OSError, asyncpg.PostgresError, TimeoutError) as error:
        return f"PostgreSQL at QUIZBOT_TEST_POSTGRES_URL is unreachable: {error}"
    return None


def need_postgres() -> None:
    """Skips (or, where PostgreSQL is required, fails) a test that cannot reach it."""
    _skip_or_fail(asyncio.run(postgres_unavailable()))


async def need_postgres_here() -> None:
    """need_postgres for code already inside an event loop."""
    _skip_or_fail(await postgres_unavailable())


def _skip_or_fail(reason: str | None) -> None:
    if reason is None:
        return
    if REQUIRE_POSTGRES:
        pytest.fail(f"QUIZBOT_REQUIRE_POSTGRES=1 but {reason}")
    pytest.skip(reason)
