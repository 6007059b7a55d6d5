"""Fitted FSRS parameters: a member's own memory model, learnt from their review history.

FSRS-6's default weights describe an average Anki user's flashcards; a member answering quizbot's
multiple-choice questions remembers at their own pace, and (since a right pick may be a guess) a
right answer means less than a flashcard's "Good". Fitting the 21 weights to what the member
actually recalled is Anki's optimizer, fsrs-rs, through its Python binding ``fsrs_rs_python``
(a Rust wheel, no torch). Its gradient descent shuffles with a fixed seed, so a fit is
deterministic for its history.

- ``fit``: the weights for a history, or None while it is too short to beat the defaults
  (``FIT_MINIMUM_REVIEWS``, measured by ``python -m bench.learning``: docs/learning.md);
- ``refit_due``: whether a member's stored fit is stale (the history doubled since, or
  ``REFIT_EVERY`` more reviews; at most once a day);
- ``replayed``: a card's memory state recomputed from its reviews under new weights, through
  the same ``scheduling.review`` every answer takes.

Days are the member's calendar days, as ``scheduling.review`` and FSRS-6 count them.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, tzinfo
from itertools import groupby
from random import Random

from fsrs import Scheduler
from fsrs_rs_python import DEFAULT_PARAMETERS, FSRS, FSRSItem, FSRSReview, TrainingConfig

from bot.quiz.review import scheduling

# What the stored weights are: a fit stored under another version is not read (the defaults are).
MODEL_VERSION = "fsrs-6"
PARAMETER_COUNT = 21
# Below this many reviews a fit predicted the later answers worse than the defaults; from it, as
# well (measured by the learning benchmark: docs/learning.md#fitted-personal-weights).
FIT_MINIMUM_REVIEWS = 4800
# A stored fit is redone once the history has doubled, or grown by this many, since.
REFIT_EVERY = 4000
REFIT_INTERVAL = timedelta(days=1)
# The cost bound: storage hands a fit the cards of at most this many most recent reviews (about
# a second of one core for the fit, as much for the replay; both are linear in the reviews).
MAXIMUM_FIT_REVIEWS = 20_000
TRAINING = TrainingConfig(num_epochs=5, seed=26)

__all__ = [
    "FIT_MINIMUM_REVIEWS",
    "MAXIMUM_FIT_REVIEWS",
    "MODEL_VERSION",
    "REFIT_EVERY",
    "TRAINING",
    "Replayed",
    "Reviewed",
    "fit",
    "policy_with",
    "refit_due",
    "replayed",
    "training_items",
]


@dataclass(frozen=True, slots=True)
class Reviewed:
    """One logged answer to one card (``card`` names it: any key the caller uses)."""

    card: Hashable
    correct: bool
    reviewed_at: datetime


def training_items(history: Iterable[Reviewed], zone: tzinfo) -> list[FSRSItem]:
    """fsrs-rs's training set: for each review after a card's first, the card's reviews up to it,
    each with the calendar days since the one before (0 for the first and for same-day ones)."""
    ordered = sorted(history, key=lambda r: (repr(r.card), scheduling.as_utc(r.reviewed_at)))
    items = []
    for _card, group in groupby(ordered, key=lambda r: repr(r.card)):
        reviews, last = [], None
        for answer in group:
            day = scheduling.calendar_day(answer.reviewed_at, zone)
            elapsed = 0 if last is None else (day - last).days
            rating = scheduling.rating_for(correct=answer.correct)
            reviews.append(FSRSReview(int(rating), elapsed))
            last = day
            if len(reviews) > 1:
                items.append(FSRSItem(list(reviews)))
    return items


def fit(histories: Sequence[tuple[Sequence[Reviewed], tzinfo]]) -> tuple[float, ...] | None:
    """FSRS-6 weights fitted to ``histories`` (each a member's, with the zone they live in; a
    pack's fit pools several); None if they hold fewer than ``FIT_MINIMUM_REVIEWS`` reviews, if
    fsrs-rs declined to fit (it hands back its defaults for a history too thin; measured: 500
    answers to 30 cards, 1 to 12 days apart, are), or the fit gave weights the scheduler
    refuses."""
    if sum(len(history) for history, _zone in histories) < FIT_MINIMUM_REVIEWS:
        return None
    items = [item for history, zone in histories for item in training_items(history, zone)]
    if not items:
        return None
    fitted = FSRS(DEFAULT_PARAMETERS).compute_parameters(items, training_config=TRAINING)
    if len(fitted) != PARAMETER_COUNT or fitted == DEFAULT_PARAMETERS:
        return None
    try:
        Scheduler(parameters=fitted)  # its bounds are the scheduler's to enforce
    except ValueError:
        return None
    return tuple(float(w) for w in fitted)


def policy_with(policy: scheduling.Policy, parameters: Sequence[float] | None) -> scheduling.Policy:
    """``policy`` scheduling with ``parameters`` (None: its own, the defaults)."""
    if parameters is None:
        return policy
    memory = policy.memory
    fitted = Scheduler(
        parameters=tuple(parameters),
        desired_retention=memory.desired_retention,
        learning_steps=memory.learning_steps,
        relearning_steps=memory.relearning_steps,
        maximum_interval=memory.maximum_interval,
        enable_fuzzing=memory.enable_fuzzing,
    )
    return replace(policy, memory=fitted)


def refit_due(
    reviews: int, fitted_reviews: int | None, fitted_at: datetime | None, now: datetime
) -> bool:
    """Whether a member with ``reviews`` logged, last fitted on ``fitted_reviews`` of them at
    ``fitted_at`` (None: never), is to be fitted now."""
    if reviews < FIT_MINIMUM_REVIEWS:
        return False
    if fitted_reviews is None or fitted_at is None:
        return True
    if scheduling.as_utc(now) - scheduling.as_utc(fitted_at) < REFIT_INTERVAL:
        return False
    return reviews - fitted_reviews >= min(fitted_reviews, REFIT_EVERY)


@dataclass(frozen=True, slots=True)
class Replayed:
    """One logged answer as the card's replay takes it."""

    correct: bool
    guess_space: int
    reviewed_at: datetime
    response_ms: int
    typo: bool = False  # rated Hard: right with a typo forgiven


def replayed(
    policy: scheduling.Policy, answers: Sequence[Replayed], zone: tzinfo, rng: Random
) -> scheduling.Card:
    """The card its ``answers`` (in order, at least one) leave under ``policy``, from new."""
    card = scheduling.new_card(answers[0].reviewed_at)
    for answer in answers:
        card, _log = scheduling.review(
            policy,
            card,
            correct=answer.correct,
            guess_space=answer.guess_space,
            reviewed_at=answer.reviewed_at,
            zone=zone,
            response_ms=answer.response_ms,
            rng=rng,
            typo=answer.typo,
        )
    return card
