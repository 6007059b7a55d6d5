"""The FSRS configuration, how answers become ratings, and fuzzing with the caller's random."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.quiz import scheduling
from bot.quiz.scheduling import Card, Rating, Scheduler, State

START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def seeded(seed: int) -> random.Random:
    return random.Random(seed)  # noqa: S311  # fuzzing due dates, not cryptography


def review(
    card: Card,
    moment: datetime,
    rng: random.Random,
    *,
    correct: bool = True,
    option_count: int = 4,
) -> Card:
    reviewed, _log = scheduling.review(
        scheduling.make_scheduler(),
        card,
        correct=correct,
        option_count=option_count,
        reviewed_at=moment,
        response_ms=1000,
        rng=rng,
    )
    return reviewed


def test_scheduler_settings() -> None:
    scheduler = scheduling.make_scheduler()
    assert scheduler.desired_retention == 0.9
    assert scheduler.maximum_interval == 365
    # fsrs's own fuzz draws from the global random module; review() fuzzes with the caller's.
    assert scheduler.enable_fuzzing is False


def test_wrong_rates_again_and_right_rates_good() -> None:
    assert scheduling.rating_for(correct=False) is Rating.Again
    assert scheduling.rating_for(correct=True) is Rating.Good


def test_review_keeps_the_response_time_and_leaves_the_input_card_alone() -> None:
    card = scheduling.new_card(START)
    reviewed, log = scheduling.review(
        scheduling.make_scheduler(),
        card,
        correct=True,
        option_count=4,
        reviewed_at=START,
        response_ms=4200,
        rng=seeded(1),
    )
    assert (log.rating, log.review_duration) == (Rating.Good, 4200)
    assert card.last_review is None
    assert reviewed.last_review == START
    assert reviewed.due > START


def test_intervals_never_pass_a_year() -> None:
    rng = seeded(2)
    card, moment = scheduling.new_card(START), START
    for _ in range(30):
        card = review(card, moment, rng)
        assert card.due - moment <= timedelta(days=365)
        moment = card.due
    assert card.state is State.Review
    low, high = scheduling.fuzz_range(timedelta(days=365), 365)  # type: ignore[misc]
    assert high == 365
    assert low * DAY <= card.due - card.last_review <= high * DAY  # type: ignore[operator]


@settings(derandomize=True, max_examples=300)  # seeded: the same histories on every run
@given(
    answers=st.lists(st.booleans(), min_size=1, max_size=16),
    late_days=st.lists(st.integers(0, 40), min_size=16, max_size=16),
    seed=st.integers(0, 2**32),
)
def test_fuzzed_intervals_stay_within_fsrs_fuzz_ranges(
    answers: list[bool], late_days: list[int], seed: int
) -> None:
    """Against fsrs unfuzzed (a right answer weighed for guessing): the same card, state,
    stability and difficulty; a review interval moved at most within its fuzz range, in whole
    days; learning steps untouched."""
    rng, scheduler = seeded(seed), scheduling.make_scheduler()
    card, moment = scheduling.new_card(START), START
    for correct, late in zip(answers, late_days, strict=False):
        plain = unfuzzed(scheduler, card, moment, correct=correct)
        fuzzed = review(card, moment, rng, correct=correct)
        assert (fuzzed.state, fuzzed.step, fuzzed.last_review) == (
            plain.state,
            plain.step,
            plain.last_review,
        )
        assert (fuzzed.stability, fuzzed.difficulty) == (plain.stability, plain.difficulty)
        bounds = scheduling.fuzz_range(plain.due - moment, scheduler.maximum_interval)
        if plain.state is State.Review and bounds is not None:
            low, high = bounds
            assert low * DAY <= fuzzed.due - moment <= high * DAY
            assert (fuzzed.due - moment) % DAY == timedelta(0)
        else:
            assert fuzzed.due == plain.due
        card, moment = fuzzed, fuzzed.due + late * DAY


def unfuzzed(scheduler: Scheduler, card: Card, moment: datetime, *, correct: bool) -> Card:
    """fsrs's review, a right answer weighed for guessing among four options: what ``review``
    does before it fuzzes."""
    plain, _ = scheduler.review_card(
        card, scheduling.rating_for(correct=correct), review_datetime=moment
    )
    if not correct:
        return plain
    return scheduling.weigh_for_guessing(scheduler, card, plain, 4, moment)


def review_card_of(interval_days: int) -> Card:
    """A review card last seen ``interval_days`` ago and due now, stable enough to keep growing."""
    return Card(
        card_id=0,
        state=State.Review,
        stability=float(interval_days),
        difficulty=5.0,
        due=START,
        last_review=START - interval_days * DAY,
    )


def test_fuzz_spreads_the_due_dates_of_identical_cards() -> None:
    rng = seeded(3)
    card = review_card_of(30)
    dues = [review(card, START, rng).due for _ in range(200)]
    plain = unfuzzed(scheduling.make_scheduler(), card, START, correct=True)
    low, high = scheduling.fuzz_range(plain.due - START, 365)  # type: ignore[misc]
    assert high - low >= 4
    assert {(due - START) // DAY for due in dues} == set(range(low, high + 1))  # every day used


@pytest.mark.parametrize("days", [3, 5, 8, 21, 50, 200, 364])
def test_fuzz_ranges_are_fsrs_own(days: int) -> None:
    """fsrs's own fuzz (from the global random module, seeded here for this test only) lands in
    our range, and covers it; fsrs can round one day past its top (``random() * (n + 1)``)."""
    fuzzing = scheduling.make_scheduler()
    fuzzing.enable_fuzzing = True
    random.seed(days)
    drawn = {fuzzing._get_fuzzed_interval(interval=days * DAY).days for _ in range(2000)}
    low, high = scheduling.fuzz_range(days * DAY, 365)  # type: ignore[misc]
    assert min(drawn) == low
    assert max(drawn) in (high, high + 1)
    assert set(range(low, high + 1)) <= drawn


def overdue_card() -> Card:
    """Stability 10 days, last seen 20 days ago: R = (1 + F·20/10)^C = 0.84588."""
    return Card(
        card_id=0,
        state=State.Review,
        stability=10.0,
        difficulty=5.0,
        due=START - 10 * DAY,
        last_review=START - 20 * DAY,
    )


def test_a_right_answer_is_weighed_by_the_chance_it_was_a_guess() -> None:
    scheduler, card = scheduling.make_scheduler(), overdue_card()
    recall = scheduler.get_card_retrievability(card, current_datetime=START)
    assert recall == pytest.approx(0.84588, abs=1e-5)
    good, _ = scheduler.review_card(card, Rating.Good, review_datetime=START)
    again, _ = scheduler.review_card(card, Rating.Again, review_datetime=START)
    # P(recalled | right) = 0.84588 / (0.84588 + 0.15412 / 4) = 0.95644
    recalled = 0.84588 / (0.84588 + (1 - 0.84588) / 4)
    assert recalled == pytest.approx(0.95644, abs=1e-5)
    assert good.stability == pytest.approx(44.698, abs=1e-3)
    assert again.stability == pytest.approx(1.5219, abs=1e-4)
    weighed = review(card, START, seeded(1))
    # 44.698^0.95644 · 1.5219^0.04356 = 38.578; D = 0.95644 · 4.9902 + 0.04356 · 8.3418
    assert weighed.stability == pytest.approx(38.578, abs=1e-3)
    assert weighed.difficulty == pytest.approx(5.1362, abs=1e-4)
    assert weighed.state is State.Review
    low, high = scheduling.fuzz_range(39 * DAY, 365)  # type: ignore[misc]  # round(38.578) days
    assert low * DAY <= weighed.due - START <= high * DAY


def test_fewer_options_make_a_right_answer_weaker_evidence() -> None:
    card = overdue_card()
    four = review(card, START, seeded(1), option_count=4).stability
    two = review(card, START, seeded(1), option_count=2).stability
    good, _ = scheduling.make_scheduler().review_card(card, Rating.Good, review_datetime=START)
    assert two < four < good.stability  # type: ignore[operator]


def test_a_first_answer_and_a_wrong_one_are_fsrs_own() -> None:
    scheduler = scheduling.make_scheduler()
    first = review(scheduling.new_card(START), START, seeded(1))
    assert first.stability == scheduler._initial_stability(rating=Rating.Good)  # nothing to weigh
    wrong = review(overdue_card(), START, seeded(1), correct=False)
    again, _ = scheduler.review_card(overdue_card(), Rating.Again, review_datetime=START)
    assert (wrong.stability, wrong.due) == (again.stability, again.due)


@pytest.mark.parametrize("stability", [0.3, 2.3065, 7.4, 38.578, 500.0])
def test_interval_days_are_fsrs_own(stability: float) -> None:
    scheduler = scheduling.make_scheduler()
    expected = scheduler._next_interval(stability=stability)
    assert scheduling.interval_days(scheduler, stability) == expected


def test_short_intervals_are_not_fuzzed() -> None:
    assert scheduling.fuzz_range(2 * DAY, 365) is None
    assert scheduling.fuzz_range(3 * DAY, 365) is not None


def test_naive_and_foreign_zone_times_become_utc() -> None:
    naive = datetime(2026, 1, 5, 9, 0)  # noqa: DTZ001 - databases hand back naive UTC
    athens = datetime(2026, 1, 5, 11, 0, tzinfo=timezone(timedelta(hours=2)))
    assert scheduling.as_utc(naive) == START
    assert scheduling.as_utc(athens).tzinfo is UTC
    assert scheduling.as_utc(athens) == START


@pytest.mark.parametrize(
    ("now", "zone", "expected"),
    [
        (datetime(2026, 11, 25, 12, tzinfo=UTC), "UTC", datetime(2026, 11, 25, tzinfo=UTC)),
        # 12:00 UTC is already the 26th in Auckland (UTC+13), whose day began at 11:00 UTC.
        (
            datetime(2026, 11, 25, 12, tzinfo=UTC),
            "Pacific/Auckland",
            datetime(2026, 11, 25, 11, tzinfo=UTC),
        ),
        # The day of a DST change: Athens' midnight still has the winter offset (+2).
        (
            datetime(2026, 3, 29, 12, tzinfo=UTC),
            "Europe/Athens",
            datetime(2026, 3, 28, 22, tzinfo=UTC),
        ),
    ],
)
def test_local_day_start(now: datetime, zone: str, expected: datetime) -> None:
    assert scheduling.local_day_start(now, ZoneInfo(zone)) == expected


def test_mastery_needs_a_review_card_with_three_weeks_stability() -> None:
    assert scheduling.is_mastered(State.Review, 21.0)
    assert not scheduling.is_mastered(State.Review, 20.9)
    assert not scheduling.is_mastered(State.Relearning, 50.0)
    assert not scheduling.is_mastered(State.Learning, None)
