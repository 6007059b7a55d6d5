"""SQL the two databases spell or plan differently: ``ON CONFLICT``, composite-key lookups; and
the servers a process serves as a predicate both compute alike."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from sqlalchemy import (
    ColumnElement,
    Select,
    Table,
    and_,
    any_,
    bindparam,
    cast,
    false,
    func,
    literal,
    select,
    true,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import QueryableAttribute

from bot.quiz.shards.served import ServedShards

if TYPE_CHECKING:
    from sqlalchemy import Connection

Insert: TypeAlias = postgresql.Insert | sqlite.Insert
SHARD_SHIFT = 22  # a snowflake's milliseconds start above its 22 low bits


def insert_for(dialect: str, table: Table) -> Insert:
    """An INSERT with ``on_conflict_do_nothing`` / ``on_conflict_do_update`` for ``dialect``."""
    if dialect == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)


def bulk_insert(dialect: str, table: Table, names: Sequence[str]) -> Insert:
    """An INSERT of rows with the columns ``names``, for ``bulk_parameters(dialect, rows)``.

    On PostgreSQL each column's values go as one array, unnested: the statement is the same for
    any number of rows, so asyncpg prepares it once per connection (a VALUES list is new SQL for
    every batch size, and was prepared again and again under a burst of answers).
    """
    if dialect != "postgresql":
        return sqlite.insert(table)
    arrays_of = {name: postgresql.ARRAY(table.c[name].type) for name in names}
    unnested: Select[Any] = select(
        *(func.unnest(cast(bindparam(name, type_=of), of)) for name, of in arrays_of.items())
    )
    return postgresql.insert(table).from_select(list(names), unnested)


def bulk_parameters(
    dialect: str, rows: Sequence[dict[str, Any]]
) -> dict[str, Any] | Sequence[dict[str, Any]]:
    """The parameters that run a ``bulk_insert`` statement on ``rows``."""
    if dialect != "postgresql":
        return rows
    return {name: [row[name] for row in rows] for name in rows[0]}


def write_bulk(
    connection: Connection, statement: Insert, names: Sequence[str], rows: Sequence[Sequence[Any]]
) -> None:
    """Runs a ``bulk_insert`` statement of the columns ``names`` (an upsert, say) over
    ``rows``, each a tuple of their values, in as little Python per row as each driver allows.

    On PostgreSQL that is one statement of arrays. On SQLite the statement is compiled once
    and the driver's ``executemany`` takes the tuples: SQLAlchemy's own executemany builds and
    type-processes a parameter dict per row, which for a settle's 40,000 rows cost more than
    SQLite's work on them (docs/benchmarks.md, the quiz night).
    """
    if not rows:
        return
    dialect = connection.dialect
    columns = [list(column) for column in zip(*rows, strict=True)]
    if dialect.name == "postgresql":
        connection.execute(statement, dict(zip(names, columns, strict=True)))
        return
    compiled = statement.compile(dialect=dialect, column_keys=list(names))
    table: Table = statement.table  # type: ignore[assignment]  # an INSERT's table is a Table
    by_name = dict(zip(names, columns, strict=True))
    ordered = []
    for name in compiled.positiontup or ():
        # The dialect's own form of the type: the generic one would leave SQLite's datetimes to
        # the driver, which writes whole seconds without SQLAlchemy's ".000000".
        process = table.c[name].type.dialect_impl(dialect).bind_processor(dialect)
        values = by_name[name]
        ordered.append(values if process is None else [process(value) for value in values])
    connection.exec_driver_sql(compiled.string, list(zip(*ordered, strict=True)))


def one_of(
    dialect: str, column: ColumnElement[Any] | QueryableAttribute[Any], values: Collection[Any]
) -> ColumnElement[bool]:
    """``column IN values``; on PostgreSQL ``column = ANY(array)``, one parameter for any number
    of values: an ``IN`` list of a settle's 5,000 members is new SQL of 5,000 parameters to
    render, bind and prepare every time."""
    if dialect == "postgresql":
        array = bindparam(None, sorted(values), type_=postgresql.ARRAY(column.type))
        return column == any_(array)
    return column.in_(sorted(values))


def covering(
    columns: Sequence[ColumnElement[Any] | QueryableAttribute[Any]],
    keys: Collection[tuple[Any, ...]],
    dialect: str = "",
) -> ColumnElement[bool]:
    """A filter matching at least the rows with these composite ``keys`` (filter exactly after).

    One ``IN`` per column rather than a row-value ``IN``: SQLite plans a row-value list as a
    scan of the whole table, but uses the index for per-column lists. With ``dialect``, each
    column's values as ``one_of`` gives them.
    """
    if dialect:
        return and_(*(one_of(dialect, c, {key[i] for key in keys}) for i, c in enumerate(columns)))
    return and_(*(column.in_({key[i] for key in keys}) for i, column in enumerate(columns)))


def served(
    column: ColumnElement[Any] | QueryableAttribute[Any], shards: ServedShards
) -> ColumnElement[bool]:
    """Rows whose snowflake ``column`` (a guild id, a member id) is on a shard held here:
    ``(column >> 22) % shard_count IN (held)``, Discord's shard of a snowflake, which SQLite and
    PostgreSQL (bigint) compute alike; nothing for a process of every shard. A handful of
    parameters however many servers, where an ``IN`` list of every served server's id was one
    each (asyncpg takes at most 32,767; at 12,500 the list cost ~42 ms a query to bind and
    plan, docs/scaling.md)."""
    if shards.every_shard:
        return true()
    if shards.none:
        return false()
    shard = column.op(">>")(literal(SHARD_SHIFT)) % literal(shards.shard_count)
    return shard.in_(sorted(shards.held))
