"""Scoring rules: leaderboard periods, standings order and competition ranks, streaks."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
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


def standings_key(points: int, correct_ms: int, member_id: int) -> tuple[int, int, int]:
    """Standings order: more points first, then less total time on correct answers, then id."""
    return (-points, correct_ms, member_id)


def competition_ranks(points_in_order: Sequence[int]) -> list[int]:
    """Ranks for points listed in standings order: equal points share a rank (1, 2, 2, 4)."""
    ranks: list[int] = []
    for position, points in enumerate(points_in_order, start=1):
        shares_previous = position > 1 and points_in_order[position - 2] == points
        ranks.append(ranks[-1] if shares_previous else position)
    return ranks


def current_streak(active_days: Iterable[date], today: date) -> int:
    """Consecutive days with activity ending today, or yesterday if today has none yet."""
    days = set(active_days)
    day = today if today in days else today - timedelta(days=1)
    streak = 0
    while day in days:
        streak += 1
        day -= timedelta(days=1)
    return streak
