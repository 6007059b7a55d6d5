"""A fresh, migrated database per test: SQLite always, PostgreSQL when configured.

PostgreSQL tests need QUIZBOT_TEST_POSTGRES_URL; with QUIZBOT_REQUIRE_POSTGRES=1 (as in CI)
a missing or unreachable server fails them instead of skipping them.
"""

from __future__ import annotations

import asyncio
import shutil
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.app.kit.pack_checker import PackChecker
from bot.storage.database import Database
from bot.storage.migrate import upgrade
from bot.storage.packs import sync_packs
from tests.databases import BACKENDS, POSTGRES_URL, admin, need_postgres, with_database
from tests.storage.factories import NOW, make_pack


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
    asyncio.run(admin(f'CREATE DATABASE "{name}"'))
    try:
        upgrade(with_database(POSTGRES_URL, name))
        yield name
    finally:
        asyncio.run(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


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
    await admin(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    try:
        yield with_database(POSTGRES_URL, name)
    finally:
        await admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
async def db(database_url: str) -> AsyncIterator[Database]:
    """An open Database on a fresh schema, with the ``basics`` pack (q0-q4) loaded."""
    database = Database.open(database_url)
    try:
        await sync_packs(database, [make_pack()], NOW)
        yield database
    finally:
        await database.close()


@pytest.fixture
async def checker() -> AsyncIterator[PackChecker]:
    """The shelves' pack checker; its workers are processes, stopped after the test."""
    checker = PackChecker()
    try:
        yield checker
    finally:
        await checker.close()
