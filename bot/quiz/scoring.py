"""Scoring rules: leaderboard periods and streaks (standings order and ranks: standings.py)."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from datetime import date, datetime, timedelta

ALL_TIME = "all"
# The pack column of a score row that counts every pack (a real pack id is never empty).
ALL_PACKS = ""


def week_key(moment: datetime) -> str:
    """The ISO week of a UTC moment, e.g. ``2026-W48`` (ISO years: 2027-01-01 is 2026-W53)."""
    year, week, _ = moment.date().isocalendar()
    return f"{year}-W{week:02d}"


def month_key(moment: datetime) -> str:
    """The calendar month of a UTC moment, e.g. ``2026-11``."""
    return f"{moment.year}-{moment.month:02d}"


class Period(enum.StrEnum):
    """Which leaderboard: all answers ever, this ISO week's, or this month's."""

    ALL_TIME = "all"
    WEEK = "week"
    MONTH = "month"


def period_key(period: Period, moment: datetime) -> str:
    """The stored key of ``period`` at ``moment``: ``all``, ``2026-W48`` or ``2026-11``."""
    if period is Period.WEEK:
        return week_key(moment)
    if period is Period.MONTH:
        return month_key(moment)
    return ALL_TIME


def periods_at(moment: datetime) -> tuple[str, str, str]:
    """Every score period an answer at ``moment`` counts towards: all-time, its week, its month."""
    return (ALL_TIME, week_key(moment), month_key(moment))


def current_streak(active_days: Iterable[date], today: date) -> int:
    """Consecutive days with activity ending today, or yesterday if today has none yet."""
    days = set(active_days)
    day = today if today in days else today - timedelta(days=1)
    streak = 0
    while day in days:
        streak += 1
        day -= timedelta(days=1)
    return streak
