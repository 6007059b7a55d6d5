"""Round rules: the shuffled order and the allowed question time."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from bot.quiz.rounds import Move, NextMove, check_question_seconds, next_move, shuffled_order

IDS = tuple(f"q{i}" for i in range(10))


def test_the_order_is_a_seeded_shuffle_cut_to_the_count() -> None:
    first = shuffled_order(IDS, random.Random(4), 5)  # noqa: S311 - not cryptography
    again = shuffled_order(IDS, random.Random(4), 5)  # noqa: S311 - not cryptography
    assert first == again
    assert len(first) == len(set(first)) == 5
    assert set(first) <= set(IDS)
    everything = shuffled_order(IDS, random.Random(4))  # noqa: S311 - not cryptography
    assert sorted(everything) == sorted(IDS)


def test_an_empty_pack_cannot_make_a_round() -> None:
    with pytest.raises(ValueError, match="at least one question"):
        shuffled_order((), random.Random(1))  # noqa: S311 - not cryptography


@pytest.mark.parametrize(("seconds", "allowed"), [(4, False), (5, True), (300, True), (301, False)])
def test_question_time_bounds(seconds: int, allowed: bool) -> None:
    if allowed:
        assert check_question_seconds(seconds) == seconds
    else:
        with pytest.raises(ValueError, match="question time"):
            check_question_seconds(seconds)


NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def move(
    *, running: bool = True, index: int = 0, open_: bool = True, closes_in: float | None = 5
) -> NextMove:
    closes_at = None if closes_in is None else NOW + timedelta(seconds=closes_in)
    return next_move(
        running=running,
        question_index=index,
        question_open=open_,
        closes_at=closes_at,
        total=3,
        now=NOW,
    )


def test_an_open_question_waits_until_its_closing_time_then_closes() -> None:
    assert move(closes_in=5) == NextMove(Move.WAIT, 0, 5.0)
    assert move(closes_in=0) == NextMove(Move.CLOSE, 0)
    assert move(closes_in=-30) == NextMove(Move.CLOSE, 0)  # it passed while nobody conducted
    assert move(closes_in=None) == NextMove(Move.CLOSE, 0)


def test_a_closed_question_opens_the_next_or_finishes_the_round() -> None:
    assert move(index=-1, open_=False) == NextMove(Move.OPEN, 0)
    assert move(index=1, open_=False) == NextMove(Move.OPEN, 2)
    assert move(index=2, open_=False) == NextMove(Move.FINISH, 2)


def test_an_ended_round_has_nothing_left_to_do() -> None:
    assert move(running=False).move is Move.DONE
    assert move(running=False, open_=False, index=2).move is Move.DONE
