"""A member's days off: the weekdays they keep easy and the dates they are away, and where a due
day lands once they are taken out.

A scheduler that only says *how far* apart reviews are sends a member who never studies at
weekends a pile every Monday, and one back from a holiday everything at once. So a due day that
falls on a day off moves, within the fuzz range the scheduler would have drawn from anyway, to
a day the member studies: fuzz already spreads due days over that range to keep cards learnt
together from falling due together, so choosing among its free days costs the memory nothing
the fuzz did not already cost (measured in docs/learning.md, "Reviews that fit a life").

Dates are the member's local dates; weekdays count from Monday = 0, as ``date.weekday``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta
from enum import StrEnum
from random import Random

WEEKDAYS = frozenset(range(7))
_ONE_DAY = timedelta(days=1)

__all__ = [
    "WEEKDAYS",
    "Away",
    "StudyDays",
    "StudyDaysProblem",
    "nearest_free_day",
    "place_due",
    "problem_with",
]


class StudyDaysProblem(StrEnum):
    """Why a choice of days off cannot be kept: a code the caller words in the member's
    language."""

    NOT_A_WEEKDAY = "not_a_weekday"
    EVERY_DAY_EASY = "every_day_easy"
    AWAY_ENDS_BEFORE_IT_STARTS = "away_ends_before_it_starts"


def problem_with(easy_weekdays: Iterable[int], away: Away | None = None) -> StudyDaysProblem | None:
    """What is wrong with these days off, or None. Every weekday easy would leave no day to
    move a review to, so at least one must stay normal."""
    chosen = frozenset(easy_weekdays)
    if not chosen <= WEEKDAYS:
        return StudyDaysProblem.NOT_A_WEEKDAY
    if chosen == WEEKDAYS:
        return StudyDaysProblem.EVERY_DAY_EASY
    if away is not None and away.last < away.first:
        return StudyDaysProblem.AWAY_ENDS_BEFORE_IT_STARTS
    return None


@dataclass(frozen=True, slots=True)
class Away:
    """The dates a member is away, ``first`` and ``last`` both included."""

    first: date
    last: date

    def __post_init__(self) -> None:
        if self.last < self.first:
            raise ValueError(f"away until {self.last}, before it starts on {self.first}")

    def covers(self, day: date) -> bool:
        return self.first <= day <= self.last

    @property
    def back(self) -> date:
        """The first day after the window: the member studies again."""
        return self.last + _ONE_DAY

    @property
    def days(self) -> int:
        return (self.last - self.first).days + 1


@dataclass(frozen=True, slots=True)
class StudyDays:
    """The days a member does not review: ``easy_weekdays`` every week, and the ``away``
    window if they set one. Raises ValueError for a choice ``problem_with`` rejects."""

    easy_weekdays: frozenset[int] = field(default_factory=frozenset)
    away: Away | None = None

    def __post_init__(self) -> None:
        found = problem_with(self.easy_weekdays, self.away)
        if found is not None:
            raise ValueError(f"days off rejected: {found}")

    def is_off(self, day: date) -> bool:
        return day.weekday() in self.easy_weekdays or self.is_away(day)

    def is_away(self, day: date) -> bool:
        return self.away is not None and self.away.covers(day)

    def next_free(self, day: date) -> date:
        """``day`` if the member studies then, else the first later day they do."""
        while self.is_off(day):
            day += _ONE_DAY
        return day


def place_due(
    today: date, days: int, bounds: tuple[int, int] | None, study_days: StudyDays, rng: Random
) -> date:
    """The due day for an interval of ``days`` from ``today`` whose fuzz range is ``bounds``
    (days from today, both included; None when the interval is too short to fuzz).

    Drawn with ``rng`` among the days of the range the member studies on, one draw as the plain
    fuzz makes (so with no day off the draw is the fuzz's own); if none is free, the free day
    nearest the interval (``nearest_free_day``).
    """
    low, high = bounds if bounds is not None else (days, days)
    free = [d for d in range(low, high + 1) if not study_days.is_off(today + timedelta(days=d))]
    if free and bounds is not None:
        return today + timedelta(days=free[rng.randrange(len(free))])
    if free:
        return today + timedelta(days=free[0])
    return nearest_free_day(today, today + timedelta(days=days), study_days)


def nearest_free_day(today: date, target: date, study_days: StudyDays) -> date:
    """The day the member studies nearest ``target``, at least a day after ``today``; a tie
    goes to the later day (a review a day late costs less recall than one a day early
    gains). A target in the away window goes after it: the member is not there to review
    early, and ``spread`` keeps the days after it within the limit."""
    if study_days.is_away(target):
        return study_days.next_free(target)
    earliest = today + _ONE_DAY
    for distance in range(8):  # a normal weekday comes within a week
        later = target + timedelta(days=distance)
        if not study_days.is_off(later):
            return later
        earlier = target - timedelta(days=distance)
        if earlier >= earliest and not study_days.is_off(earlier):
            return earlier
    return study_days.next_free(target)  # past an away window that outlasts the week
