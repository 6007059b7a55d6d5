"""Spaced-repetition rules: when a member sees a question again, from what FSRS says they hold.

Memory states (stability, difficulty) are the ``fsrs`` package's FSRS-6, counted in the member's
calendar days, as FSRS-6 and Anki count them (py-fsrs counts 24-hour periods, so a review the next
evening a few minutes earlier would count as the same day). The schedule is quizbot's own:

- a review is due when recall is expected to fall to a target that rises with stability
  (``target_retention``): a card that lasts long is cheap to keep near certain, a fresh one is
  not, which is what the optimal policies of SSP-MMC (KDD 2022) look like; docs/learning.md
  measures it against tuned fixed intervals and oracles (``python -m bench.learning``);
- a right answer is weighed by how likely it was a guess, a first one too (``weigh_for_guessing``);
- no same-day learning steps: a re-ask minutes later costs an answer and, in FSRS-6's own
  short-term formula, adds little (measured: ``reask_missed``); a missed question shows its
  right answer and explanation at once, and is due again the next day;
- review intervals are whole days, due from the start of the member's day, fuzzed with the
  caller's random source (fsrs's own fuzz draws from the global ``random`` module);
- given a member's days off (``bot.quiz.review.study_days``), the fuzz draws among the days of
  its range the member studies on, so a due day moves off an easy day or an away window.
"""

from __future__ import annotations

import math
from copy import copy
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from random import Random

from fsrs import Card, Rating, ReviewLog, Scheduler, State
from fsrs.scheduler import FUZZ_RANGES

from bot.quiz.review.study_days import StudyDays, place_due

# The target at REFERENCE_STABILITY_DAYS: the knob that moves the whole curve up or down.
DESIRED_RETENTION = 0.88
REFERENCE_STABILITY_DAYS = 10.0
# The target rises by TARGET_RISE per factor e of stability (measured in docs/learning.md).
TARGET_RISE = 0.04
TARGET_FLOOR, TARGET_CEILING = 0.5, 0.97
# The chance a right first answer was known rather than guessed is weighed from this prior.
KNOWN_BEFORE = 0.1
REASK_AFTER = timedelta(minutes=1)  # when a missed card comes back, if it does
MINIMUM_STABILITY = 0.001  # days, as fsrs clamps it
# A four-option question can be guessed right, so no interval may grow past a year.
MAXIMUM_INTERVAL_DAYS = 365
DEFAULT_DAILY_NEW_LIMIT = 10
# Storage identifies a card by (member, pack, question); fsrs's own card id is unused.
_UNUSED_CARD_ID = 0

__all__ = [
    "DEFAULT_DAILY_NEW_LIMIT",
    "DESIRED_RETENTION",
    "MASTERED_STABILITY_DAYS",
    "MAXIMUM_INTERVAL_DAYS",
    "Card",
    "Policy",
    "Rating",
    "ReviewLog",
    "State",
    "as_utc",
    "calendar_day",
    "fuzz_range",
    "interval_days",
    "is_mastered",
    "local_day_start",
    "make_policy",
    "new_card",
    "rating_for",
    "review",
    "start_of",
    "target_retention",
    "weigh_for_guessing",
]


def _memory_model() -> Scheduler:
    """fsrs as quizbot uses it: memory states only. No learning steps (``review`` re-asks a
    missed card itself), no fuzz (``review`` fuzzes with the caller's random source)."""
    return Scheduler(
        learning_steps=(),
        relearning_steps=(),
        maximum_interval=MAXIMUM_INTERVAL_DAYS,
        enable_fuzzing=False,
    )


@dataclass(frozen=True, slots=True)
class Policy:
    """The one scheduling configuration; the benchmark sweeps ``desired_retention`` and measures
    the other fields' variants (docs/learning.md): ``reask_missed`` brings a missed card back
    in a minute, once; ``fuzz`` off leaves intervals as computed."""

    memory: Scheduler = field(default_factory=_memory_model)
    desired_retention: float = DESIRED_RETENTION
    rise: float = TARGET_RISE
    known_before: float = KNOWN_BEFORE
    reask_missed: bool = False
    fuzz: bool = True

    @property
    def maximum_interval(self) -> int:
        return int(self.memory.maximum_interval)


def make_policy() -> Policy:
    """The configuration the bot schedules every card with."""
    return Policy()


def rating_for(*, correct: bool, typo: bool = False) -> Rating:
    """A wrong answer rates Again, a right one Good (a click or a typed answer says no more),
    but Hard when it was right only because a typo was forgiven: the member recalled the
    answer, not quite as it is."""
    if not correct:
        return Rating.Again
    return Rating.Hard if typo else Rating.Good


def as_utc(moment: datetime) -> datetime:
    """An aware UTC datetime, as fsrs demands; naive values (as databases return them) are UTC."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def new_card(now: datetime) -> Card:
    """A card never reviewed, due at ``now``."""
    return Card(card_id=_UNUSED_CARD_ID, due=as_utc(now))


def calendar_day(moment: datetime, zone: tzinfo) -> datetime:
    """``moment``'s calendar day in ``zone`` as a UTC midnight: fsrs counts whole 24-hour periods
    between two times, so between two of these it counts the member's calendar days."""
    day = as_utc(moment).astimezone(zone).date()
    return datetime.combine(day, time(), tzinfo=UTC)


def review(
    policy: Policy,
    card: Card,
    *,
    correct: bool,
    guess_space: int,
    reviewed_at: datetime,
    zone: tzinfo,
    response_ms: int,
    rng: Random,
    typo: bool = False,
    study_days: StudyDays | None = None,
) -> tuple[Card, ReviewLog]:
    """The card after one answer, at ``reviewed_at`` by a member living in ``zone``, to a
    question whose guesses pick among ``guess_space`` answers (0: it cannot be guessed, as a
    typed one), and its log entry; ``card`` itself is left unchanged. A right answer that
    needed a typo forgiven (``typo``) rates Hard.
    ``rng`` fuzzes the interval, so that cards learnt together do not all fall due together;
    with the member's ``study_days`` the due day avoids their days off (None: no day off)."""
    at = as_utc(reviewed_at)
    today = calendar_day(at, zone)
    seen = copy(card)
    if card.last_review is not None:
        seen.last_review = calendar_day(card.last_review, zone)
    rating = rating_for(correct=correct, typo=typo)
    reviewed, _log = policy.memory.review_card(seen, rating, review_datetime=today)
    if correct:
        reviewed = weigh_for_guessing(policy, seen, reviewed, guess_space, today)
    reviewed.last_review = at
    log = ReviewLog(_UNUSED_CARD_ID, rating, at, max(0, response_ms))
    # With re-asks, a card met or missed for the first time today comes back once.
    first_miss = card.stability is None or card.state is State.Review
    if not correct and policy.reask_missed and first_miss:
        reviewed.state = State.Learning if card.stability is None else State.Relearning
        reviewed.step, reviewed.due = 0, at + REASK_AFTER
        return reviewed, log
    reviewed.state, reviewed.step = State.Review, None
    reviewed.due = _due(policy, reviewed.stability or 0.0, at, zone, rng, study_days=study_days)
    return reviewed, log


def _due(
    policy: Policy,
    stability: float,
    at: datetime,
    zone: tzinfo,
    rng: Random,
    *,
    study_days: StudyDays | None,
) -> datetime:
    """The start of the member's day the review falls on, its interval fuzzed within fsrs's
    fuzz range, on a day the member studies if they keep days off."""
    days = interval_days(policy, stability)
    bounds = fuzz_range(timedelta(days=days), policy.maximum_interval) if policy.fuzz else None
    today = at.astimezone(zone).date()
    if study_days is not None:
        return start_of(place_due(today, days, bounds, study_days, rng), zone)
    if bounds is not None:
        days = rng.randint(*bounds)
    return start_of(today + timedelta(days=days), zone)


def start_of(day: date, zone: tzinfo) -> datetime:
    """The UTC instant the member's local ``day`` begins: when a card due that day falls due."""
    return datetime.combine(day, time(), tzinfo=zone).astimezone(UTC)


def weigh_for_guessing(
    policy: Policy, before: Card, good: Card, guess_space: int, reviewed_at: datetime
) -> Card:
    """``good`` (``before`` rated Good) with its memory weighed by the chance the right answer
    was recalled rather than guessed.

    fsrs's weights come from flashcards, where "Good" means recalled; a right pick among
    ``guess_space`` answers (the options, or for all that apply every set of them) is also
    what a member who forgot gets one time in ``guess_space``.
    Given the recall expected before (R: FSRS's for a card seen before, ``known_before`` for a
    first answer), the chance the member recalled is R / (R + (1 - R) / guess_space); the
    stability is the Good and the Again outcome's, weighed by that chance on a log scale
    (stability scales intervals), and the difficulty likewise on its own scale.
    """
    if good.stability is None or good.difficulty is None:
        return good
    if guess_space < 2:  # noqa: PLR2004  # none to guess among (typed), or one that cannot miss
        return good
    recall = (
        policy.known_before
        if before.stability is None
        else policy.memory.get_card_retrievability(before, current_datetime=reviewed_at)
    )
    recalled = recall / (recall + (1 - recall) / guess_space)
    forgot, _log = policy.memory.review_card(before, Rating.Again, review_datetime=reviewed_at)
    if forgot.stability is None or forgot.difficulty is None:
        return good
    weighed = copy(good)
    weighed.stability = math.pow(good.stability, recalled) * math.pow(
        forgot.stability, 1 - recalled
    )
    weighed.difficulty = recalled * good.difficulty + (1 - recalled) * forgot.difficulty
    return weighed


def target_retention(policy: Policy, stability: float) -> float:
    """The recall at which a card of ``stability`` days falls due: ``desired_retention`` at
    ``REFERENCE_STABILITY_DAYS``, ``rise`` more for each factor e of stability, within bounds."""
    ratio = max(stability, MINIMUM_STABILITY) / REFERENCE_STABILITY_DAYS
    target = policy.desired_retention + policy.rise * math.log(ratio)
    return min(max(target, TARGET_FLOOR), TARGET_CEILING)


def interval_days(policy: Policy, stability: float) -> int:
    """The whole days until recall is expected to fall to the target, at least one, at most the
    maximum: t = S / F · (R^(1/C) - 1), C = -w20, F = 0.9^(1/C) - 1."""
    decay = -float(policy.memory.parameters[20])
    factor = math.pow(0.9, 1 / decay) - 1
    target = target_retention(policy, stability)
    days = stability / factor * (math.pow(target, 1 / decay) - 1)
    return min(max(round(days), 1), policy.maximum_interval)


def fuzz_range(interval: timedelta, maximum_interval: int) -> tuple[int, int] | None:
    """The days a review interval may be fuzzed to, both ends included, by fsrs's own rule
    (``Scheduler._get_fuzz_range``); None for intervals under 2.5 days, which fsrs leaves be."""
    days = interval.days
    if days < 2.5:  # noqa: PLR2004  # fsrs's threshold, as fsrs writes it
        return None
    delta = 1.0 + sum(
        fuzz["factor"] * max(min(float(days), fuzz["end"]) - fuzz["start"], 0.0)
        for fuzz in FUZZ_RANGES
    )
    high = min(round(days + delta), maximum_interval)
    low = min(max(2, round(days - delta)), high)
    return low, high


def local_day_start(now: datetime, zone: tzinfo) -> datetime:
    """The UTC instant at which the member's current calendar day began in ``zone``."""
    local = as_utc(now).astimezone(zone)
    # zoneinfo derives the offset from the wall time, so midnight gets its own (pre-DST) offset.
    return local.replace(hour=0, minute=0, second=0, microsecond=0).astimezone(UTC)


# A card counts as mastered once FSRS expects it to be remembered for three weeks.
MASTERED_STABILITY_DAYS = 21.0


def is_mastered(state: State, stability: float | None) -> bool:
    return state is State.Review and stability is not None and stability >= MASTERED_STABILITY_DAYS
