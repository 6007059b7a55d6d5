"""The scheduling policy: FSRS memory states in calendar days, the rising target, how answers
become ratings (weighed for guessing), and fuzzing with the caller's random."""

from __future__ import annotations

import math
import random
from datetime import UTC, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.quiz.review import scheduling
from bot.quiz.review.scheduling import Card, Policy, Rating, State

START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)
ATHENS = ZoneInfo("Europe/Athens")
UTC_ZONE = ZoneInfo("UTC")


def seeded(seed: int) -> random.Random:
    return random.Random(seed)  # noqa: S311  # fuzzing due dates, not cryptography


def review(
    card: Card,
    moment: datetime,
    rng: random.Random,
    *,
    correct: bool = True,
    guess_space: int = 4,
    policy: Policy | None = None,
    zone: ZoneInfo = UTC_ZONE,
) -> Card:
    reviewed, _log = scheduling.review(
        policy or scheduling.make_policy(),
        card,
        correct=correct,
        guess_space=guess_space,
        reviewed_at=moment,
        zone=zone,
        response_ms=1000,
        rng=rng,
    )
    return reviewed


def test_policy_settings() -> None:
    policy = scheduling.make_policy()
    assert (policy.desired_retention, policy.rise, policy.known_before) == (0.88, 0.04, 0.1)
    assert policy.maximum_interval == 365
    assert policy.reask_missed is False
    # fsrs only keeps the memory states: no learning steps, and its own fuzz (from the global
    # random module) off, since review() fuzzes with the caller's.
    memory = policy.memory
    assert (memory.learning_steps, memory.relearning_steps) == ((), ())
    assert memory.enable_fuzzing is False


def test_wrong_rates_again_and_right_rates_good() -> None:
    assert scheduling.rating_for(correct=False) is Rating.Again
    assert scheduling.rating_for(correct=True) is Rating.Good


def test_a_typed_answer_right_only_by_a_forgiven_typo_rates_hard() -> None:
    assert scheduling.rating_for(correct=True, typo=True) is Rating.Hard
    assert scheduling.rating_for(correct=False, typo=True) is Rating.Again
    reviewed, log = scheduling.review(
        scheduling.make_policy(),
        overdue_card(),
        correct=True,
        guess_space=0,
        reviewed_at=START,
        zone=UTC_ZONE,
        response_ms=1000,
        rng=seeded(1),
        typo=True,
    )
    assert log.rating is Rating.Hard
    assert reviewed.stability is not None


def test_a_typed_answer_is_not_discounted_as_a_guess() -> None:
    card = overdue_card()
    typed = review(card, START, seeded(1), guess_space=0).stability
    picked = review(card, START, seeded(1), guess_space=4).stability
    several = review(card, START, seeded(1), guess_space=15).stability
    good, _ = scheduling.make_policy().memory.review_card(card, Rating.Good, review_datetime=START)
    assert typed == good.stability
    assert picked < several < typed  # type: ignore[operator]


def test_review_keeps_the_response_time_and_leaves_the_input_card_alone() -> None:
    card = scheduling.new_card(START)
    reviewed, log = scheduling.review(
        scheduling.make_policy(),
        card,
        correct=True,
        guess_space=4,
        reviewed_at=START,
        zone=ATHENS,
        response_ms=4200,
        rng=seeded(1),
    )
    assert (log.rating, log.review_duration, log.review_datetime) == (Rating.Good, 4200, START)
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
    """Against the same policy unfuzzed: the same state, stability and difficulty; a review
    interval moved at most within its fuzz range, in whole days from the start of the day."""
    rng, plain_policy = seeded(seed), Policy(fuzz=False)
    card, moment = scheduling.new_card(START), START
    for correct, late in zip(answers, late_days, strict=False):
        plain = review(card, moment, seeded(0), correct=correct, policy=plain_policy)
        fuzzed = review(card, moment, rng, correct=correct)
        assert (fuzzed.state, fuzzed.step, fuzzed.last_review) == (
            plain.state,
            plain.step,
            plain.last_review,
        )
        assert (fuzzed.stability, fuzzed.difficulty) == (plain.stability, plain.difficulty)
        day_start = scheduling.local_day_start(moment, UTC)
        bounds = scheduling.fuzz_range(plain.due - day_start, 365)
        if bounds is not None:
            low, high = bounds
            assert low * DAY <= fuzzed.due - day_start <= high * DAY
            assert (fuzzed.due - day_start) % DAY == timedelta(0)
        else:
            assert fuzzed.due == plain.due
        card, moment = fuzzed, fuzzed.due + late * DAY + timedelta(hours=18)


def unfuzzed(card: Card, moment: datetime, *, correct: bool) -> Card:
    return review(card, moment, seeded(0), correct=correct, policy=Policy(fuzz=False))


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
    day_start = scheduling.local_day_start(START, UTC)
    plain = unfuzzed(card, START, correct=True)
    low, high = scheduling.fuzz_range(plain.due - day_start, 365)  # type: ignore[misc]
    assert high - low >= 4
    assert {(due - day_start) // DAY for due in dues} == set(range(low, high + 1))  # every day


@pytest.mark.parametrize("days", [3, 5, 8, 21, 50, 200, 364])
def test_fuzz_ranges_are_fsrs_own(days: int) -> None:
    """fsrs's own fuzz (from the global random module, seeded here for this test only) lands in
    our range, and covers it; fsrs can round one day past its top (``random() * (n + 1)``)."""
    fuzzing = scheduling.Scheduler(enable_fuzzing=True, maximum_interval=365)
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
    memory, card = scheduling.make_policy().memory, overdue_card()
    recall = memory.get_card_retrievability(card, current_datetime=START)
    assert recall == pytest.approx(0.84588, abs=1e-5)
    good, _ = memory.review_card(card, Rating.Good, review_datetime=START)
    again, _ = memory.review_card(card, Rating.Again, review_datetime=START)
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
    # Target 0.88 + 0.04 ln(3.8578) = 0.93401; 38.578 / 0.98035 · (0.93401^-6.4851 - 1) = 21.9
    assert scheduling.target_retention(scheduling.make_policy(), 38.578) == pytest.approx(
        0.93401, abs=1e-5
    )
    assert scheduling.interval_days(scheduling.make_policy(), 38.578) == 22
    low, high = scheduling.fuzz_range(22 * DAY, 365)  # type: ignore[misc]
    day_start = datetime(2026, 1, 5, tzinfo=UTC)
    assert low * DAY <= weighed.due - day_start <= high * DAY


def test_fewer_options_make_a_right_answer_weaker_evidence() -> None:
    card = overdue_card()
    four = review(card, START, seeded(1), guess_space=4).stability
    two = review(card, START, seeded(1), guess_space=2).stability
    good, _ = scheduling.make_policy().memory.review_card(card, Rating.Good, review_datetime=START)
    assert two < four < good.stability  # type: ignore[operator]


def test_a_right_first_answer_is_weighed_as_a_possible_guess() -> None:
    # The prior 0.1 a question is known: P(known | right) = 0.1 / (0.1 + 0.9 / 4) = 0.30769;
    # S = w2^0.30769 · w0^0.69231 = 2.3065^0.30769 · 0.212^0.69231 = 1.29325 · 0.34168 = 0.44187.
    first = review(scheduling.new_card(START), START, seeded(1))
    assert first.stability == pytest.approx(0.44187, abs=1e-5)
    assert first.state is State.Review
    sure = review(scheduling.new_card(START), START, seeded(1), policy=Policy(known_before=1.0))
    assert sure.stability == pytest.approx(2.3065)  # fsrs's own Good, nothing to weigh


def test_a_wrong_answer_is_fsrs_own_and_due_from_a_days_start() -> None:
    memory = scheduling.make_policy().memory
    wrong = review(overdue_card(), START, seeded(1), correct=False)
    again, _ = memory.review_card(overdue_card(), Rating.Again, review_datetime=START)
    assert (wrong.stability, wrong.state) == (again.stability, State.Review)
    # S = 1.5219: target 0.88 + 0.04 ln(0.15219) = 0.80470; 0.80470^-6.4851 = 4.0920, so
    # 1.5219 / 0.98035 · 3.0920 = 4.80 days
    assert scheduling.interval_days(scheduling.make_policy(), 1.5219) == 5
    first_wrong = review(scheduling.new_card(START), START, seeded(1), correct=False)
    # S = w0 = 0.212: target 0.88 + 0.04 ln(0.0212) = 0.72578, 0.21625 · (7.9887 - 1) = 1.51
    assert first_wrong.due == datetime(2026, 1, 7, tzinfo=UTC)


def test_a_missed_card_comes_back_in_a_minute_once_only_with_reasks() -> None:
    policy = Policy(reask_missed=True)
    missed = review(overdue_card(), START, seeded(1), correct=False, policy=policy)
    assert (missed.state, missed.due) == (State.Relearning, START + timedelta(minutes=1))
    later = START + timedelta(minutes=2)
    again = review(missed, later, seeded(1), correct=False, policy=policy)
    assert again.state is State.Review
    assert again.due >= datetime(2026, 1, 6, tzinfo=UTC)


def test_the_target_rises_with_stability_within_its_bounds() -> None:
    policy = scheduling.make_policy()
    assert scheduling.target_retention(policy, 10.0) == pytest.approx(0.88)
    targets = [scheduling.target_retention(policy, s) for s in (0.2, 1.0, 10.0, 50.0, 5000.0)]
    assert targets == sorted(targets)
    assert targets[0] == pytest.approx(0.88 + 0.04 * math.log(0.02))
    assert targets[-1] == 0.97  # the ceiling
    assert scheduling.target_retention(Policy(desired_retention=0.3), 0.2) == 0.5  # the floor


@pytest.mark.parametrize("stability", [0.3, 2.3065, 7.4, 38.578, 500.0])
def test_interval_days_reach_the_target(stability: float) -> None:
    policy = scheduling.make_policy()
    days = scheduling.interval_days(policy, stability)
    exact = stability / 0.98035 * (scheduling.target_retention(policy, stability) ** -6.4851 - 1)
    assert days == min(max(round(exact), 1), 365)


def test_memory_counts_the_members_calendar_days() -> None:
    """18:00 one evening, 17:30 the next in Athens: 23.5 hours, yet the next day, so the
    long-term rule (as FSRS-6 and Anki count); 20:00 the same evening is the short-term one."""
    evening = datetime(2026, 1, 5, 16, 0, tzinfo=UTC)  # 18:00 in Athens (UTC+2)
    card = review(scheduling.new_card(evening), evening, seeded(1), correct=False, zone=ATHENS)
    next_day = review(card, evening + timedelta(hours=23.5), seeded(1), zone=ATHENS)
    memory = scheduling.make_policy().memory
    assert card.stability is not None
    # R after one day: (1 + 0.98035 / 0.212)^-0.1542 = 0.76598, weighed: 0.76598 / 0.82449
    one_day_later = Card(
        card_id=0,
        state=State.Review,
        stability=card.stability,
        difficulty=card.difficulty,
        due=evening,
        last_review=evening - DAY,
    )
    good, _ = memory.review_card(one_day_later, Rating.Good, review_datetime=evening)
    assert next_day.stability is not None
    assert good.stability is not None
    assert next_day.stability > 2 * card.stability
    assert next_day.stability < good.stability  # weighed for guessing below Good
    same_day = review(card, evening + timedelta(hours=2), seeded(1), zone=ATHENS)
    # The short-term Good: 0.212 · e^(w17 · w18) · 0.212^-w19 = 0.212 · 1.0507 · 1.1075
    assert same_day.stability == pytest.approx(0.24669, abs=1e-5)
    # Due from the start of an Athens day: 22:00 UTC the evening before.
    assert next_day.due.astimezone(ATHENS).time() == time(0, 0)


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
