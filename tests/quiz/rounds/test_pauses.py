"""Pause rules: the time an open question keeps, a resumed question's times, the limit."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.quiz.rounds.pauses import (
    MAX_PAUSE_LIMIT_MINUTES,
    MIN_PAUSE_LIMIT_MINUTES,
    check_pause_limit,
    pause_minutes,
    resumed_times,
    time_left,
)

NOW = datetime(2026, 12, 2, 19, 0, tzinfo=UTC)


def test_a_paused_question_keeps_the_seconds_it_had_left() -> None:
    assert time_left(NOW + timedelta(seconds=17.5), NOW, 30) == 17.5


def test_the_time_left_is_never_below_nothing_nor_above_the_whole_question() -> None:
    assert time_left(NOW - timedelta(seconds=2), NOW, 30) == 0.0  # its time was already up
    # Paused before its post was confirmed: its time counts from the post, after the pause.
    assert time_left(NOW + timedelta(seconds=31), NOW, 30) == 30.0
    assert time_left(None, NOW, 30) == 30.0


def test_a_resumed_question_closes_after_its_time_left_and_counts_as_opened_earlier() -> None:
    later = NOW + timedelta(minutes=20)
    times = resumed_times(12.0, 30, later)
    assert times.closes_at == later + timedelta(seconds=12)
    # An answer right at the resume is timed at the 18 s the question had run before the pause.
    assert (later - times.opened_at).total_seconds() == 18.0
    assert resumed_times(-1.0, 30, later).closes_at == later


@pytest.mark.parametrize(
    ("minutes", "allowed"),
    [
        (MIN_PAUSE_LIMIT_MINUTES - 1, False),
        (MIN_PAUSE_LIMIT_MINUTES, True),
        (60, True),
        (MAX_PAUSE_LIMIT_MINUTES, True),
        (MAX_PAUSE_LIMIT_MINUTES + 1, False),
    ],
)
def test_pause_limit_bounds(minutes: int, allowed: bool) -> None:
    if allowed:
        assert check_pause_limit(minutes) == minutes
    else:
        with pytest.raises(ValueError, match="pause limit"):
            check_pause_limit(minutes)


def test_the_limit_a_pause_was_given_reads_back_in_minutes() -> None:
    assert pause_minutes(NOW, NOW + timedelta(minutes=60)) == 60
    assert pause_minutes(NOW, NOW + timedelta(minutes=1)) == 1
