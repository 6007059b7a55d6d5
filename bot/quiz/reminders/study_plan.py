"""A member's study plan: days away, easy weekdays and a daily limit of reviews, as they set them
with /settings, and what each means for a day of theirs.

Away time and easy days are days off: no reminder comes on them, and the scheduler places due
dates elsewhere (bot.quiz.review.study_days). Away days also freeze the streak: they neither count
towards it nor break it. Dates are the member's own calendar dates, both ends included. A window
that has ended is kept (it still bridges the streak) until the member sets another.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date, timedelta

from babel import Locale

from bot.quiz.answers.typed import normalized
from bot.quiz.review.study_days import Away, StudyDays, StudyDaysProblem, problem_with

DAYS_IN_WEEK = 7
MAX_DAILY_REVIEWS = 500
MAX_AWAY_DAYS = 365
_NO_DAYS = ("none", "no", "κανένα", "καμία")  # what "no easy day" may be written as
_NAME_LOCALES = ("en", "el")  # the languages whose weekday names the bot reads


class PlanProblem(enum.StrEnum):
    """Why a plan is refused; each has a ``settings.problem.<value>`` message."""

    AWAY_DATE = "away_date"  # a date that is none
    AWAY_HALF = "away_half"  # one end of a window that does not exist yet
    AWAY_ORDER = "away_order"
    AWAY_PAST = "away_past"
    AWAY_LONG = "away_long"
    EASY_UNKNOWN = "easy_unknown"
    EASY_EVERY_DAY = "easy_every_day"
    DAILY_REVIEWS_RANGE = "daily_reviews_range"


@dataclass(frozen=True, slots=True)
class StudyPlan:
    """What the member set; the empty plan is a member who set nothing."""

    away: Away | None = None
    easy_weekdays: frozenset[int] = frozenset()  # Monday = 0, as date.weekday() counts
    daily_reviews: int | None = None  # due reviews offered a day at most; None: no limit

    @property
    def study_days(self) -> StudyDays:
        """The days off, as the scheduler places due days around them."""
        return StudyDays(self.easy_weekdays, self.away)

    def is_away(self, day: date) -> bool:
        return self.away is not None and self.away.covers(day)

    def is_off(self, day: date) -> bool:
        """Whether ``day`` is a day off reviews: away, or an easy weekday. Read per reminder
        candidate, so it asks the fields rather than building (and checking) a StudyDays."""
        return day.weekday() in self.easy_weekdays or self.is_away(day)


@dataclass(frozen=True, slots=True)
class PlanChange:
    """What the member asked to change, as typed; None leaves a part as it is. Dates are
    YYYY-MM-DD; ``easy_days`` names weekdays ("sat sun", "none"); ``daily_reviews`` 0 lifts the
    limit; ``clear_away`` ends the window."""

    away_from: str | None = None
    away_until: str | None = None
    clear_away: bool = False
    easy_days: str | None = None
    daily_reviews: int | None = None

    @property
    def is_empty(self) -> bool:
        return self == PlanChange()


def weekday_mask(weekdays: Iterable[int]) -> int:
    """Weekdays as stored: a bit per day, Monday the lowest."""
    return sum(1 << day for day in set(weekdays))


def weekdays_of(mask: int) -> frozenset[int]:
    return frozenset(day for day in range(DAYS_IN_WEEK) if mask & (1 << day))


def _weekday_names() -> dict[str, int]:
    """Every weekday name the bot reads, normalised (case and Greek accents ignored): wide and
    abbreviated, in English and Greek, and their first three letters."""
    names: dict[str, int] = {}
    for code in _NAME_LOCALES:
        days = Locale.parse(code).days
        for context in ("format", "stand-alone"):
            for width in ("wide", "abbreviated"):
                for day, name in days[context][width].items():
                    names[normalized(name)] = day
                    names[normalized(name)[:3]] = day
    return names


WEEKDAY_NAMES = _weekday_names()
NO_DAYS = frozenset(normalized(word) for word in _NO_DAYS)


def read_weekdays(text: str) -> frozenset[int] | None:
    """The weekdays named in ``text`` (separated by spaces or commas), empty for "none"; None
    when a word names no weekday."""
    words = [normalized(word) for word in text.replace(",", " ").split()]
    if not words or all(word in NO_DAYS for word in words):
        return frozenset()
    days = [WEEKDAY_NAMES.get(word) for word in words]
    if any(day is None for day in days):
        return None
    return frozenset(day for day in days if day is not None)


def read_date(text: str) -> date | None:
    """A date written as YYYY-MM-DD; None for anything else."""
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        return None


def changed_plan(
    current: StudyPlan, change: PlanChange, today: date
) -> tuple[StudyPlan, list[PlanProblem]]:
    """The plan after ``change`` on the member's ``today``, and what stops it being saved."""
    found: list[PlanProblem] = []
    away = _ended(current.away, today) if change.clear_away else current.away
    if change.away_from is not None or change.away_until is not None:
        away, found = _window(None if change.clear_away else away, change, today)
    easy = current.easy_weekdays
    if change.easy_days is not None:
        read = read_weekdays(change.easy_days)
        easy = current.easy_weekdays if read is None else read
        if read is None:
            found.append(PlanProblem.EASY_UNKNOWN)
        elif problem_with(read) is StudyDaysProblem.EVERY_DAY_EASY:
            found.append(PlanProblem.EASY_EVERY_DAY)
    daily = current.daily_reviews
    if change.daily_reviews is not None:
        daily = change.daily_reviews or None
        if not 0 <= change.daily_reviews <= MAX_DAILY_REVIEWS:
            found.append(PlanProblem.DAILY_REVIEWS_RANGE)
    return StudyPlan(away, easy, daily), found


def _window(
    current: Away | None, change: PlanChange, today: date
) -> tuple[Away | None, list[PlanProblem]]:
    """A new or moved window; a window that has ended is replaced, not moved."""
    typed = [read_date(text) for text in (change.away_from, change.away_until) if text is not None]
    if None in typed:
        return current, [PlanProblem.AWAY_DATE]
    kept = current if current is not None and current.last >= today else None
    first = read_date(change.away_from or "") or (kept.first if kept else None)
    last = read_date(change.away_until or "") or (kept.last if kept else None)
    if first is None or last is None:
        return current, [PlanProblem.AWAY_HALF]
    if last < first:
        return current, [PlanProblem.AWAY_ORDER]
    if last < today:
        return current, [PlanProblem.AWAY_PAST]
    if (last - first).days >= MAX_AWAY_DAYS:
        return current, [PlanProblem.AWAY_LONG]
    return Away(first, last), []


def _ended(away: Away | None, today: date) -> Away | None:
    """The window once the member says they are back: one not begun goes, one under way ends
    yesterday (its days stay off, so the streak keeps them), one that ended stays as it is."""
    if away is None or away.last < today:
        return away
    if away.first >= today:
        return None
    return replace(away, last=today - timedelta(days=1))
