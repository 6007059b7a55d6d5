"""One refit as the bot runs it in a worker process: the weights fitted to the histories it is
given, and the cards of the members it names recomputed under them.

A member's own fit reads their history and recomputes their cards; a pack's fit pools every
member's history of the pack and recomputes the pack's cards of the members who have no fit of
their own (their start). Everything here is picklable and pure: storage builds the job and
writes the result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from random import Random
from zoneinfo import ZoneInfo

from bot.quiz.review import fitting, retention, scheduling
from bot.quiz.zones import zone_or_utc

CardKey = tuple[int, str, str]  # member, pack, question


@dataclass(frozen=True, slots=True)
class LearnerHistory:
    """One member's part of a job: their zone and retention, their answers card by card (pack,
    question; in order), whether their cards are to be recomputed under the new weights, and
    the target of each pack's cards where it is not ``retention`` (bot.quiz.review.targets)."""

    member_id: int
    zone: str
    retention: int | None  # percent; None: the default
    cards: Mapping[tuple[str, str], tuple[fitting.Replayed, ...]]
    recompute: bool
    pack_targets: Mapping[str, int] = field(default_factory=dict)  # percent by pack


@dataclass(frozen=True, slots=True)
class FitJob:
    learners: tuple[LearnerHistory, ...]


@dataclass(frozen=True, slots=True)
class FitResult:
    """The weights (None: the defaults stay) and the recomputed cards by key."""

    parameters: tuple[float, ...] | None
    cards: Mapping[CardKey, scheduling.Card]


def run_fit(job: FitJob) -> FitResult:
    """The job's fit, then its replays (none when the fit gave no weights)."""
    zones = {learner.member_id: zone_or_utc(learner.zone) for learner in job.learners}
    parameters = fitting.fit(
        [_history(learner, zones[learner.member_id]) for learner in job.learners]
    )
    if parameters is None:
        return FitResult(None, {})
    cards = {}
    for learner in job.learners:
        if not learner.recompute:
            continue
        for (pack_id, question_id), answers in learner.cards.items():
            percent = learner.pack_targets.get(pack_id, learner.retention)
            policy = fitting.policy_with(retention.policy_for(percent), parameters)
            key = (learner.member_id, pack_id, question_id)
            cards[key] = fitting.replayed(policy, answers, zones[learner.member_id], _rng(key))
    return FitResult(parameters, cards)


def _history(learner: LearnerHistory, zone: ZoneInfo) -> tuple[list[fitting.Reviewed], ZoneInfo]:
    reviewed = [
        fitting.Reviewed(card, answer.correct, answer.reviewed_at)
        for card, answers in learner.cards.items()
        for answer in answers
    ]
    return reviewed, zone


def _rng(key: CardKey) -> Random:
    """The fuzz of a recomputed card's interval: its own, the same on a retried write."""
    return Random(f"refit/{key[0]}/{key[1]}/{key[2]}")  # noqa: S311  # spreading dates
