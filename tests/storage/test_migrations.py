"""The Alembic revisions build exactly the schema the models describe."""

from __future__ import annotations

import warnings

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, inspect
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from bot.storage.migrate import upgrade_async
from bot.storage.models import Base


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
