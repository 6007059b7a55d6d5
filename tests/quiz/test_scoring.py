"""Score periods, standings order, shared ranks and streaks."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.quiz.scoring import (
    ALL_TIME,
    Period,
    competition_ranks,
    current_streak,
    month_key,
    period_key,
    periods_at,
    standings_key,
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


def test_competition_ranks_share_and_skip() -> None:
    assert competition_ranks([5, 3, 3, 1]) == [1, 2, 2, 4]
    assert competition_ranks([2, 2, 2]) == [1, 1, 1]
    assert competition_ranks([]) == []


@given(st.lists(st.integers(min_value=0, max_value=20), max_size=40))
def test_a_rank_is_one_more_than_those_ahead(points: list[int]) -> None:
    ordered = sorted(points, reverse=True)
    ranks = competition_ranks(ordered)
    assert ranks == [1 + sum(other > p for other in ordered) for p in ordered]


def test_standings_order_points_then_speed_then_id() -> None:
    rows = [(1, 900, 7), (2, 5000, 3), (1, 400, 9), (1, 400, 8)]
    assert sorted(rows, key=lambda r: standings_key(*r)) == [
        (2, 5000, 3),
        (1, 400, 8),
        (1, 400, 9),
        (1, 900, 7),
    ]


def test_streak_counts_back_from_today_or_yesterday() -> None:
    today = date(2026, 11, 25)
    days = [today - timedelta(days=n) for n in (1, 2, 3, 5)]
    assert current_streak(days, today) == 3  # yesterday's streak is still alive
    assert current_streak([*days, today], today) == 4
    assert current_streak([today - timedelta(days=2)], today) == 0
