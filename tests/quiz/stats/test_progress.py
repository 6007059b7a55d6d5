"""Shaping the `/stats` chart's series: weeks filled in, days counted, nothing out of range."""

from __future__ import annotations

from datetime import date, timedelta

from bot.quiz.stats.progress import (
    DayDue,
    WeekTally,
    due_per_day,
    first_charted_day,
    week_start,
    weekly_tallies,
)

TODAY = date(2026, 11, 26)  # a Thursday
MONDAY = date(2026, 11, 23)


def test_weeks_start_on_monday() -> None:
    assert week_start(TODAY) == MONDAY
    assert week_start(MONDAY) == MONDAY
    assert week_start(date(2026, 11, 22)) == date(2026, 11, 16)  # a Sunday
    assert first_charted_day(TODAY, weeks=3) == date(2026, 11, 9)


def test_empty_weeks_are_filled_with_zeros_and_no_accuracy() -> None:
    answered = [(MONDAY, True), (TODAY, False), (date(2026, 11, 10), True)]
    weeks = weekly_tallies(answered, TODAY, weeks=3)
    assert weeks == (
        WeekTally(date(2026, 11, 9), 1, 1),
        WeekTally(date(2026, 11, 16), 0, 0),
        WeekTally(MONDAY, 2, 1),
    )
    assert [week.accuracy for week in weeks] == [1.0, None, 0.5]


def test_answers_outside_the_weeks_are_left_out() -> None:
    before = date(2026, 11, 8)  # the Sunday before the first charted week
    after = TODAY + timedelta(days=1)
    weeks = weekly_tallies([(before, True), (after, True)], TODAY, weeks=3)
    assert sum(week.answers for week in weeks) == 0
    assert len(weeks) == 3


def test_no_answers_at_all_still_gives_every_week() -> None:
    weeks = weekly_tallies([], TODAY)
    assert len(weeks) == 8
    assert weeks[-1].week_start == MONDAY
    assert all(week.answers == 0 and week.accuracy is None for week in weeks)


def test_overdue_reviews_count_today_and_later_ones_are_left_out() -> None:
    due = [TODAY - timedelta(days=30), TODAY, TODAY + timedelta(days=2), TODAY + timedelta(3)]
    days = due_per_day(due, TODAY, days=3)
    assert days == (
        DayDue(TODAY, 2),
        DayDue(TODAY + timedelta(days=1), 0),
        DayDue(TODAY + timedelta(days=2), 1),
    )


def test_fourteen_days_from_today_by_default() -> None:
    days = due_per_day([], TODAY)
    assert [day.day for day in days] == [TODAY + timedelta(days=n) for n in range(14)]
    assert all(day.due == 0 for day in days)
