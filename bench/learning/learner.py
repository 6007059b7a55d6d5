"""The simulated learner's true memory: FSRS-6's formulas, with each member's own parameters.

This is the world the schedulers are judged in, written out from the FSRS-6 formulas rather than
borrowed from the ``fsrs`` package the bot schedules with (only its default weights are shared),
so the model under test and the yardstick stay two separate pieces of code.

Times are in days (floats) of the member's own clock: day ``d`` is the member's local calendar
day from midnight ``d`` to midnight ``d + 1``, so FSRS-6's same-day rule (a review on the same
calendar day as the last uses the short-term formula) compares whole parts. Recall after ``t``
days is R = (1 + F·t/S)^C with C = -w20 and F = 0.9^(1/C) - 1, so R(S) = 0.9 exactly: recall is
at least 0.9 while ``t ≤ S``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from fsrs.scheduler import DEFAULT_PARAMETERS

AGAIN, GOOD = 1, 3  # FSRS ratings; a learner either recalls (Good) or does not (Again)
MIN_DIFFICULTY, MAX_DIFFICULTY = 1.0, 10.0
MIN_STABILITY = 0.001
# Decay bounds as fsrs 6 allows them (w20 in [0.1, 0.8]).
MIN_DECAY, MAX_DECAY = 0.1, 0.8


@dataclass(frozen=True, slots=True)
class Learner:
    """One member's memory parameters: FSRS-6's 21 weights, varied per member."""

    w: tuple[float, ...]
    decay: float = field(init=False)  # C = -w20
    factor: float = field(init=False)  # F = 0.9^(1/C) - 1

    def __post_init__(self) -> None:
        decay = -self.w[20]
        object.__setattr__(self, "decay", decay)
        object.__setattr__(self, "factor", 0.9 ** (1 / decay) - 1)


@dataclass(frozen=True, slots=True)
class Memory:
    """What a member truly holds of one question: stability and difficulty at ``last_seen``."""

    stability: float
    difficulty: float
    last_seen: float


DEFAULT_LEARNER = Learner(tuple(DEFAULT_PARAMETERS))


def varied_learner(rng: random.Random, spread: float) -> Learner:
    """A member drawn around FSRS-6's defaults: lognormal ``spread`` on how fast memories form
    (initial stabilities, the growth factor e^w8) and on how fast they fade (the decay w20)."""
    w = list(DEFAULT_PARAMETERS)
    quickness = rng.lognormvariate(0.0, spread)
    for rating_index in range(4):
        w[rating_index] *= quickness
    w[8] += math.log(rng.lognormvariate(0.0, spread))
    w[20] = min(max(w[20] * rng.lognormvariate(0.0, spread), MIN_DECAY), MAX_DECAY)
    return Learner(tuple(w))


def recall_probability(learner: Learner, memory: Memory, now: float) -> float:
    """R = (1 + F·t/S)^C, the chance the member recalls the answer at ``now``."""
    elapsed = max(0.0, now - memory.last_seen)
    return math.pow(1 + learner.factor * elapsed / memory.stability, learner.decay)


def first_meeting(
    learner: Learner, difficulty_offset: float, now: float, *, known: bool = False
) -> Memory:
    """A question never seen is not recalled: seeing its answer leaves FSRS-6's Again state. A
    question the member ``known`` before (prior knowledge) is recalled: FSRS-6's Good state."""
    w, rating = learner.w, GOOD if known else AGAIN
    difficulty = _clamp_difficulty(w[4] - math.exp(w[5] * (rating - 1)) + 1 + difficulty_offset)
    return Memory(max(w[rating - 1], MIN_STABILITY), difficulty, now)


def after_review(learner: Learner, memory: Memory, *, recalled: bool, now: float) -> Memory:
    """The memory after one more encounter, recalled (Good) or not (Again, then shown)."""
    rating = GOOD if recalled else AGAIN
    if same_day(memory.last_seen, now):
        stability = _short_term_stability(learner, memory.stability, rating)
    elif recalled:
        recall = recall_probability(learner, memory, now)
        stability = _recall_stability(learner, memory, recall)
    else:
        recall = recall_probability(learner, memory, now)
        stability = _forget_stability(learner, memory, recall)
    difficulty = _next_difficulty(learner, memory.difficulty, rating)
    return Memory(max(stability, MIN_STABILITY), difficulty, now)


def same_day(earlier: float, later: float) -> bool:
    """Whether two moments fall on one calendar day of the member (FSRS-6's short-term rule)."""
    return math.floor(earlier) == math.floor(later)


def _short_term_stability(learner: Learner, stability: float, rating: int) -> float:
    w = learner.w
    increase = math.exp(w[17] * (rating - 3 + w[18])) * math.pow(stability, -w[19])
    if rating >= GOOD:
        increase = max(increase, 1.0)
    return stability * increase


def _recall_stability(learner: Learner, memory: Memory, recall: float) -> float:
    w, s = learner.w, memory.stability
    growth = math.exp(w[8]) * (11 - memory.difficulty) * math.pow(s, -w[9])
    return s * (1 + growth * (math.exp((1 - recall) * w[10]) - 1))


def _forget_stability(learner: Learner, memory: Memory, recall: float) -> float:
    w, s = learner.w, memory.stability
    long_term = (
        w[11]
        * math.pow(memory.difficulty, -w[12])
        * (math.pow(s + 1, w[13]) - 1)
        * math.exp((1 - recall) * w[14])
    )
    return min(long_term, s / math.exp(w[17] * w[18]))


def _next_difficulty(learner: Learner, difficulty: float, rating: int) -> float:
    w = learner.w
    change = -w[6] * (rating - 3)
    damped = difficulty + (10.0 - difficulty) * change / 9.0
    easy_start = w[4] - math.exp(w[5] * 3) + 1  # D0(Easy), unclamped: the mean it reverts to
    return _clamp_difficulty(w[7] * easy_start + (1 - w[7]) * damped)


def _clamp_difficulty(difficulty: float) -> float:
    return min(max(difficulty, MIN_DIFFICULTY), MAX_DIFFICULTY)
