"""The benchmark's fitted row runs the bot's refit: a member's history refit by
``FittedSchedule`` gives the weights and the recomputed memories that the bot's worker job
(``refits.run_fit``) gives for the same answers; and it refits by the bot's rule."""

from __future__ import annotations

import random
from itertools import pairwise
from zoneinfo import ZoneInfo

import pytest

from bench.learning.fitted import FittedSchedule
from bench.learning.schedules import QuizbotSchedule
from bench.learning.studying import Study, study_with_schedule
from bench.learning.sweep import World, population
from bot.quiz.review import fitting, scheduling
from bot.quiz.review.refits import FitJob, LearnerHistory, run_fit

STUDY = Study(days=250, budget=100, new_per_day=10)  # past FIT_MINIMUM_REVIEWS answers


def seeded(seed: str) -> random.Random:
    return random.Random(seed)  # noqa: S311  # a simulation's draws


def studied(*, refits: bool) -> FittedSchedule:
    member = population(World(STUDY, 1, 500), seed=5)[0]
    zone = ZoneInfo(member.zone)
    inner = QuizbotSchedule(seeded("fuzz"), zone, scheduling.make_policy())
    schedule = FittedSchedule(inner, zone, "refit", refits=refits)
    study_with_schedule(member, STUDY, schedule, seeded("answers"))
    return schedule


def test_the_benchmarks_refit_is_the_bots_job() -> None:
    schedule = studied(refits=False)
    assert len(schedule.history) >= fitting.FIT_MINIMUM_REVIEWS
    schedule.refits = True
    changed = schedule.refitted(float(STUDY.days) + 0.75)
    weights = schedule.fits[-1][1]
    assert weights is not None
    cards = {("bench", str(card)): tuple(answers) for card, answers in schedule.answers.items()}
    job = FitJob((LearnerHistory(1, schedule.zone.key, None, cards, recompute=True),))
    result = run_fit(job)
    assert result.parameters == weights
    assert set(changed) == set(schedule.answers)
    for card, scheduled in changed.items():
        assert isinstance(scheduled.state, scheduling.Card)
        bots = result.cards[1, "bench", str(card)]
        assert (bots.stability, bots.difficulty) == pytest.approx(
            (scheduled.state.stability, scheduled.state.difficulty)
        )
    assert schedule.inner.policy == fitting.policy_with(scheduling.make_policy(), weights)


def test_the_fitted_schedule_refits_by_the_bots_rule() -> None:
    schedule = studied(refits=True)
    read = [answers for answers, _weights in schedule.fits]
    assert read
    assert fitting.FIT_MINIMUM_REVIEWS <= read[0] < 2 * fitting.FIT_MINIMUM_REVIEWS
    for before, after in pairwise(read):
        assert after - before >= min(before, fitting.REFIT_EVERY)  # doubled, at least
