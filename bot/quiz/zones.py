"""Time zones by their IANA names, as members and servers chose them."""

from __future__ import annotations

from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

UTC_ZONE = ZoneInfo("UTC")


def zone_or_utc(name: str) -> ZoneInfo:
    """The zone of ``name``; UTC for one this system no longer knows (a stored name outlives
    the tz database it was checked against, and nothing may fail on it)."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return UTC_ZONE
