"""A prototype, in the benchmark only: the bot's scheduler with a per-member stability factor.

The bot schedules every member with FSRS-6's default weights. A member who forgets faster (or
slower) than those shows it in their answers: fewer (or more) right answers than the cards'
expected recall predicts. Here each member's factor ``k`` is fitted by maximum likelihood to
their own reviews (right with probability R(t, k·S) + (1 - R)/n, S the scheduler's stability,
n the options) and a review interval is the one for stability ``k·S``. Not what the bot runs:
docs/learning.md records what it would gain (``python -m bench.learning --calibrated``).
"""

from __future__ import annotations

import math
import random
from copy import copy
from datetime import timedelta

from fsrs import Scheduler

from bench.learning.schedules import Answer, CardState, QuizbotSchedule, Scheduled, datetime_to_day
from bench.learning.schedules import day_to_datetime as as_moment
from bot.quiz import scheduling

FIRST_FIT = 200  # reviews of a member before their factor departs from 1
REFIT_EVERY = 200
WINDOW = 600  # the member's latest reviews the fit uses
FACTORS = tuple(math.exp(math.log(4) * (i - 20) / 20) for i in range(41))  # 1/4 .. 4


class CalibratedQuizbot(QuizbotSchedule):
    """``QuizbotSchedule`` whose review intervals are for ``k·S``, ``k`` fitted per member."""

    def __init__(self, rng: random.Random, scheduler: Scheduler | None = None) -> None:
        super().__init__(rng, scheduler)
        self._reviews: list[tuple[float, float, int, bool]] = []  # t, S, options, right
        self.factor = 1.0

    def answer(self, state: CardState, answer: Answer) -> Scheduled:
        self._observe(state, answer)
        scheduled = super().answer(state, answer)
        card = scheduled.state
        if scheduled.learning or not isinstance(card, scheduling.Card) or card.stability is None:
            return scheduled
        days = scheduling.interval_days(self._scheduler, self.factor * card.stability)
        bounds = scheduling.fuzz_range(timedelta(days=days), self._scheduler.maximum_interval)
        days = self._rng.randint(*bounds) if bounds else days
        calibrated = copy(card)
        calibrated.due = as_moment(answer.now) + timedelta(days=days)
        return Scheduled(calibrated, datetime_to_day(calibrated.due), learning=False)

    def _observe(self, state: CardState, answer: Answer) -> None:
        if not isinstance(state, scheduling.Card) or state.state is not scheduling.State.Review:
            return
        if state.stability is None or state.last_review is None:
            return
        elapsed = (as_moment(answer.now) - state.last_review) / timedelta(days=1)
        if elapsed < 1:  # same-day answers say little of long-term forgetting
            return
        self._reviews.append((elapsed, state.stability, answer.option_count, answer.correct))
        seen = len(self._reviews)
        if seen >= FIRST_FIT and seen % REFIT_EVERY == 0:
            self.factor = fitted_factor(self._scheduler, self._reviews[-WINDOW:])


def fitted_factor(scheduler: Scheduler, reviews: list[tuple[float, float, int, bool]]) -> float:
    """The factor of ``FACTORS`` under which the member's right and wrong answers are likeliest."""
    decay = -float(scheduler.parameters[20])
    base = math.pow(0.9, 1 / decay) - 1

    def log_likelihood(factor: float) -> float:
        total = 0.0
        for elapsed, stability, options, right in reviews:
            recall = math.pow(1 + base * elapsed / (factor * stability), decay)
            chance = recall + (1 - recall) / options
            total += math.log(chance if right else max(1 - chance, 1e-9))
        return total

    return max(FACTORS, key=log_likelihood)
