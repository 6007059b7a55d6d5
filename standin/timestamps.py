"""ISO 8601 timestamps in REST bodies, read as Discord reads them and written as it writes them.

The OpenAPI check does not test ``format: date-time``, so a body's timestamps are parsed here: a
string that is not one gets Discord's 50035 naming the field. A timestamp without an offset is
taken as UTC.
"""

from __future__ import annotations

import datetime as dt

from standin.errors import field_error

Path = list[str | int]


def parse(value: object, path: Path) -> dt.datetime:
    if isinstance(value, str):
        try:
            moment = dt.datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)
    shown = str(value)[:40]
    raise field_error(path, "DATE_TIME_TYPE_PARSE", f"Could not parse {shown}. Should be ISO8601.")


def optional(value: object, path: Path) -> dt.datetime | None:
    return None if value is None else parse(value, path)


def written(moment: dt.datetime | None) -> str | None:
    """As Discord writes a timestamp: UTC, with its +00:00 offset."""
    return None if moment is None else moment.astimezone(dt.UTC).isoformat()
