"""Which database failures pass on their own, so that callers retry without knowing the driver."""

from __future__ import annotations

from sqlalchemy import exc as sql


def is_transient_database_error(error: BaseException) -> bool:
    """True for the driver losing or not reaching the server, SQLite's lock being busy, or the
    pool timing out; an integrity or programming error is not retried."""
    if isinstance(error, sql.DBAPIError):
        return error.connection_invalidated or isinstance(
            error, sql.OperationalError | sql.InterfaceError
        )
    return isinstance(error, sql.TimeoutError)
