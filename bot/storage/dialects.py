"""The one SQL difference the services need: each database's spelling of ``ON CONFLICT``."""

from __future__ import annotations

from typing import TypeAlias

from sqlalchemy import Table
from sqlalchemy.dialects import postgresql, sqlite

Insert: TypeAlias = postgresql.Insert | sqlite.Insert


def insert_for(dialect: str, table: Table) -> Insert:
    """An INSERT with ``on_conflict_do_nothing`` / ``on_conflict_do_update`` for ``dialect``."""
    if dialect == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)
