"""The Alembic revisions build exactly the schema the models describe."""

from __future__ import annotations

import asyncio
import sys
import uuid
import warnings
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from bot.storage.migrate import HEAD_REVISION, alembic_config, stored_revision, upgrade_async
from bot.storage.models import Base
from tests.databases import (
    BACKENDS,
    POSTGRES_URL,
    admin,
    need_postgres_here,
    schema_of,
    with_database,
)

PROBE_S = 60.0


def _drift(connection: Connection) -> list[object]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a skipped comparison would hide drift
        return list(compare_metadata(context, Base.metadata))


async def test_migrated_schema_matches_the_models(database_url: str) -> None:
    await upgrade_async(database_url)  # the second upgrade finds nothing to do
    engine = create_async_engine(database_url, poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            assert await connection.run_sync(_drift) == []
            tables = await connection.run_sync(lambda c: set(inspect(c).get_table_names()))
    finally:
        await engine.dispose()
    assert tables == set(Base.metadata.tables) | {"alembic_version"}


def _sqlite_schema(connection: Connection) -> set[tuple[object, ...]]:
    """Every column, key, foreign key and index of an SQLite file, as SQLite reports them
    (its stored CREATE statements differ in layout between a created and a rebuilt table)."""
    found: set[tuple[object, ...]] = set()
    names = connection.exec_driver_sql("SELECT name FROM sqlite_master WHERE type = 'table'")
    for (table,) in names.all():
        for row in connection.exec_driver_sql(f"PRAGMA table_xinfo('{table}')"):
            found.add(("column", table, *row[1:]))  # without its position
        for row in connection.exec_driver_sql(f"PRAGMA foreign_key_list('{table}')"):
            found.add(("foreign key", table, *row[1:]))
        for _, index, unique, origin, partial in connection.exec_driver_sql(
            f"PRAGMA index_list('{table}')"
        ).all():
            # Each column by name: a column added later sits elsewhere in a rebuilt table.
            columns = [
                row[2:] for row in connection.exec_driver_sql(f"PRAGMA index_xinfo('{index}')")
            ]
            found.add(("index", table, index, unique, origin, partial, tuple(columns)))
    version = connection.exec_driver_sql("SELECT version_num FROM alembic_version").all()
    return found | {("migrated to", *version)}


async def _schema(url: str) -> object:
    if url.startswith("postgresql"):
        return await schema_of(str(make_url(url).database))
    engine = create_async_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            return await connection.run_sync(_sqlite_schema)
    finally:
        await engine.dispose()


@pytest.mark.parametrize("backend", BACKENDS)
async def test_an_empty_database_created_from_the_models_equals_every_script_run(
    backend: str, tmp_path: Path
) -> None:
    """A first start creates the schema from the models in one step and stamps it; it must be
    the schema the scripts build, one after another, which this runs, every one of them."""
    async with (
        _empty_database(backend, tmp_path, "scripts.db") as migrated,
        _empty_database(backend, tmp_path, "models.db") as created,
    ):
        await upgrade_async(migrated, every_script=True)
        await upgrade_async(created)
        engine = create_async_engine(migrated, poolclass=NullPool)
        try:
            async with engine.connect() as connection:
                assert await connection.run_sync(_drift) == []
        finally:
            await engine.dispose()
        assert await _schema(created) == await _schema(migrated)


def test_the_head_the_bot_checks_is_the_newest_script() -> None:
    script = ScriptDirectory.from_config(alembic_config())
    assert script.get_current_head() == HEAD_REVISION


async def test_a_database_at_head_is_left_alone_and_alembic_is_not_loaded(
    database_url: str,
) -> None:
    await upgrade_async(database_url)
    assert await _revision(database_url) == HEAD_REVISION
    assert not await _upgrade_loads_alembic(database_url)


@pytest.mark.parametrize("backend", BACKENDS)
async def test_an_empty_database_is_created_and_stamped_without_loading_alembic(
    backend: str, tmp_path: Path
) -> None:
    async with _empty_database(backend, tmp_path, "first-start.db") as empty:
        assert not await _upgrade_loads_alembic(empty)
        assert await _revision(empty) == HEAD_REVISION


async def _revision(database_url: str) -> str | None:
    engine = create_async_engine(database_url, poolclass=NullPool)
    try:
        return await stored_revision(engine)
    finally:
        await engine.dispose()


async def _upgrade_loads_alembic(database_url: str) -> bool:
    """Whether bringing the database to head imports Alembic, in a fresh interpreter (this one
    has long imported it)."""
    probe = (
        "import asyncio, sys\n"
        "from bot.storage.migrate import upgrade_async\n"
        f"asyncio.run(upgrade_async({database_url!r}))\n"
        "print(any(name.startswith('alembic') for name in sys.modules))\n"
    )
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", probe, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await process.communicate()
    assert process.returncode == 0
    return out.decode().strip() == "True"


async def test_processes_starting_at_once_migrate_an_empty_postgres_once() -> None:
    """Several processes of a sharded bot start together; one migrates, the others wait."""
    await need_postgres_here()
    name = f"test_h1_migrate_{uuid.uuid4().hex[:8]}"
    await admin(f'CREATE DATABASE "{name}"')
    url = with_database(POSTGRES_URL, name)
    probe = (
        "import asyncio\n"
        "from bot.storage.migrate import upgrade_async\n"
        f"asyncio.run(upgrade_async({url!r}))\n"
    )
    try:
        processes = [
            await asyncio.create_subprocess_exec(
                sys.executable, "-c", probe, stderr=asyncio.subprocess.PIPE
            )
            for _ in range(3)
        ]
        results = [await process.communicate() for process in processes]
        assert [p.returncode for p in processes] == [0, 0, 0], results
        engine = create_async_engine(url, poolclass=NullPool)
        try:
            assert await stored_revision(engine) == HEAD_REVISION
        finally:
            await engine.dispose()
    finally:
        await admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _migrate(engine: AsyncEngine, direction: str, revision: str) -> None:
    move = command.upgrade if direction == "upgrade" else command.downgrade
    async with engine.begin() as connection:
        await connection.run_sync(lambda sync: move(alembic_config(sync), revision))


async def test_0007_keeps_each_server_pack_as_its_current_version(database_url: str) -> None:
    """Its source moves into pack_versions, and back on a downgrade."""
    engine = create_async_engine(database_url, poolclass=NullPool)
    try:
        await _migrate(engine, "downgrade", "0006")
        async with engine.begin() as connection:
            await connection.execute(
                text(
                    "INSERT INTO server_packs (guild_id, pack_id, file_name, source, size,"
                    " uploaded_by, uploaded_at) VALUES"
                    " (1, 'capitals', 'c.yaml', 'id: capitals', 12, 7, '2026-11-30 10:00:00')"
                )
            )
        await _migrate(engine, "upgrade", "head")
        async with engine.connect() as connection:
            versions = await connection.execute(
                text(
                    "SELECT v.guild_id, v.pack_id, v.file_name, v.source, v.size, v.uploaded_by"
                    " FROM server_packs s JOIN pack_versions v ON v.id = s.version_id"
                )
            )
            assert versions.all() == [(1, "capitals", "c.yaml", "id: capitals", 12, 7)]
        await _migrate(engine, "downgrade", "0006")
        async with engine.connect() as connection:
            sources = await connection.execute(text("SELECT pack_id, source FROM server_packs"))
            assert sources.all() == [("capitals", "id: capitals")]
    finally:
        await engine.dispose()


async def test_0008_gives_servers_that_had_settings_the_hour_long_pause_limit(
    database_url: str,
) -> None:
    engine = create_async_engine(database_url, poolclass=NullPool)
    try:
        await _migrate(engine, "downgrade", "0007")
        async with engine.begin() as connection:
            await connection.execute(
                text("INSERT INTO guild_settings (guild_id, question_seconds) VALUES (1, 30)")
            )
        await _migrate(engine, "upgrade", "head")
        async with engine.connect() as connection:
            limits = await connection.execute(
                text("SELECT guild_id, pause_limit_minutes FROM guild_settings")
            )
            assert limits.all() == [(1, 60)]
    finally:
        await engine.dispose()


async def test_0020_counts_every_question_a_stored_round_closed_as_settled(
    database_url: str,
) -> None:
    """Until 0020 the close settled: a round's closed questions are settled, its open one not."""
    engine = create_async_engine(database_url, poolclass=NullPool)
    try:
        await _migrate(engine, "downgrade", "0019")
        async with engine.begin() as connection:
            await connection.execute(
                text(
                    "INSERT INTO packs (id, title, active, synced_at)"
                    " VALUES ('p', 'P', true, '2026-11-30 10:00:00')"
                )
            )
            await connection.execute(
                text(
                    "INSERT INTO rounds (id, guild_id, channel_id, pack_id, started_by,"
                    " question_seconds, question_order, state, question_index, question_open,"
                    " started_at, mode) VALUES (:id, 1, :id, 'p', 7, 20, '[]', 'running',"
                    " :index, :open, '2026-11-30 10:00:00', 'normal')"
                ),
                [{"id": 1, "index": 2, "open": True}, {"id": 2, "index": 3, "open": False}],
            )
        await _migrate(engine, "upgrade", "head")
        async with engine.connect() as connection:
            marks = await connection.execute(
                text("SELECT id, settled_through FROM rounds ORDER BY id")
            )
            assert marks.all() == [(1, 1), (2, 3)]
    finally:
        await engine.dispose()


@asynccontextmanager
async def _empty_database(
    backend: str, tmp_path: Path, file_name: str = "empty.db"
) -> AsyncIterator[str]:
    if backend == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / file_name}"
        return
    await need_postgres_here()
    name = f"test_h1_empty_{uuid.uuid4().hex[:8]}"
    await admin(f'CREATE DATABASE "{name}"')
    try:
        yield with_database(POSTGRES_URL, name)
    finally:
        await admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.parametrize("backend", BACKENDS)
async def test_a_first_migration_logs_one_line_not_alembics_chatter(
    backend: str, tmp_path: Path
) -> None:
    async with _empty_database(backend, tmp_path) as url:
        probe = (
            "import asyncio, logging\n"
            "from bot.storage.migrate import upgrade_async\n"
            "logging.basicConfig(level='INFO', format='%(levelname)s %(name)s: %(message)s')\n"
            f"asyncio.run(upgrade_async({url!r}))\n"
        )
        # A fresh interpreter, as at a first start: Alembic logs as it is first imported.
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", probe, stderr=asyncio.subprocess.PIPE
        )
        _, err = await asyncio.wait_for(process.communicate(), PROBE_S)
    assert process.returncode == 0, err.decode()
    assert err.decode().splitlines() == [
        f"INFO bot.storage.migrate: created the schema of {HEAD_REVISION}"
    ]
