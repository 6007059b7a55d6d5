"""A PostgreSQL database a test gets from the worker's (tests.databases) is as its migration left
it, whatever the test before did with it: no rows, sequences from the start, nothing still
connected; and one whose schema a test changed is never handed out again."""

from __future__ import annotations

import asyncpg
import pytest
from sqlalchemy.engine import make_url

from bot.storage.database import Database
from bot.storage.packs.library import sync_packs
from tests.databases import POSTGRES_URL, PostgresDatabases, postgres_database, schema_of
from tests.storage.factories import NOW, make_pack, start_test_round

pytestmark = pytest.mark.postgres


async def _connect(url: str) -> asyncpg.Connection:
    return await asyncpg.connect(
        make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    )


async def _rows_and_used_sequences(url: str) -> tuple[dict[str, int], list[str]]:
    connection = await _connect(url)
    try:
        public = "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
        tables = await connection.fetch(public)
        rows = {
            t[0]: await connection.fetchval(f'SELECT count(*) FROM "{t[0]}"')  # noqa: S608
            for t in tables
        }
        used = "SELECT sequencename FROM pg_sequences WHERE last_value IS NOT NULL"
        return rows, [row[0] for row in await connection.fetch(used)]
    finally:
        await connection.close()


def _name(url: str) -> str:
    return make_url(url).database or ""


async def test_a_database_comes_back_empty_its_sequences_restarted_its_connections_closed(
    postgres_databases: PostgresDatabases,
) -> None:
    async with postgres_database(postgres_databases) as url:
        db = Database.open(url)
        await sync_packs(db, [make_pack()], NOW)
        first = await start_test_round(db)
        await db.close()
        left_open = await _connect(url)  # as a test that forgot to close it
        rows, used = await _rows_and_used_sequences(url)
        assert rows["rounds"] == 1
        assert used
    with pytest.raises((asyncpg.PostgresError, asyncpg.InterfaceError, OSError)):
        await left_open.fetchval("SELECT 1")
    async with postgres_database(postgres_databases) as again:
        assert again == url  # the same database, used again
        rows, used = await _rows_and_used_sequences(again)
        assert rows == {table: 1 if table == "alembic_version" else 0 for table in rows}
        assert used == []
        assert await schema_of(_name(again)) == postgres_databases.schema
        db = Database.open(again)
        try:
            await sync_packs(db, [make_pack()], NOW)
            assert (await start_test_round(db)).id == first.id  # ids start over
        finally:
            await db.close()


async def test_a_database_whose_schema_a_test_changed_is_dropped(
    postgres_databases: PostgresDatabases,
) -> None:
    async with postgres_database(postgres_databases) as url:
        changing = await _connect(url)
        await changing.execute("ALTER TABLE rounds ADD COLUMN left_behind integer")
        await changing.close()
    connection = await _connect(POSTGRES_URL)
    try:
        names = {row[0] for row in await connection.fetch("SELECT datname FROM pg_database")}
    finally:
        await connection.close()
    assert _name(url) not in names
    async with postgres_database(postgres_databases) as fresh:
        assert fresh != url
        assert await schema_of(_name(fresh)) == postgres_databases.schema
