"""The shown order of a question's options: a pure, seeded permutation."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from collections import Counter

import pytest

from bot.quiz.rounds.shuffle import (
    option_order,
    review_option_seed,
    round_option_seed,
    shown_position,
)

QUESTION_IDS = [f"q{n}" for n in range(200)]


@pytest.mark.parametrize("count", range(7))
def test_an_order_is_a_permutation_of_the_options(count: int) -> None:
    for round_id in range(1, 50):
        order = option_order(round_option_seed(round_id, "q"), count)
        assert sorted(order) == list(range(count))


def test_the_same_seed_gives_the_same_order() -> None:
    for question_id in QUESTION_IDS:
        seed = round_option_seed(7, question_id)
        assert option_order(seed, 4) == option_order(seed, 4)


def test_orders_are_pinned_so_an_upgrade_keeps_running_rounds_and_reviews_stable() -> None:
    """The orders of rounds already played, as members saw them (a restart into a new Python
    must show the same)."""
    assert option_order(round_option_seed(1, "six"), 3) == (2, 1, 0)
    assert option_order(round_option_seed(2, "four"), 2) == (1, 0)
    assert option_order(round_option_seed(3, "two"), 3) == (2, 1, 0)
    assert option_order("a fixed seed", 5) == option_order("a fixed seed", 5)


def test_the_order_does_not_depend_on_the_process_hash_salt() -> None:
    script = (
        "from bot.quiz.rounds.shuffle import option_order, round_option_seed;"
        "print([option_order(round_option_seed(9, f'q{n}'), 4) for n in range(20)])"
    )
    outputs = {
        subprocess.run(  # our own interpreter and script
            [sys.executable, "-c", script],
            env=os.environ | {"PYTHONHASHSEED": salt},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for salt in ("1", "2", "random")
    }
    assert len(outputs) == 1


def test_the_next_round_shows_most_questions_in_another_order() -> None:
    changed = sum(
        option_order(round_option_seed(1, q), 4) != option_order(round_option_seed(2, q), 4)
        for q in QUESTION_IDS
    )
    assert changed >= 0.85 * len(QUESTION_IDS)  # 23 in 24 expected


def test_each_review_of_a_card_shows_another_order_for_most_reviews() -> None:
    orders = [option_order(review_option_seed(5, "pack", "q", times), 4) for times in range(200)]
    changed = sum(a != b for a, b in itertools.pairwise(orders))
    assert changed >= 0.85 * (len(orders) - 1)
    assert option_order(review_option_seed(5, "pack", "q", 0), 4) == orders[0]  # stable


def test_every_option_lands_in_every_position_about_equally() -> None:
    place_counts = Counter(
        (position, option)
        for round_id in range(1, 1201)
        for position, option in enumerate(option_order(round_option_seed(round_id, "q"), 4))
    )
    assert len(place_counts) == 16
    assert all(200 <= n <= 400 for n in place_counts.values())  # 300 expected each


def test_shown_position_inverts_the_order() -> None:
    order = option_order(round_option_seed(3, "q"), 5)
    assert [shown_position(order, option) for option in order] == list(range(5))
    assert shown_position((), 2) == 2  # an order that does not cover it: the pack's own place
