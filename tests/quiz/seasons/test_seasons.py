"""A season's rules: which answers count for it, when a last day ends in a server's zone, and
which names and last days it may have."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.quiz.seasons.season import MAX_NAME, Season, end_of_day, ends_problem, name_problem

START = datetime(2027, 3, 1, 9, tzinfo=UTC)


def test_an_answer_counts_while_the_season_runs_and_not_after() -> None:
    ends = START + timedelta(days=30)
    season = Season(1, 2, "Spring", START, 3, 4, ends_at=ends)
    assert not season.counts(START - timedelta(seconds=1))
    assert season.counts(START)
    assert season.counts(ends - timedelta(seconds=1))
    assert not season.counts(ends)  # its end is the start of the day after its last
    cut = Season(1, 2, "Spring", START, 3, 4, ends_at=ends, ended_at=START + timedelta(days=2))
    assert not cut.running
    assert not cut.counts(START + timedelta(days=3))  # ended early by a moderator


def test_a_last_day_ends_at_the_next_midnight_in_the_servers_zone() -> None:
    athens = ZoneInfo("Europe/Athens")
    assert end_of_day(date(2027, 1, 31), athens) == datetime(2027, 1, 31, 22, tzinfo=UTC)  # EET
    assert end_of_day(date(2027, 7, 31), athens) == datetime(2027, 7, 31, 21, tzinfo=UTC)  # EEST
    now = datetime(2027, 1, 31, 21, 30, tzinfo=UTC)  # 23:30 in Athens: the day is not over
    assert ends_problem(date(2027, 1, 31), athens, now) is None
    assert ends_problem(date(2027, 1, 30), athens, now) == "season.ends_past"


def test_a_name_is_short_and_clean() -> None:
    assert name_problem("Εαρινό εξάμηνο") is None
    assert name_problem("   ") == "season.name_empty"
    assert name_problem("x" * (MAX_NAME + 1)) == "season.name_refused"
    assert name_problem("Spring\tterm") == "season.name_refused"
