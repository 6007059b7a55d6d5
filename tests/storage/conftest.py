"""A fresh, migrated database per test: SQLite always, PostgreSQL when configured.

PostgreSQL tests need QUIZBOT_TEST_POSTGRES_URL; with QUIZBOT_REQUIRE_POSTGRES=1 (as in CI)
a missing or unreachable server fails them instead of skipping them.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest
from sqlalchemy.engine import make_url

from bot.storage.database import Database
from bot.storage.migrate import upgrade
from bot.storage.packs import sync_packs
from tests.storage.factories import NOW, make_pack

POSTGRES_URL = os.environ.get("QUIZBOT_TEST_POSTGRES_URL", "")
REQUIRE_POSTGRES = os.environ.get("QUIZBOT_REQUIRE_POSTGRES") == "1"
BACKENDS = ("sqlite", "postgresql")


def _dsn(url: str) -> str:
    """The plain libpq-style address asyncpg takes."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def with_database(url: str, name: str) -> str:
    return make_url(url).set(database=name).render_as_string(hide_password=False)


async def _admin(statement: str) -> None:
    connection = await asyncpg.connect(_dsn(POSTGRES_URL), timeout=5)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


def postgres_unavailable() -> str | None:
    """Why PostgreSQL tests cannot run here, or None if they can."""
    if not POSTGRES_URL:
        return "QUIZBOT_TEST_POSTGRES_URL is not set"
    try:
        asyncio.run(_admin("SELECT 1"))
    except (OSError, asyncpg.PostgresError, TimeoutError) as error:
        return f"PostgreSQL at QUIZBOT_TEST_POSTGRES_URL is unreachable: {error}"
    return None


def need_postgres() -> None:
    reason = postgres_unavailable()
    if reason is None:
        return
    if REQUIRE_POSTGRES:
        pytest.fail(f"QUIZBOT_REQUIRE_POSTGRES=1 but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "quizbot.db"
    upgrade(f"sqlite+aiosqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def postgres_template() -> Iterator[str]:
    """A migrated database that each test's database is copied from (fast: no DDL per test)."""
    need_postgres()
    name = f"quizbot_template_{uuid.uuid4().hex[:12]}"
    asyncio.run(_admin(f'CREATE DATABASE "{name}"'))
    try:
        upgrade(with_database(POSTGRES_URL, name))
        yield name
    finally:
        asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(params=BACKENDS)
def template(request: pytest.FixtureRequest) -> Path | str:
    """The migrated template of this backend: an SQLite file, or a PostgreSQL database name."""
    if request.param == "sqlite":
        path: Path = request.getfixturevalue("sqlite_template")
        return path
    name: str = request.getfixturevalue("postgres_template")
    return name


@pytest.fixture
async def database_url(template: Path | str, tmp_path: Path) -> AsyncIterator[str]:
    """The address of a fresh database holding the migrated, empty schema."""
    if isinstance(template, Path):
        path = tmp_path / "quizbot.db"
        shutil.copyfile(template, path)
        yield f"sqlite+aiosqlite:///{path}"
        return
    name = f"quizbot_test_{uuid.uuid4().hex[:12]}"
    await _admin(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    try:
        yield with_database(POSTGRES_URL, name)
    finally:
        await _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
async def db(database_url: str) -> AsyncIterator[Database]:
    """An open Database on a fresh schema, with the ``basics`` pack (q0-q4) loaded."""
    database = Database.open(database_url)
    try:
        await sync_packs(database, [make_pack()], NOW)
        yield database
    finally:
        await database.close()
