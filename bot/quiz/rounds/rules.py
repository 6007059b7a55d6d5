"""Round rules: which questions a round asks, in which order, for how long."""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

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


class Message(enum.StrEnum):
    """The Discord messages a round owes: each transition commits the one it implies."""

    START = "start"  # post a scheduled round's start card (a command's round posts its own)
    QUESTION = "question"  # post question N
    REVEAL = "reveal"  # edit question N's message into its reveal
    STANDINGS = "standings"  # post the standings once the round ends
    TIMER = "timer"  # edit open question N's message to show its timer: paused, or running again


class Move(enum.Enum):
    WAIT = "wait"  # the open question closes later
    CLOSE = "close"  # the open question's time is up
    OPEN = "open"  # open the next question
    FINISH = "finish"  # the last question is closed: end the round
    HOLD = "hold"  # the round is paused: wait for a resume, at most until its pause limit
    EXPIRE = "expire"  # the round stayed paused past its limit: end it
    DONE = "done"  # the round has ended; nothing left to do


@dataclass(frozen=True, slots=True)
class NextMove:
    move: Move
    question_index: int
    wait_s: float = 0.0


def next_move(
    *,
    running: bool,
    question_index: int,
    question_open: bool,
    closes_at: datetime | None,
    total: int,
    now: datetime,
    paused_until: datetime | None = None,
) -> NextMove:
    """What a round's conductor does next, from the round's stored state alone.

    Pending messages are delivered before this is asked, so an open question here is one that
    members can see, and its closing time counts from when they could. ``paused_until``: the
    round is paused, and ends by itself then unless resumed; its closing time does not count.
    """
    if not running:
        return NextMove(Move.DONE, question_index)
    if paused_until is not None:
        return _while_paused(question_index, paused_until, now)
    if question_open:
        if closes_at is None or closes_at <= now:
            return NextMove(Move.CLOSE, question_index)
        return NextMove(Move.WAIT, question_index, (closes_at - now).total_seconds())
    if question_index + 1 >= total:
        return NextMove(Move.FINISH, question_index)
    return NextMove(Move.OPEN, question_index + 1)


def _while_paused(question_index: int, paused_until: datetime, now: datetime) -> NextMove:
    """A paused round waits for its resume, and ends once its pause limit is reached."""
    if paused_until <= now:
        return NextMove(Move.EXPIRE, question_index)
    return NextMove(Move.HOLD, question_index, (paused_until - now).total_seconds())
