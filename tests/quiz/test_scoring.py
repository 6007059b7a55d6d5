"""Score periods and streaks."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from bot.quiz.scoring import (
    ALL_TIME,
    Period,
    current_streak,
    month_key,
    period_key,
    periods_at,
    week_key,
)


@pytest.mark.parametrize(
    ("moment", "week", "month"),
    [
        (datetime(2026, 11, 25, tzinfo=UTC), "2026-W48", "2026-11"),
        (datetime(2027, 1, 1, tzinfo=UTC), "2026-W53", "2027-01"),  # ISO year differs
        (datetime(2024, 12, 30, tzinfo=UTC), "2025-W01", "2024-12"),
    ],
)
def test_period_keys(moment: datetime, week: str, month: str) -> None:
    assert (week_key(moment), month_key(moment)) == (week, month)
    assert periods_at(moment) == (ALL_TIME, week, month)
    assert [period_key(p, moment) for p in Period] == [ALL_TIME, week, month]


def test_streak_counts_back_from_today_or_yesterday() -> None:
    today = date(2026, 11, 25)
    days = [today - timedelta(days=n) for n in (1, 2, 3, 5)]
    assert current_streak(days, today) == 3  # yesterday's streak is still alive
    assert current_streak([*days, today], today) == 4
    assert current_streak([today - timedelta(days=2)], today) == 0
