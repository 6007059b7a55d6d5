"""Round rules: the shuffled order and the allowed question time."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from bot.quiz.rounds.rules import Move, NextMove, check_question_seconds, next_move, shuffled_order

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
    *,
    running: bool = True,
    index: int = 0,
    open_: bool = True,
    closes_in: float | None = 5,
    paused_for: float | None = None,
) -> NextMove:
    """The next move at NOW; ``paused_for``: the round is paused and ends in so many seconds."""
    closes_at = None if closes_in is None else NOW + timedelta(seconds=closes_in)
    paused_until = None if paused_for is None else NOW + timedelta(seconds=paused_for)
    return next_move(
        running=running,
        question_index=index,
        question_open=open_,
        closes_at=closes_at,
        total=3,
        now=NOW,
        paused_until=paused_until,
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


def test_a_paused_round_holds_until_its_limit_whatever_its_question_closing_time() -> None:
    assert move(paused_for=3600) == NextMove(Move.HOLD, 0, 3600.0)
    # The closing time has passed while paused: the question's time is not running.
    assert move(closes_in=-30, paused_for=10) == NextMove(Move.HOLD, 0, 10.0)
    assert move(closes_in=None, paused_for=10).move is Move.HOLD


def test_a_round_paused_between_questions_holds_the_next_one_and_the_finish() -> None:
    assert move(index=0, open_=False, paused_for=60) == NextMove(Move.HOLD, 0, 60.0)
    assert move(index=2, open_=False, paused_for=60) == NextMove(Move.HOLD, 2, 60.0)
    assert move(index=-1, open_=False, paused_for=60).move is Move.HOLD


def test_a_round_paused_past_its_limit_expires() -> None:
    assert move(paused_for=0) == NextMove(Move.EXPIRE, 0)
    assert move(paused_for=-1, open_=False, index=1) == NextMove(Move.EXPIRE, 1)


def test_an_ended_round_is_done_even_if_it_ended_paused() -> None:
    assert move(running=False, paused_for=-5).move is Move.DONE
    assert move(running=False, paused_for=60).move is Move.DONE
