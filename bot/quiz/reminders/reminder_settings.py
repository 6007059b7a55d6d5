"""A member's reminder and review settings, and when a due-questions reminder is owed.

A reminder is owed once per member-local calendar day, from the member's reminder hour until the
day ends, outside their quiet hours. Counting from the hour rather than only within it lets a
reminder missed while the bot was down (or an hour skipped by a clock change) still come that
day; quiet hours are what keep such a late reminder from arriving at night.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import date, datetime, tzinfo
from typing import TypeVar

from bot.quiz.reminders.study_plan import PlanChange, StudyPlan
from bot.quiz.review.scheduling import DEFAULT_DAILY_NEW_LIMIT, as_utc

MAX_DAILY_NEW = 50
HOURS_IN_DAY = 24
DEFAULT_REMINDER_HOUR = 18
LANGUAGES = ("en", "el")
T = TypeVar("T")


class Problem(enum.StrEnum):
    """Why settings are refused; each has a message in the interface catalogues."""

    UNKNOWN_ZONE = "unknown_zone"
    DAILY_NEW_RANGE = "daily_new_range"
    HOUR_RANGE = "hour_range"
    QUIET_RANGE = "quiet_range"
    QUIET_HALF = "quiet_half"  # one end of the quiet hours without the other
    HOUR_IS_QUIET = "hour_is_quiet"
    UNKNOWN_LANGUAGE = "unknown_language"


@dataclass(frozen=True, slots=True)
class Quiet:
    """Hours ``start`` up to (not including) ``end``; wraps past midnight when end < start."""

    start: int
    end: int

    def covers(self, hour: int) -> bool:
        if self.start <= self.end:
            return self.start <= hour < self.end
        return hour >= self.start or hour < self.end


@dataclass(frozen=True, slots=True)
class ReminderSettings:
    """What decides a member's reminders and new questions; quiet is None when there is none."""

    time_zone: str = "UTC"
    daily_new_limit: int = DEFAULT_DAILY_NEW_LIMIT
    reminders: bool = False
    reminder_hour: int = DEFAULT_REMINDER_HOUR
    quiet: Quiet | None = None
    language: str | None = None  # None: the member's Discord client language
    event_reminders: bool = True  # a DM before a scheduled round whose event they are into
    plan: StudyPlan = field(
        default_factory=StudyPlan
    )  # days away and easy days: no reminder on them


def problems(settings: ReminderSettings, known_zones: frozenset[str]) -> list[Problem]:
    """Everything wrong with ``settings`` (empty when they may be saved)."""
    found = []
    if settings.time_zone not in known_zones:
        found.append(Problem.UNKNOWN_ZONE)
    if not 0 <= settings.daily_new_limit <= MAX_DAILY_NEW:
        found.append(Problem.DAILY_NEW_RANGE)
    if not _is_hour(settings.reminder_hour):
        found.append(Problem.HOUR_RANGE)
    quiet = settings.quiet
    if quiet is not None and not (_is_hour(quiet.start) and _is_hour(quiet.end)):
        found.append(Problem.QUIET_RANGE)
    elif quiet is not None and quiet.covers(settings.reminder_hour):
        found.append(Problem.HOUR_IS_QUIET)
    if settings.language is not None and settings.language not in LANGUAGES:
        found.append(Problem.UNKNOWN_LANGUAGE)
    return found


def quiet_hours(start: int | None, end: int | None) -> Quiet | None:
    """Quiet hours from their two ends: none when both are missing or they are equal.

    Raises ValueError(Problem.QUIET_HALF) for one end without the other.
    """
    if start is None and end is None:
        return None
    if start is None or end is None:
        raise ValueError(Problem.QUIET_HALF)
    return None if start == end else Quiet(start, end)


@dataclass(frozen=True, slots=True)
class SettingsChange:
    """What a member asked to change; None leaves a setting as it is. ``language`` "" goes back
    to the Discord client's language; quiet hours whose two ends are equal are none."""

    time_zone: str | None = None
    daily_new_limit: int | None = None
    reminders: bool | None = None
    reminder_hour: int | None = None
    quiet_start: int | None = None
    quiet_end: int | None = None
    language: str | None = None
    event_reminders: bool | None = None
    retention: int | None = None  # desired retention in percent (bot.quiz.review.retention)
    plan: PlanChange = field(
        default_factory=PlanChange
    )  # days away, easy days, the daily review limit

    @property
    def is_empty(self) -> bool:
        return self == SettingsChange()


def changed(
    current: ReminderSettings, change: SettingsChange, known_zones: frozenset[str]
) -> tuple[ReminderSettings, list[Problem]]:
    """The settings after ``change``, and what stops them from being saved (if anything)."""
    quiet, found = current.quiet, []
    if change.quiet_start is not None or change.quiet_end is not None:
        now_start, now_end = (
            (current.quiet.start, current.quiet.end) if current.quiet else (None, None)
        )
        start = _given(change.quiet_start, now_start)
        end = _given(change.quiet_end, now_end)
        try:
            quiet = quiet_hours(start, end)
        except ValueError:
            found.append(Problem.QUIET_HALF)
    language = current.language if change.language is None else (change.language or None)
    updated = ReminderSettings(
        time_zone=_given(change.time_zone, current.time_zone),
        daily_new_limit=_given(change.daily_new_limit, current.daily_new_limit),
        reminders=_given(change.reminders, current.reminders),
        reminder_hour=_given(change.reminder_hour, current.reminder_hour),
        quiet=quiet,
        language=language,
        event_reminders=_given(change.event_reminders, current.event_reminders),
        plan=current.plan,
    )
    return updated, found + problems(updated, known_zones)


def _given(value: T | None, otherwise: T) -> T:
    return otherwise if value is None else value


def local_day(now: datetime, zone: tzinfo) -> date:
    """The member's calendar day at ``now``."""
    return as_utc(now).astimezone(zone).date()


def reminder_window(now: datetime, zone: tzinfo, settings: ReminderSettings) -> date | None:
    """The member-local day whose reminder may go out at ``now``, or None outside its time
    (reminders off, before the reminder hour, in quiet hours, on a day away or an easy day)."""
    if not settings.reminders:
        return None
    local = as_utc(now).astimezone(zone)
    if local.hour < settings.reminder_hour or settings.plan.is_off(local.date()):
        return None
    if settings.quiet is not None and settings.quiet.covers(local.hour):
        return None
    return local.date()


def reminder_day(
    now: datetime, zone: tzinfo, settings: ReminderSettings, last_reminded: date | None
) -> date | None:
    """The member-local day a new reminder is owed for at ``now``, or None when none is.

    ``last_reminded`` is the latest local day a reminder was claimed for, sent or not: a claim
    that was never confirmed is retried as such, not owed again.
    """
    today = reminder_window(now, zone, settings)
    if today is None or (last_reminded is not None and last_reminded >= today):
        return None
    return today


def _is_hour(value: int) -> bool:
    return 0 <= value < HOURS_IN_DAY
