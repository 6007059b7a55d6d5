"""Round rules: which questions a round asks, in which order, for how long."""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence

MIN_QUESTION_SECONDS = 5
MAX_QUESTION_SECONDS = 300
DEFAULT_QUESTION_SECONDS = 30


class RoundState(enum.StrEnum):
    RUNNING = "running"
    FINISHED = "finished"
    STOPPED = "stopped"


def shuffled_order(
    question_ids: Sequence[str], rng: random.Random, count: int | None = None
) -> tuple[str, ...]:
    """The round's questions: a shuffle of ``question_ids`` cut to ``count`` (all if None)."""
    if not question_ids:
        raise ValueError("a round needs at least one question")
    order = list(question_ids)
    rng.shuffle(order)
    return tuple(order if count is None else order[: max(1, count)])


def check_question_seconds(seconds: int) -> int:
    """``seconds`` if it is an allowed time to answer one question, else ValueError."""
    if not MIN_QUESTION_SECONDS <= seconds <= MAX_QUESTION_SECONDS:
        raise ValueError(
            f"question time must be {MIN_QUESTION_SECONDS}-{MAX_QUESTION_SECONDS} seconds"
        )
    return seconds
