"""Scoring rules: leaderboard periods and streaks (standings order and ranks: standings.py)."""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
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
    """Which leaderboard: all answers ever, this ISO week's, this month's, or a season's (the
    answers given while a server's season ran: bot/quiz/seasons/season.py)."""

    ALL_TIME = "all"
    WEEK = "week"
    MONTH = "month"
    SEASON = "season"


def season_key(season_id: int) -> str:
    """The stored key of a season's board, e.g. ``S12``: by its id, not its dates, so the board
    holds exactly the answers counted while it ran."""
    return f"S{season_id}"


def period_key(period: Period, moment: datetime) -> str:
    """The stored key of ``period`` at ``moment``: ``all``, ``2026-W48`` or ``2026-11``."""
    if period is Period.WEEK:
        return week_key(moment)
    if period is Period.MONTH:
        return month_key(moment)
    if period is Period.SEASON:
        raise ValueError("a season's key is its id's (season_key), not a moment's")
    return ALL_TIME


@dataclass(frozen=True, slots=True)
class PeriodKey:
    """A stored period key read back: all time, ISO week ``number`` of ``year``, or month
    ``number`` (1-12) of ``year``."""

    period: Period
    year: int = 0
    number: int = 0


_WEEK_KEY = re.compile(r"([0-9]{4})-W([0-9]{2})")
_MONTH_KEY = re.compile(r"([0-9]{4})-([0-9]{2})")
_SEASON_KEY = re.compile(r"S([1-9][0-9]{0,6})")  # the period column holds 8 characters


def parse_period_key(key: str) -> PeriodKey:
    """What a stored key names; ValueError for a key of no period (``2026-W54``, ``week``)."""
    if key == ALL_TIME:
        return PeriodKey(Period.ALL_TIME)
    week = _WEEK_KEY.fullmatch(key)
    if week is not None and _is_iso_week(int(week[1]), int(week[2])):
        return PeriodKey(Period.WEEK, int(week[1]), int(week[2]))
    month = _MONTH_KEY.fullmatch(key)
    if month is not None and 1 <= int(month[2]) <= 12:  # noqa: PLR2004  # months of a year
        return PeriodKey(Period.MONTH, int(month[1]), int(month[2]))
    season = _SEASON_KEY.fullmatch(key)
    if season is not None:
        return PeriodKey(Period.SEASON, number=int(season[1]))
    raise ValueError(f"{key!r} is not a period key")


def _is_iso_week(year: int, week: int) -> bool:
    try:
        date.fromisocalendar(year, week, 1)
    except ValueError:  # week 0, or 53 of a year of 52
        return False
    return True


def carried_period_key(carried: str, now: datetime) -> str:
    """The period a board's button shows: the key it carries (the period of the message it came
    from). Buttons from before they carried keys carry ``week`` or ``month``, which meant the
    period current at the click, and still do."""
    if carried in (Period.WEEK.value, Period.MONTH.value):
        return period_key(Period(carried), now)
    parse_period_key(carried)
    return carried


def periods_at(moment: datetime, season_id: int | None = None) -> tuple[str, ...]:
    """Every score period an answer at ``moment`` counts towards: all-time, its week, its month,
    and the season it was given in, if one ran."""
    season = () if season_id is None else (season_key(season_id),)
    return (ALL_TIME, week_key(moment), month_key(moment), *season)


def current_streak(
    active_days: Iterable[date], today: date, frozen: Callable[[date], bool] = lambda _day: False
) -> int:
    """Consecutive days with activity ending today, or yesterday if today has none yet. A
    ``frozen`` day (a member's time away) neither counts nor breaks the run, played or not."""
    days = set(active_days)
    day = today if today in days or frozen(today) else today - timedelta(days=1)
    streak = 0
    while day in days or frozen(day):
        streak += not frozen(day)
        day -= timedelta(days=1)
    return streak
