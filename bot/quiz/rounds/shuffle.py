"""The order a question's options are shown in, as a pure function of a seed.

Nothing is stored: the order is derived again from the same seed wherever it is needed (the
question, its buttons, the answer's reply, the reveal, a restart), so every place agrees. The
seed is a string hashed by ``random.Random`` itself (SHA-512 for str seeds), which is the same in
every process and every CPython 3 version; ``hash()`` is salted per process and never used.

Stored answers stay in the pack's own option indices; only what members see follows the order.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from bot.quiz.model import Question


def option_order(seed: str | int, option_count: int) -> tuple[int, ...]:
    """The pack's option indices in shown order: position ``p`` shows option ``order[p]``."""
    if option_count < 0:
        raise ValueError("a question cannot have a negative number of options")
    order = list(range(option_count))
    Random(seed).shuffle(order)  # noqa: S311  # a stable shuffle, not cryptography
    return tuple(order)


def round_option_seed(round_id: int, question_id: str) -> str:
    """One question in one round: the same order for everyone in that round, another in the
    next round (round ids are never reused)."""
    return f"round:{round_id}:{question_id}"


def shown_order(round_id: int, question: Question) -> tuple[int, ...]:
    """The pack's option indices in the order round ``round_id`` shows them."""
    return option_order(round_option_seed(round_id, question.id), len(question.options))


def review_option_seed(member_id: int, pack_id: str, question_id: str, times_reviewed: int) -> str:
    """One showing of a card to its member: ``times_reviewed`` is how often the member had
    answered the question before it (rounds and reviews), so the order changes with each
    review yet stays put from the card to its result."""
    return f"review:{member_id}:{pack_id}:{question_id}:{times_reviewed}"


def shown_position(order: Sequence[int], option: int) -> int:
    """Where the pack's option ``option`` is shown; itself if ``order`` does not cover it."""
    return order.index(option) if option in order else option
