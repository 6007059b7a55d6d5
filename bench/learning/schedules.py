"""The schedulers the learning benchmark compares, each telling when a card is next due.

``QuizbotSchedule`` calls the very function the bot calls (``bot.quiz.scheduling.review``);
``Ladder`` is both fixed intervals and Leitner boxes; ``Oracle`` reads the member's true memory,
the bound for any scheduler that keeps cards memorised. "No scheduling" has no due dates at all:
the engine re-asks at random instead (bench/learning/benchmark.py).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Protocol, TypeAlias

from fsrs import Scheduler

from bench.learning.learner import Memory
from bot.quiz import scheduling

EPOCH = datetime(2026, 1, 1, tzinfo=UTC)  # simulated day 0 starts here
RESPONSE_MS = 20_000
FIXED_INTERVALS = (1, 4, 10, 17, 30, 60)
LEITNER_BOXES = (1, 2, 4, 8, 16)


CardState: TypeAlias = int | scheduling.Card | None  # a rung, the bot's card, or not yet met


@dataclass(frozen=True, slots=True)
class Scheduled:
    """A card's scheduler state after an answer, when it is next due, and whether it is still in
    same-day learning steps (such cards come first in the queue, as in the bot's)."""

    state: CardState
    due: float
    learning: bool


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer as a scheduler may see it: right or wrong, to a question of ``option_count``
    options, at ``now``; and the member's true memory after it, which only the oracle reads."""

    correct: bool
    option_count: int
    now: float
    memory: Memory


class Schedule(Protocol):
    @property
    def name(self) -> str: ...

    def answer(self, state: CardState, answer: Answer) -> Scheduled:
        """``state`` is None for a card met for the first time."""
        ...


@dataclass(frozen=True, slots=True)
class Ladder:
    """Intervals climbed one rung per right answer; a wrong answer drops to the first rung.

    A card's state is the index of the rung it is on; the first meeting puts it on rung 0.
    Intervals count calendar days, so a card is due at the start of its day.
    """

    name: str
    intervals: Sequence[int]

    def answer(self, state: CardState, answer: Answer) -> Scheduled:
        on = state if isinstance(state, int) else None
        rung = 0 if on is None or not answer.correct else min(on + 1, len(self.intervals) - 1)
        # Calendar days: due from the start of the day, whatever the hour it was answered.
        return Scheduled(rung, math.floor(answer.now) + self.intervals[rung], learning=False)


class QuizbotSchedule:
    """The bot's own scheduler: ``scheduling.make_scheduler()`` and ``scheduling.review``, or
    ``scheduling.review`` with a variant of the bot's configuration (``variant_scheduler``)."""

    name = "quizbot"

    def __init__(self, rng: random.Random, scheduler: Scheduler | None = None) -> None:
        self._scheduler = scheduler or scheduling.make_scheduler()
        self._rng = rng

    def answer(self, state: CardState, answer: Answer) -> Scheduled:
        moment = day_to_datetime(answer.now)
        card = state if isinstance(state, scheduling.Card) else scheduling.new_card(moment)
        card = review_as_the_bot_does(self._scheduler, card, answer, rng=self._rng)
        learning = card.state is not scheduling.State.Review
        return Scheduled(card, datetime_to_day(card.due), learning)


@dataclass(frozen=True, slots=True)
class Oracle:
    """A scheduler that knows the member's true memory: each card is due on the last day whose
    session comes before the first midnight at which its recall would be below 0.9.

    Memorised is counted at midnights, and recall is at least 0.9 while ``t ≤ S``: the last
    midnight a memory seen at ``last_seen`` holds is ``floor(last_seen + S)``, and that day's
    session (before the next midnight) is the latest review that keeps the card memorised
    throughout; a later one would let a midnight pass below 0.9, an earlier one spends answers
    while it still holds. A memory that cannot reach the next midnight (a card just met, or just
    forgotten) is due the next day: the oracle never re-asks a card the same day.
    """

    name: str = "oracle"

    def answer(self, state: CardState, answer: Answer) -> Scheduled:
        del state  # the true memory says all
        memory = answer.memory
        last_midnight = math.floor(memory.last_seen + memory.stability)
        return Scheduled(None, max(last_midnight, math.floor(answer.now) + 1), learning=False)


def review_as_the_bot_does(
    scheduler: Scheduler, card: scheduling.Card, answer: Answer, *, rng: random.Random
) -> scheduling.Card:
    """``scheduling.review`` as the bot calls it, fuzzed from the member's seeded generator."""
    card, _log = scheduling.review(
        scheduler,
        card,
        correct=answer.correct,
        option_count=answer.option_count,
        reviewed_at=day_to_datetime(answer.now),
        response_ms=RESPONSE_MS,
        rng=rng,
    )
    return card


def day_to_datetime(day: float) -> datetime:
    return EPOCH + timedelta(days=day)


def datetime_to_day(moment: datetime) -> float:
    return (moment - EPOCH) / timedelta(days=1)


def variant_scheduler(*, desired_retention: float | None, learning_steps: bool) -> Scheduler:
    """The bot's scheduler configuration with another desired retention, or without same-day
    learning and relearning steps (a new or forgotten card is then due the next day): variants
    measured in docs/learning.md, not what the bot runs."""
    bots = scheduling.make_scheduler()
    return Scheduler(
        desired_retention=desired_retention or bots.desired_retention,
        learning_steps=bots.learning_steps if learning_steps else (),
        relearning_steps=bots.relearning_steps if learning_steps else (),
        maximum_interval=bots.maximum_interval,
        enable_fuzzing=bots.enable_fuzzing,
    )


def due_schedules(
    rng: random.Random,
    quizbots: Scheduler | None = None,
    quizbot: type[QuizbotSchedule] = QuizbotSchedule,
) -> list[Schedule]:
    """The schedulers with due dates, for one member (the bot's needs the member's generator);
    ``quizbots``: a variant configuration for the bot's row, else the bot's own; ``quizbot``: the
    bot's schedule or the calibrated prototype (bench/learning/calibration.py)."""
    return [
        quizbot(rng, quizbots),
        Ladder("fixed", FIXED_INTERVALS),
        Ladder("leitner", LEITNER_BOXES),
        Oracle(),
    ]
