"""Real databases for tests: SQLite always, PostgreSQL when QUIZBOT_TEST_POSTGRES_URL is set.

With QUIZBOT_REQUIRE_POSTGRES=1 (as in CI) a missing or unreachable server fails the tests
that need it instead of skipping them.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from graphlib import TopologicalSorter
from pathlib import Path

import asyncpg
import pytest
from sqlalchemy.engine import make_url

from bot.storage.migrate import upgrade_async

POSTGRES_URL = os.environ.get("QUIZBOT_TEST_POSTGRES_URL", "")
REQUIRE_POSTGRES = os.environ.get("QUIZBOT_REQUIRE_POSTGRES") == "1"
BACKENDS = ("sqlite", "postgresql")


def dsn(url: str) -> str:
    """The plain libpq-style address asyncpg takes."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def with_database(url: str, name: str) -> str:
    return make_url(url).set(database=name).render_as_string(hide_password=False)


async def admin(statement: str) -> None:
    connection = await asyncpg.connect(dsn(POSTGRES_URL), timeout=5)
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


# A test's PostgreSQL database is one of the worker's, emptied after each test rather than
# dropped: PostgreSQL 15 makes every DROP DATABASE wait for a checkpoint, and each CREATE DATABASE
# copies the whole template, which together cost the server more CPU than the tests themselves.
_SCHEMA = """
SELECT md5(string_agg(item, '|' ORDER BY item)) FROM (
    SELECT 'schema ' || nspname AS item FROM pg_namespace
    WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
    UNION ALL SELECT format('column %s.%s.%s %s %s %s', table_schema, table_name, column_name,
        data_type, is_nullable, column_default)
    FROM information_schema.columns WHERE table_schema NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 'index ' || indexdef FROM pg_indexes
    WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT format('constraint %s %s', conrelid::regclass, pg_get_constraintdef(oid))
    FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT format('trigger %s %s', tgrelid::regclass, tgname) FROM pg_trigger
    WHERE NOT tgisinternal
    UNION ALL SELECT format('routine %s', oid::regprocedure) FROM pg_proc
    WHERE pronamespace = 'public'::regnamespace
    UNION ALL SELECT 'migrated to ' || version_num FROM alembic_version
) AS schema
"""
_TABLES = """
SELECT quote_ident(tablename) FROM pg_tables
WHERE schemaname = 'public' AND tablename <> 'alembic_version'
"""
_REFERENCES = """
SELECT conrelid::regclass::text, confrelid::regclass::text FROM pg_constraint
WHERE contype = 'f' AND connamespace = 'public'::regnamespace
"""
_SEQUENCES = "SELECT format('%I.%I', schemaname, sequencename) FROM pg_sequences"
_OTHERS = """
SELECT pg_terminate_backend(pid) FROM pg_stat_activity
WHERE datname = current_database() AND pid <> pg_backend_pid()
"""


async def _connect(name: str) -> asyncpg.Connection:
    return await asyncpg.connect(dsn(with_database(POSTGRES_URL, name)), timeout=5)


async def schema_of(name: str) -> str:
    connection = await _connect(name)
    try:
        return str(await connection.fetchval(_SCHEMA))
    finally:
        await connection.close()


async def _emptying(connection: asyncpg.Connection) -> str:
    """One script that deletes every row (referencing tables first) and restarts every
    sequence, leaving the database as its migration left it."""
    tables = [row[0] for row in await connection.fetch(_TABLES)]
    sorter: TopologicalSorter[str] = TopologicalSorter(dict.fromkeys(tables, ()))
    for child, parent in await connection.fetch(_REFERENCES):
        if child != parent:
            sorter.add(parent, child)  # the parent's rows go after the child's
    order = [table for table in sorter.static_order() if table in tables]
    # The names come from the catalogue, quoted there (quote_ident, format's %I).
    statements = [f"DELETE FROM {table}" for table in order]  # noqa: S608
    statements += [f"ALTER SEQUENCE {row[0]} RESTART" for row in await connection.fetch(_SEQUENCES)]
    return ";\n".join(["BEGIN", *statements, "COMMIT"])


@dataclass
class PostgresDatabases:
    """The worker's migrated databases: one per test at a time, each as its migration left it."""

    template: str
    schema: str
    free: list[str] = field(default_factory=list)
    made: list[str] = field(default_factory=list)

    @classmethod
    async def create(cls) -> PostgresDatabases:
        template = f"quizbot_template_{uuid.uuid4().hex[:12]}"
        await admin(f'CREATE DATABASE "{template}"')
        await upgrade_async(with_database(POSTGRES_URL, template))
        return cls(template, await schema_of(template))

    async def take(self) -> str:
        if self.free:
            return self.free.pop()
        name = f"quizbot_test_{uuid.uuid4().hex[:12]}"
        await admin(f'CREATE DATABASE "{name}" TEMPLATE "{self.template}"')
        self.made.append(name)
        return name

    async def give_back(self, name: str) -> None:
        """Empties the database for the next test; one whose schema a test changed is dropped."""
        connection = await _connect(name)
        try:
            await connection.execute(_OTHERS)  # what the test left connected
            if await connection.fetchval(_SCHEMA) == self.schema:
                await connection.execute(await _emptying(connection))
                self.free.append(name)
                return
        finally:
            await connection.close()
        self.made.remove(name)
        await admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    async def drop_all(self) -> None:
        for name in [*self.made, self.template]:
            await admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self.made.clear()
        self.free.clear()


@asynccontextmanager
async def postgres_database(databases: PostgresDatabases) -> AsyncIterator[str]:
    """The address of a PostgreSQL database holding the migrated, empty schema."""
    name = await databases.take()
    try:
        yield with_database(POSTGRES_URL, name)
    finally:
        await databases.give_back(name)


def sqlite_database(template: Path, folder: Path) -> str:
    """The address of a new SQLite file holding the migrated, empty schema."""
    path = folder / "quizbot.db"
    shutil.copyfile(template, path)
    return f"sqlite+aiosqlite:///{path}"
