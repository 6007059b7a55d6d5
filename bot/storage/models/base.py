"""What every table shares: the declarative base with its naming convention, 64-bit ids,
and times stored as naive UTC and read back aware."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import BigInteger, DateTime, Dialect, Integer, MetaData, Table, TypeDecorator
from sqlalchemy.ext.asyncio import AsyncAttrs
from sqlalchemy.orm import DeclarativeBase
from typing_extensions import override

ID_LENGTH = 64
# SQLite only auto-increments a column declared exactly INTEGER PRIMARY KEY.
AutoId = BigInteger().with_variant(Integer(), "sqlite")


class UtcDateTime(TypeDecorator[datetime]):
    """Aware UTC in Python, naive UTC in the database (the same on SQLite and PostgreSQL)."""

    impl = DateTime(timezone=False)
    cache_ok = True

    @override
    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("storage takes aware datetimes only")
        return value.astimezone(UTC).replace(tzinfo=None)

    @override
    def process_result_value(self, value: object, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if not isinstance(value, datetime):
            raise TypeError(f"expected a datetime from the database, got {type(value)}")
        return value.replace(tzinfo=UTC)


class Base(AsyncAttrs, DeclarativeBase):
    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(table_name)s_%(column_0_N_name)s",
            "uq": "uq_%(table_name)s_%(column_0_N_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )
    type_annotation_map: ClassVar[dict[Any, Any]] = {datetime: UtcDateTime, int: Integer}


def table_of(model: type[Base]) -> Table:
    """A model's table, for Core statements (bulk inserts, upserts) that take tables."""
    table = model.__table__
    if not isinstance(table, Table):
        raise TypeError(f"{model.__name__} is not mapped to a table")
    return table
