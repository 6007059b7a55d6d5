"""Score periods and streaks."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from bot.quiz.boards.scoring import (
    ALL_TIME,
    Period,
    PeriodKey,
    carried_period_key,
    current_streak,
    month_key,
    parse_period_key,
    period_key,
    periods_at,
    season_key,
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
    dated = (Period.ALL_TIME, Period.WEEK, Period.MONTH)
    assert [period_key(p, moment) for p in dated] == [ALL_TIME, week, month]
    assert periods_at(moment, season_id=12) == (ALL_TIME, week, month, "S12")


def test_a_seasons_key_is_its_id_and_no_moment_names_it() -> None:
    assert season_key(12) == "S12"
    assert parse_period_key("S12") == PeriodKey(Period.SEASON, number=12)
    for wrong in ("S0", "S012", "S12345678", "s12"):
        with pytest.raises(ValueError, match="not a period key"):
            parse_period_key(wrong)
    with pytest.raises(ValueError, match="season"):
        period_key(Period.SEASON, datetime(2026, 11, 25, tzinfo=UTC))


def test_streak_counts_back_from_today_or_yesterday() -> None:
    today = date(2026, 11, 25)
    days = [today - timedelta(days=n) for n in (1, 2, 3, 5)]
    assert current_streak(days, today) == 3  # yesterday's streak is still alive
    assert current_streak([*days, today], today) == 4
    assert current_streak([today - timedelta(days=2)], today) == 0


@pytest.mark.parametrize(
    ("key", "read"),
    [
        ("all", PeriodKey(Period.ALL_TIME)),
        ("2026-W48", PeriodKey(Period.WEEK, 2026, 48)),
        ("2026-W53", PeriodKey(Period.WEEK, 2026, 53)),  # 2026 has 53 ISO weeks
        ("2026-11", PeriodKey(Period.MONTH, 2026, 11)),
    ],
)
def test_a_period_key_reads_back_as_its_period(key: str, read: PeriodKey) -> None:
    assert parse_period_key(key) == read


@pytest.mark.parametrize("key", ["week", "month", "2025-W53", "2026-W00", "2026-13", "2026-00", ""])
def test_a_key_of_no_period_is_refused(key: str) -> None:
    with pytest.raises(ValueError, match="not a period key"):
        parse_period_key(key)


def test_a_board_button_shows_the_period_it_carries_and_old_ones_the_current_period() -> None:
    """A week-48 board browsed in week 49 is week 48; a button from before buttons carried
    keys ("week", "month") shows the period current at the click, as it always did."""
    week_49 = datetime(2026, 12, 2, tzinfo=UTC)
    assert carried_period_key("2026-W48", week_49) == "2026-W48"
    assert carried_period_key("2026-11", week_49) == "2026-11"
    assert carried_period_key("all", week_49) == "all"
    assert carried_period_key("week", week_49) == "2026-W49"
    assert carried_period_key("month", week_49) == "2026-12"
    with pytest.raises(ValueError, match="not a period key"):
        carried_period_key("2026-W99", week_49)
