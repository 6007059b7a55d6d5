"""A member's progress over time, as the `/stats` chart shows it: answers and accuracy per
week, and how many reviews fall due on each of the coming days.

Days are the member's own (their time zone); weeks start on Monday, as ISO weeks do."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta

CHART_WEEKS = 8
CHART_DAYS = 14


@dataclass(frozen=True, slots=True)
class WeekTally:
    week_start: date  # a Monday
    answers: int
    correct: int

    @property
    def accuracy(self) -> float | None:
        """None for a week without answers: no accuracy, rather than 0 %."""
        return self.correct / self.answers if self.answers else None


@dataclass(frozen=True, slots=True)
class DayDue:
    day: date
    due: int


@dataclass(frozen=True, slots=True)
class Progress:
    weeks: tuple[WeekTally, ...]  # oldest first, the current week last
    due: tuple[DayDue, ...]  # today first

    @property
    def answers(self) -> int:
        return sum(week.answers for week in self.weeks)

    @property
    def reviews_due(self) -> int:
        return sum(day.due for day in self.due)


def week_start(day: date) -> date:
    return day - timedelta(days=day.weekday())


def first_charted_day(today: date, weeks: int = CHART_WEEKS) -> date:
    """The Monday that opens the oldest charted week: answers before it are not read."""
    return week_start(today) - timedelta(weeks=weeks - 1)


def weekly_tallies(
    answered: Iterable[tuple[date, bool]], today: date, weeks: int = CHART_WEEKS
) -> tuple[WeekTally, ...]:
    """Per week, the ``weeks`` ending with ``today``'s, from (day, correct) pairs; a week
    without answers is there with zeros, and answers outside the weeks are left out."""
    first = first_charted_day(today, weeks)
    answers: Counter[date] = Counter()
    correct: Counter[date] = Counter()
    for day, right in answered:
        if first <= day <= today:
            monday = week_start(day)
            answers[monday] += 1
            correct[monday] += right
    mondays = [first + timedelta(weeks=n) for n in range(weeks)]
    return tuple(WeekTally(monday, answers[monday], correct[monday]) for monday in mondays)


def due_per_day(
    due_days: Iterable[date], today: date, days: int = CHART_DAYS
) -> tuple[DayDue, ...]:
    """How many reviews fall due on each of ``days`` days from ``today``: what is already
    overdue counts today, since that is when the member can do it; later days are left out."""
    counts = Counter(max(day, today) for day in due_days)
    return tuple(
        DayDue(today + timedelta(days=n), counts[today + timedelta(days=n)]) for n in range(days)
    )
