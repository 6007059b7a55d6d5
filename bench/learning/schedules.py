"""The schedulers the learning benchmark compares, each telling when a card is next due.

``QuizbotSchedule`` calls the very function the bot calls (``bot.quiz.review.scheduling.review``);
``Ladder`` is both fixed intervals and Leitner boxes; ``Oracle`` reads the member's true memory.
Each has a knob the benchmark sweeps (bench/learning/sweep.py).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Protocol, TypeAlias, runtime_checkable
from zoneinfo import ZoneInfo

from bench.learning.learner import Learner, Memory
from bot.quiz.review import scheduling
from bot.quiz.review.study_days import StudyDays

EPOCH = datetime(2026, 1, 1)  # noqa: DTZ001  # each member's own local midnight of day 0
SESSION_HOUR = 18 / 24  # when a member studies, in days after their midnight
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
    """One answer as a scheduler may see it: right or wrong, to a question whose guesses pick
    among ``guess_space`` answers (its options; 0 for a typed one), at ``now``; the member's
    true memory after it, which only the oracle reads; and the card's index in the deck, by
    which a refitting schedule replays a card's answers."""

    correct: bool
    guess_space: int
    now: float
    memory: Memory
    card: int = 0


class Schedule(Protocol):
    @property
    def name(self) -> str: ...

    def answer(self, state: CardState, answer: Answer) -> Scheduled:
        """``state`` is None for a card met for the first time."""
        ...


@runtime_checkable
class Refitting(Protocol):
    """A schedule that refits its memory model as the member's history grows."""

    def refitted(self, now: float) -> dict[int, Scheduled]:
        """At ``now``, before a day's answers: the cards (by index) it recomputed, if it refit."""
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
    """The bot's own scheduler: ``scheduling.review`` with the bot's ``Policy`` (or a variant of
    it, one point of its frontier), as a member in ``zone`` meets it, keeping their
    ``study_days`` if they have days off (bench/learning/living.py)."""

    name = "quizbot"

    def __init__(
        self,
        rng: random.Random,
        zone: ZoneInfo,
        policy: scheduling.Policy,
        study_days: StudyDays | None = None,
    ) -> None:
        self.policy, self._zone, self._rng = policy, zone, rng
        self.study_days = study_days

    def answer(self, state: CardState, answer: Answer) -> Scheduled:
        moment = local_to_utc(answer.now, self._zone)
        card = state if isinstance(state, scheduling.Card) else scheduling.new_card(moment)
        card, _log = scheduling.review(
            self.policy,
            card,
            correct=answer.correct,
            guess_space=answer.guess_space,
            reviewed_at=moment,
            zone=self._zone,
            response_ms=RESPONSE_MS,
            rng=self._rng,
            study_days=self.study_days,
        )
        learning = card.state is not scheduling.State.Review
        return Scheduled(card, utc_to_local(card.due, self._zone), learning)


@dataclass(frozen=True, slots=True)
class Oracle:
    """A scheduler that knows the member's true memory: each card is due at the session nearest
    the moment its true recall falls to ``target(S)`` (S its true stability), never the same day.

    ``target`` is a constant (``oracle_constant``) or the bot's own curve rising with stability
    (``oracle_rising``): what the bot's targets would give if it knew each memory exactly.
    """

    name: str
    learner: Learner
    target: Callable[[float], float]

    def answer(self, state: CardState, answer: Answer) -> Scheduled:
        del state  # the true memory says all
        memory, learner = answer.memory, self.learner
        recall = self.target(memory.stability)
        crossing = memory.stability / learner.factor * (math.pow(recall, 1 / learner.decay) - 1)
        day = round(memory.last_seen + crossing - SESSION_HOUR)
        return Scheduled(None, float(max(day, math.floor(answer.now) + 1)), learning=False)


def scaled(intervals: Sequence[int], scale: float) -> tuple[int, ...]:
    """A ladder's intervals times ``scale``, in whole days, at least one."""
    return tuple(max(1, round(days * scale)) for days in intervals)


def local_to_utc(day: float, zone: ZoneInfo) -> datetime:
    """The instant at ``day`` of the member's own clock (local wall time since EPOCH)."""
    return (EPOCH + timedelta(days=day)).replace(tzinfo=zone).astimezone(UTC)


def utc_to_local(moment: datetime, zone: ZoneInfo) -> float:
    """The member's clock at ``moment``: local wall time, in days since EPOCH."""
    return (moment.astimezone(zone).replace(tzinfo=None) - EPOCH) / timedelta(days=1)
