"""Round rules: the shuffled order and the allowed question time."""

from __future__ import annotations

import random

import pytest

from bot.quiz.rounds import check_question_seconds, shuffled_order

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
