"""Schema migrations with Alembic; the scripts ship inside the package (no alembic.ini).

Alembic is imported only when there are scripts to run: a bot starting on a database that is
already at the newest revision (every start but the first after an upgrade), or on an empty one,
does without the memory it would keep.

An empty database is not migrated script by script: its schema is created from the models in
one step and stamped with the newest revision, which makes a first start quicker (start to
ready in docs/benchmarks.md); tests/storage/test_migrations.py holds the two schemas equal,
on SQLite and PostgreSQL, and runs every script on an empty database.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from sqlalchemy import (
    Column,
    Connection,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    inspect,
    text,
)
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

if TYPE_CHECKING:
    from alembic.config import Config

SCRIPT_LOCATION = "bot.storage:migrations"
# The newest revision in migrations/versions; tests/storage/test_migrations.py holds them equal.
HEAD_REVISION = "0024"
# Several processes of one bot may start at once: on PostgreSQL the first to take this advisory
# lock migrates, the others then find the schema up to date.
MIGRATION_LOCK = 0x51554944

_log = logging.getLogger(__name__)


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration; ``connection`` makes the scripts run on it."""
    from alembic.config import Config  # noqa: PLC0415  # see the module docstring

    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    config.attributes["connection"] = connection
    return config


async def upgrade_async(database_url: str, *, every_script: bool = False) -> None:
    """Bring the database at ``database_url`` to the newest revision (from async code); an
    empty one is created from the models at once unless ``every_script`` (see the module
    docstring)."""
    engine = create_async_engine(database_url, poolclass=NullPool)
    try:
        if await stored_revision(engine) == HEAD_REVISION:
            return
        with _alembic_warnings_only():  # from its import on, which sets up its plugins
            async with engine.begin() as connection:
                if connection.dialect.name == "postgresql":
                    lock = text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
                    await connection.execute(lock)
                how = await connection.run_sync(lambda sync: _upgrade(sync, every_script))
        _log.info("%s %s", how, HEAD_REVISION)
    finally:
        await engine.dispose()


def _upgrade(connection: Connection, every_script: bool) -> str:  # noqa: FBT001  # one caller
    """Migrates, or creates an empty database's schema and stamps it; what it did."""
    # Read under the lock: of processes starting together, the first creates, the rest find it.
    if every_script or inspect(connection).get_table_names():
        from alembic import command  # noqa: PLC0415  # see the module docstring

        command.upgrade(alembic_config(connection), "head")
        return "applied the migrations up to"
    from bot.storage.models import Base  # noqa: PLC0415  # the tables, for this one step

    Base.metadata.create_all(connection)
    _stamp(connection)
    return "created the schema of"


def _stamp(connection: Connection) -> None:
    """Alembic's version table, as its ``stamp`` writes it on an empty database, without
    loading Alembic and its scripts (a third of a second of a first start)."""
    version = Table(
        "alembic_version",
        MetaData(),
        Column("version_num", String(32), nullable=False),
        PrimaryKeyConstraint("version_num", name="alembic_version_pkc"),
    )
    version.create(connection)
    connection.execute(version.insert().values(version_num=HEAD_REVISION))


@contextmanager
def _alembic_warnings_only() -> Iterator[None]:
    """Alembic's own warnings, without its INFO chatter (a plugin line per plugin, one per script):
    the line logged after the migrations says what an operator needs. DEBUG still shows it all."""
    alembic_log = logging.getLogger("alembic")
    level = alembic_log.level
    if alembic_log.getEffectiveLevel() > logging.DEBUG:
        alembic_log.setLevel(logging.WARNING)
    try:
        yield
    finally:
        alembic_log.setLevel(level)


async def stored_revision(engine: AsyncEngine) -> str | None:
    """The revision the database says it is at; None before the first migration."""
    try:
        async with engine.connect() as connection:
            found = await connection.scalar(text("SELECT version_num FROM alembic_version"))
    except DBAPIError:  # no alembic_version table yet
        return None
    return None if found is None else str(found)


def upgrade(database_url: str) -> None:
    """Bring the database at ``database_url`` to the newest revision (``quizbot db upgrade``)."""
    asyncio.run(upgrade_async(database_url))
