"""When a reminder is owed, and which member settings may be saved."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.quiz.reminders.reminder_settings import (
    Problem,
    Quiet,
    ReminderSettings,
    SettingsChange,
    changed,
    local_day,
    problems,
    quiet_hours,
    reminder_day,
    reminder_window,
)

ATHENS = ZoneInfo("Europe/Athens")  # UTC+2 in winter, +3 in summer
ZONES = frozenset({"UTC", "Europe/Athens"})
ON = ReminderSettings(time_zone="Europe/Athens", reminders=True, reminder_hour=9)


def at(utc_hour: int, minute: int = 0, day: int = 25) -> datetime:
    return datetime(2026, 11, day, utc_hour, minute, tzinfo=UTC)


def test_quiet_hours_may_wrap_past_midnight() -> None:
    night = Quiet(22, 7)
    assert [h for h in range(24) if night.covers(h)] == [0, 1, 2, 3, 4, 5, 6, 22, 23]
    assert [h for h in range(24) if Quiet(13, 15).covers(h)] == [13, 14]


def test_a_reminder_is_owed_from_the_members_hour_in_their_zone() -> None:
    assert reminder_day(at(6, 59), ATHENS, ON, None) is None  # 08:59 in Athens
    assert reminder_day(at(7), ATHENS, ON, None) == date(2026, 11, 25)  # 09:00 there
    # Missed while the bot was down: still owed later that day.
    assert reminder_day(at(19), ATHENS, ON, None) == date(2026, 11, 25)


def test_once_per_member_local_day() -> None:
    assert reminder_day(at(8), ATHENS, ON, date(2026, 11, 25)) is None
    # 22:30 UTC on the 25th is already the 26th in Athens: a new day, but before 09:00 there.
    assert reminder_day(at(22, 30), ATHENS, ON, date(2026, 11, 25)) is None
    assert reminder_day(at(7, day=26), ATHENS, ON, date(2026, 11, 25)) == date(2026, 11, 26)


def test_never_in_quiet_hours_nor_when_off() -> None:
    quiet = ReminderSettings("Europe/Athens", reminders=True, reminder_hour=9, quiet=Quiet(21, 8))
    assert reminder_window(at(18), ATHENS, quiet) == date(2026, 11, 25)  # 20:00
    assert reminder_window(at(19), ATHENS, quiet) is None  # 21:00, quiet
    off = ReminderSettings("Europe/Athens", reminders=False, reminder_hour=9)
    assert reminder_window(at(12), ATHENS, off) is None


def test_an_hour_skipped_by_the_clock_change_still_gets_its_reminder() -> None:
    spring = ReminderSettings("Europe/Athens", reminders=True, reminder_hour=3)
    # 29 March 2026: Athens goes from 03:00 straight to 04:00 (01:00 UTC).
    moment = datetime(2026, 3, 29, 1, 0, tzinfo=UTC)
    assert moment.astimezone(ATHENS).hour == 4
    assert reminder_day(moment, ATHENS, spring, None) == date(2026, 3, 29)


def test_local_day() -> None:
    assert local_day(at(22, 30), ATHENS) == date(2026, 11, 26)
    assert local_day(at(22, 30), ZoneInfo("UTC")) == date(2026, 11, 25)


def test_settings_problems() -> None:
    assert problems(ON, ZONES) == []
    wrong = ReminderSettings(
        "Mars/Olympus", daily_new_limit=51, reminder_hour=24, quiet=Quiet(0, 25), language="fr"
    )
    assert problems(wrong, ZONES) == [
        Problem.UNKNOWN_ZONE,
        Problem.DAILY_NEW_RANGE,
        Problem.HOUR_RANGE,
        Problem.QUIET_RANGE,
        Problem.UNKNOWN_LANGUAGE,
    ]
    in_quiet = ReminderSettings("UTC", reminders=True, reminder_hour=23, quiet=Quiet(22, 6))
    assert problems(in_quiet, ZONES) == [Problem.HOUR_IS_QUIET]


def test_quiet_hours_from_their_ends() -> None:
    assert quiet_hours(None, None) is None
    assert quiet_hours(5, 5) is None  # equal ends: none
    assert quiet_hours(22, 7) == Quiet(22, 7)
    with pytest.raises(ValueError, match=Problem.QUIET_HALF.value):
        quiet_hours(22, None)


def test_a_change_keeps_what_it_does_not_name() -> None:
    before = ReminderSettings("UTC", 10, reminders=True, reminder_hour=8, quiet=Quiet(22, 7))
    after, found = changed(before, SettingsChange(quiet_end=6, language="el"), ZONES)
    assert found == []
    assert after == ReminderSettings(
        "UTC", 10, reminders=True, reminder_hour=8, quiet=Quiet(22, 6), language="el"
    )
    back, _ = changed(after, SettingsChange(language="", quiet_start=1, quiet_end=1), ZONES)
    assert (back.language, back.quiet) == (None, None)
    assert SettingsChange().is_empty
    assert not SettingsChange(reminders=False).is_empty


def test_a_change_with_one_end_of_quiet_hours_and_none_stored_is_refused() -> None:
    _, found = changed(ReminderSettings(), SettingsChange(quiet_start=22), ZONES)
    assert found == [Problem.QUIET_HALF]
