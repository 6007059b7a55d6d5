"""What tests in every folder share: the migrated databases they copy, made once per worker."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.storage.migrate import upgrade
from tests.databases import PostgresDatabases, need_postgres


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A migrated SQLite file that each test's database is a copy of."""
    path = tmp_path_factory.mktemp("template") / "quizbot.db"
    upgrade(f"sqlite+aiosqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def postgres_databases() -> Iterator[PostgresDatabases]:
    """The worker's PostgreSQL databases, each migrated once (tests.databases)."""
    need_postgres()
    databases = asyncio.run(PostgresDatabases.create())
    try:
        yield databases
    finally:
        asyncio.run(databases.drop_all())
