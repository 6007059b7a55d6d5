"""Alembic's entry point: runs the revisions on the connection ``bot.storage.migrate`` passes."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from bot.storage.models import Base

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):
    raise TypeError("run migrations through bot.storage.migrate, which passes a connection")
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
