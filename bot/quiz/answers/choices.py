"""A choice question with several right options: the member picks all that apply.

Right only when the picked set is exactly the right set: one right option missed, or one wrong
option picked, makes it wrong. Partial credit would tell the scheduler that a member half
knowing a question knows it; if partial credit comes later, it will be for scores, not reviews.
"""

from __future__ import annotations

from collections.abc import Collection


def all_that_apply(picked: Collection[int], correct: Collection[int]) -> bool:
    """Whether the options ``picked`` (their indices in the pack) are exactly the right ones."""
    return bool(correct) and set(picked) == set(correct)
