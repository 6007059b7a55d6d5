"""A choice question with several right options: the member picks all that apply.

Right only when the picked set is exactly the right set: one right option missed, or one wrong
option picked, makes it wrong. Partial credit would say a member half knows a question the
scheduler then treats as known; a later option may score it, the review's grade stays this.
"""

from __future__ import annotations

from collections.abc import Collection


def all_that_apply(picked: Collection[int], correct: Collection[int]) -> bool:
    """Whether the options ``picked`` (their indices in the pack) are exactly the right ones."""
    return bool(correct) and set(picked) == set(correct)
