"""Several right options: right only when the picked set is exactly the right set."""

from __future__ import annotations

from bot.quiz.answers.choices import all_that_apply


def test_only_the_exact_set_is_right() -> None:
    assert all_that_apply([0, 2], [2, 0])
    assert not all_that_apply([0], [0, 2])  # one right option missed
    assert not all_that_apply([0, 1, 2], [0, 2])  # one wrong option picked
    assert not all_that_apply([], [0, 2])
    assert not all_that_apply([], [])  # a question with no right option has no right answer
