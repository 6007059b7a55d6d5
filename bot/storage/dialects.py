"""SQL the two databases spell or plan differently: ``ON CONFLICT``, composite-key lookups."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, TypeAlias

from sqlalchemy import ColumnElement, Table, and_
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import QueryableAttribute

Insert: TypeAlias = postgresql.Insert | sqlite.Insert


def insert_for(dialect: str, table: Table) -> Insert:
    """An INSERT with ``on_conflict_do_nothing`` / ``on_conflict_do_update`` for ``dialect``."""
    if dialect == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)


def covering(
    columns: Sequence[ColumnElement[Any] | QueryableAttribute[Any]],
    keys: Collection[tuple[Any, ...]],
) -> ColumnElement[bool]:
    """A filter matching at least the rows with these composite ``keys`` (filter exactly after).

    One ``IN`` per column rather than a row-value ``IN``: SQLite plans a row-value list as a
    scan of the whole table, but uses the index for per-column lists.
    """
    return and_(*(column.in_({key[i] for key in keys}) for i, column in enumerate(columns)))
