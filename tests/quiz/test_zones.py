"""A stored zone name read back: its zone, or UTC once the tz database no longer knows it."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from bot.quiz.zones import UTC_ZONE, zone_or_utc


def test_a_known_zone_is_itself_and_an_unknown_one_is_utc() -> None:
    assert zone_or_utc("Europe/Athens") == ZoneInfo("Europe/Athens")
    assert zone_or_utc("Atlantis/Capital") is UTC_ZONE
    assert zone_or_utc("../etc/passwd") is UTC_ZONE  # zoneinfo refuses a path: ValueError
