"""The simulated population, each scheduler's knob, and one point of a frontier run for it.

A frontier is one scheduler run at each value of its knob: the bot's desired retention (its
target curve's level), an interval scale for fixed intervals and Leitner boxes, the target of
an oracle. Every point meets the same members (drawn from the seed) with the same answers'
random draws, so points and schedulers differ only by their scheduling.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from zoneinfo import ZoneInfo

import numpy as np
import numpy.typing as npt

from bench.learning.fitted import FittedSchedule, Prediction, prediction_by_reviews
from bench.learning.learner import DEFAULT_LEARNER, varied_learner
from bench.learning.schedules import (
    FIXED_INTERVALS,
    LEITNER_BOXES,
    Ladder,
    Oracle,
    QuizbotSchedule,
    Schedule,
    scaled,
)
from bench.learning.studying import Member, Study, study_with_schedule
from bot.quiz.answers.grading import guess_space
from bot.quiz.packs.library import load_library
from bot.quiz.review import fitting, scheduling

REPO = Path(__file__).resolve().parents[2]
SYNTHETIC_OPTIONS = 4
MEMBER_SPREAD = 0.25  # lognormal sigma of each member's memory parameters
QUESTION_SPREAD = 1.0  # standard deviation of a question's difficulty offset (FSRS D is 1..10)
PERSONAL_SPREAD = 0.5  # and of a member's own offset on a question
# Members live in these zones in turn (Athens and New York change clocks in the year).
ZONES = ("Europe/Athens", "America/New_York", "Asia/Tokyo", "UTC")

KNOBS: dict[str, tuple[float, ...]] = {
    "quizbot": (0.78, 0.82, 0.85, 0.88, 0.91, 0.94),
    "fixed": (0.35, 0.5, 0.75, 1.0, 1.5, 2.0),
    "leitner": (1.0, 1.5, 2.0, 3.0, 4.0, 6.0),
    "oracle_constant": (0.75, 0.8, 0.85, 0.9, 0.93, 0.95),
    "oracle_rising": (0.78, 0.82, 0.85, 0.88, 0.91, 0.94),
    # Fitting costs about 2.5 times a plain year, so two points around quizbot's answer count
    # (fitted weights ask for more answers at a knob; measured in docs/learning.md).
    "quizbot_fitted": (0.85, 0.88),
}
SCHEDULERS = tuple(KNOBS)


@dataclass(frozen=True, slots=True)
class World:
    """What every point of one run shares: the year's rules and the population's make-up."""

    study: Study
    members: int
    synthetic: int
    varied: bool = True
    guessing: bool = True
    typed: bool = False  # every question typed: nothing to guess, and no guess discount
    prior_knowledge: float = 0.0  # the share of questions a member knows before meeting them
    policy: scheduling.Policy = field(default_factory=scheduling.make_policy)  # or a variant
    fitted_members: int = 6  # the first members of each seed meet the fitted row


@dataclass(frozen=True, slots=True)
class Point:
    scheduler: str
    knob: float
    seed: int


@dataclass(frozen=True, slots=True)
class PointResult:
    """One point, member by member: answers a day, K at day ``days``, K over the year, the ≥ 0.9
    count at day ``days``; and the mean K at each day's end (for the picture)."""

    point: Point
    answers_per_day: npt.NDArray[np.float64]
    k_last: npt.NDArray[np.float64]
    k_mean: npt.NDArray[np.float64]
    count90_last: npt.NDArray[np.float64]
    k_by_day: npt.NDArray[np.float64]
    predictions: tuple[Prediction, ...] = ()  # the fitted row at the bot's knob: fits' log loss


# The packs the deck starts with, named: a pack a user adds to quizzes/ changes no figure.
SEED_PACKS = ("moe-expert-parallelism", "ring-attention")


@cache
def deck_spaces(synthetic: int, *, typed: bool = False) -> tuple[int, ...]:
    """What a guess picks among for each question (bot/quiz/answers/grading.py): the seed
    packs' questions, then the synthetic pack's; all 0 when every question is typed."""
    library = load_library([REPO / "quizzes" / f"{pack_id}.yaml" for pack_id in SEED_PACKS])
    seeded = [guess_space(q) for pack in library.packs.values() for q in pack.questions]
    spaces = (*seeded, *([SYNTHETIC_OPTIONS] * synthetic))
    return tuple(0 for _ in spaces) if typed else spaces


def population(world: World, seed: int) -> list[Member]:
    """The members of ``seed``; without ``varied`` all are FSRS-6's default learner on equal
    questions, without ``guessing`` nobody answers right without recalling."""
    options = deck_spaces(world.synthetic, typed=world.typed)
    question_rng = random.Random(f"{seed}:questions")  # a simulation's draws
    shared = [question_rng.gauss(0.0, QUESTION_SPREAD) if world.varied else 0.0 for _ in options]
    found = []
    for index in range(world.members):
        rng = random.Random(f"{seed}:member:{index}")
        learner = varied_learner(rng, MEMBER_SPREAD) if world.varied else DEFAULT_LEARNER
        offsets = [q + (rng.gauss(0.0, PERSONAL_SPREAD) if world.varied else 0.0) for q in shared]
        known = [rng.random() < world.prior_knowledge for _ in options]
        zone = ZONES[index % len(ZONES)]
        found.append(Member(learner, options, offsets, world.guessing, known, zone))
    return found


def schedule_for(point: Point, member: Member, policy: scheduling.Policy, index: int) -> Schedule:
    """The scheduler of ``point`` for one member (the bot's fuzzes from the member's own draws)."""
    knob = point.knob
    match point.scheduler:
        case "quizbot":
            fuzz = random.Random(f"{point.seed}:fuzz:{index}")
            variant = replace(policy, desired_retention=knob)
            return QuizbotSchedule(fuzz, ZoneInfo(member.zone), variant)
        case "quizbot_fitted":
            fuzz = random.Random(f"{point.seed}:fuzz:{index}")
            variant = replace(policy, desired_retention=knob)
            zone = ZoneInfo(member.zone)
            inner = QuizbotSchedule(fuzz, zone, variant)
            return FittedSchedule(inner, zone, f"{point.seed}:refit:{index}")
        case "fixed":
            return Ladder("fixed", scaled(FIXED_INTERVALS, knob))
        case "leitner":
            return Ladder("leitner", scaled(LEITNER_BOXES, knob))
        case "oracle_constant":
            return Oracle("oracle_constant", member.learner, lambda _stability: knob)
        case "oracle_rising":
            curve = replace(policy, desired_retention=knob)
            target = lambda stability: scheduling.target_retention(curve, stability)  # noqa: E731
            return Oracle("oracle_rising", member.learner, target)
    raise ValueError(f"no scheduler {point.scheduler}")


def run_point(world: World, point: Point) -> PointResult:
    """Every member's year under the scheduler of ``point``."""
    answers, k_last, k_mean, count90, k_total = [], [], [], [], np.zeros(world.study.days)
    members = population(world, point.seed)[: members_of(world, point.scheduler)]
    histories = []
    for index, member in enumerate(members):
        schedule = schedule_for(point, member, world.policy, index)
        rng = random.Random(f"{point.seed}:answers:{index}")
        track = study_with_schedule(member, world.study, schedule, rng)
        if isinstance(schedule, FittedSchedule):
            histories.append((schedule.history, schedule.zone))
        curves = track.curves()
        answers.append(sum(track.answers_by_day) / world.study.days)
        k_last.append(float(curves.knowledge[-1]))
        k_mean.append(float(curves.knowledge.mean()))
        count90.append(float(curves.count90[-1]))
        k_total += curves.knowledge
    return PointResult(
        point,
        np.array(answers),
        np.array(k_last),
        np.array(k_mean),
        np.array(count90),
        k_total / len(members),
        predicted(histories) if point.knob == world.policy.desired_retention else (),
    )


def members_of(world: World, scheduler: str) -> int:
    """How many of each seed's members a scheduler's points meet."""
    return (
        min(world.members, world.fitted_members) if scheduler == "quizbot_fitted" else world.members
    )


def predicted(histories: list[tuple[list[fitting.Reviewed], ZoneInfo]]) -> tuple[Prediction, ...]:
    return tuple(prediction_by_reviews(histories)) if histories else ()


def points(seeds: Sequence[int], schedulers: Sequence[str] = SCHEDULERS) -> list[Point]:
    return [
        Point(name, knob, seed) for seed in seeds for name in schedulers for knob in KNOBS[name]
    ]
