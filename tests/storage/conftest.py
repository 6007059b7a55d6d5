"""A migrated, empty database per test: SQLite always, PostgreSQL when configured.

PostgreSQL tests need QUIZBOT_TEST_POSTGRES_URL; with QUIZBOT_REQUIRE_POSTGRES=1 (as in CI)
a missing or unreachable server fails them instead of skipping them.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app.shelf.checker import PackChecker
from bot.storage.database import Database
from bot.storage.packs.library import sync_packs
from tests.databases import BACKENDS, PostgresDatabases, postgres_database, sqlite_database
from tests.storage.factories import NOW, make_pack


@pytest.fixture(params=BACKENDS)
def template(request: pytest.FixtureRequest) -> Path | PostgresDatabases:
    """The backend's migrated databases: an SQLite file to copy, or the worker's PostgreSQL ones."""
    if request.param == "sqlite":
        path: Path = request.getfixturevalue("sqlite_template")
        return path
    databases: PostgresDatabases = request.getfixturevalue("postgres_databases")
    return databases


@pytest.fixture
async def database_url(template: Path | PostgresDatabases, tmp_path: Path) -> AsyncIterator[str]:
    """The address of a database holding the migrated, empty schema, for this test alone."""
    if isinstance(template, Path):
        yield sqlite_database(template, tmp_path)
        return
    async with postgres_database(template) as url:
        yield url


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
