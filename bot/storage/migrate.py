"""Schema migrations with Alembic; the scripts ship inside the package (no alembic.ini)."""

from __future__ import annotations

import asyncio

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

SCRIPT_LOCATION = "bot.storage:migrations"


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration; ``connection`` makes the scripts run on it."""
    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    config.attributes["connection"] = connection
    return config


async def upgrade_async(database_url: str) -> None:
    """Bring the database at ``database_url`` to the newest revision (from async code)."""
    engine = create_async_engine(database_url, poolclass=NullPool)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(lambda sync: command.upgrade(alembic_config(sync), "head"))
    finally:
        await engine.dispose()


def upgrade(database_url: str) -> None:
    """Bring the database at ``database_url`` to the newest revision (``quizbot db upgrade``)."""
    asyncio.run(upgrade_async(database_url))
