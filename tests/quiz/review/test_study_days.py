"""A member's days off, and where a due day lands once they are taken out: within the fuzz
range when it has a free day, else the nearest free day, never in the away window; and
``scheduling.review`` with and without them."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.quiz.review import scheduling
from bot.quiz.review.scheduling import Card, State
from bot.quiz.review.study_days import (
    Away,
    StudyDays,
    StudyDaysProblem,
    nearest_free_day,
    place_due,
    problem_with,
)

MONDAY = date(2026, 12, 7)
FRIDAY = MONDAY + timedelta(days=4)
WEEKENDS = StudyDays(frozenset({5, 6}))
ATHENS = ZoneInfo("Europe/Athens")


def seeded(seed: int) -> random.Random:
    return random.Random(seed)  # noqa: S311  # fuzzing due dates, not cryptography


def test_at_least_one_weekday_stays_normal() -> None:
    assert problem_with(range(7)) is StudyDaysProblem.EVERY_DAY_EASY
    assert problem_with({7}) is StudyDaysProblem.NOT_A_WEEKDAY
    assert problem_with(range(6)) is None
    assert problem_with((), Away(MONDAY, MONDAY)) is None
    with pytest.raises(ValueError, match="every_day_easy"):
        StudyDays(frozenset(range(7)))
    with pytest.raises(ValueError, match="before it starts"):
        Away(MONDAY, MONDAY - timedelta(days=1))


def test_easy_weekdays_and_the_away_window_are_off() -> None:
    away = Away(MONDAY, MONDAY + timedelta(days=13))
    days = StudyDays(frozenset({5, 6}), away)
    assert (away.days, away.back) == (14, MONDAY + timedelta(days=14))
    assert days.is_off(MONDAY)
    assert days.is_off(away.last)
    assert not days.is_off(away.back)
    assert WEEKENDS.is_off(FRIDAY + timedelta(days=1))
    assert not WEEKENDS.is_off(FRIDAY)
    assert WEEKENDS.next_free(FRIDAY + timedelta(days=1)) == FRIDAY + timedelta(days=3)


def test_a_short_interval_onto_an_easy_day_goes_to_the_nearest_normal_day() -> None:
    # From Friday, a day (Saturday) and two (Sunday) both land on Monday: Friday itself is
    # today, and a due day is at least tomorrow.
    assert place_due(FRIDAY, 1, None, WEEKENDS, seeded(1)) == FRIDAY + timedelta(days=3)
    assert place_due(FRIDAY, 2, None, WEEKENDS, seeded(1)) == FRIDAY + timedelta(days=3)
    # From Wednesday, Saturday is a day from Friday and two from Monday: Friday.
    wednesday = MONDAY + timedelta(days=2)
    assert place_due(wednesday, 3, None, WEEKENDS, seeded(1)) == FRIDAY
    # A tie goes later: with only Sundays easy, a Sunday's neighbours Saturday and Monday are
    # both a day away; Monday.
    sundays = StudyDays(frozenset({6}))
    sunday = MONDAY - timedelta(days=1)
    assert nearest_free_day(MONDAY - timedelta(days=7), sunday, sundays) == MONDAY


def test_a_fuzzed_interval_draws_only_among_the_free_days_of_its_range() -> None:
    drawn = {place_due(MONDAY, 10, (8, 12), WEEKENDS, seeded(seed)) for seed in range(200)}
    # Days 8..12 from Monday: Tuesday to Saturday of the next week, Saturday excluded.
    assert drawn == {MONDAY + timedelta(days=d) for d in (8, 9, 10, 11)}


def test_the_away_window_is_never_chosen_and_after_it_comes_first() -> None:
    away = Away(MONDAY + timedelta(days=2), MONDAY + timedelta(days=15))
    days = StudyDays(frozenset(), away)
    # The whole range is in the window: the first day after it, though the day before it is
    # nearer to the interval.
    assert place_due(MONDAY, 3, (2, 4), days, seeded(1)) == away.back
    # A range reaching past the window draws after it.
    drawn = {place_due(MONDAY, 15, (13, 17), days, seeded(s)) for s in range(100)}
    assert drawn == {away.back, away.back + timedelta(days=1)}


def test_no_day_off_draws_exactly_as_the_plain_fuzz() -> None:
    for seed in range(50):
        plain = MONDAY + timedelta(days=seeded(seed).randint(20, 30))
        assert place_due(MONDAY, 25, (20, 30), StudyDays(), seeded(seed)) == plain


weekday_sets = st.frozensets(st.integers(0, 6), max_size=6)
away_windows = st.one_of(
    st.none(),
    st.tuples(st.integers(-5, 40), st.integers(0, 20)).map(
        lambda s: Away(MONDAY + timedelta(days=s[0]), MONDAY + timedelta(days=s[0] + s[1]))
    ),
)


@settings(derandomize=True, max_examples=400)
@given(
    easy=weekday_sets,
    away=away_windows,
    days=st.integers(1, 120),
    seed=st.integers(0, 2**32),
)
def test_a_placed_day_is_free_later_than_today_and_in_range_when_it_can_be(
    easy: frozenset[int], away: Away | None, days: int, seed: int
) -> None:
    study_days = StudyDays(easy, away)
    bounds = scheduling.fuzz_range(timedelta(days=days), 365)
    placed = place_due(MONDAY, days, bounds, study_days, seeded(seed))
    assert not study_days.is_off(placed)
    assert placed > MONDAY
    low, high = bounds or (days, days)
    in_range = [MONDAY + timedelta(days=d) for d in range(low, high + 1)]
    if any(not study_days.is_off(day) for day in in_range):
        assert placed in in_range
    elif away is not None and away.covers(MONDAY + timedelta(days=days)):
        assert placed > away.last


def review_card(stability: float, seen: datetime) -> Card:
    return Card(
        card_id=0,
        state=State.Review,
        stability=stability,
        difficulty=5.0,
        due=seen,
        last_review=seen - timedelta(days=stability),
    )


def review(card: Card, at: datetime, rng: random.Random, study_days: StudyDays | None) -> Card:
    reviewed, _log = scheduling.review(
        scheduling.make_policy(),
        card,
        correct=True,
        guess_space=4,
        reviewed_at=at,
        zone=ATHENS,
        response_ms=1000,
        rng=rng,
        study_days=study_days,
    )
    return reviewed


@settings(derandomize=True, max_examples=200)
@given(
    stability=st.floats(0.1, 300.0),
    hour=st.integers(0, 23 * 7),
    seed=st.integers(0, 2**32),
)
def test_no_study_days_leave_review_unchanged(stability: float, hour: int, seed: int) -> None:
    at = datetime(2026, 12, 7, tzinfo=UTC) + timedelta(hours=hour)
    card = review_card(stability, at)
    assert review(card, at, seeded(seed), None) == review(card, at, seeded(seed), StudyDays())
    plain, _log = scheduling.review(
        scheduling.make_policy(),
        card,
        correct=True,
        guess_space=4,
        reviewed_at=at,
        zone=ATHENS,
        response_ms=1000,
        rng=seeded(seed),
    )
    assert review(card, at, seeded(seed), None) == plain


@settings(derandomize=True, max_examples=200)
@given(stability=st.floats(0.1, 300.0), hour=st.integers(0, 23 * 7), seed=st.integers(0, 2**32))
def test_review_never_sets_a_card_due_on_an_easy_day(
    stability: float, hour: int, seed: int
) -> None:
    at = datetime(2026, 12, 7, tzinfo=UTC) + timedelta(hours=hour)
    card = review(review_card(stability, at), at, seeded(seed), WEEKENDS)
    due = card.due.astimezone(ATHENS)
    assert (due.hour, due.minute) == (0, 0)  # still from the start of the member's day
    assert due.weekday() not in {5, 6}
    unconstrained = review(review_card(stability, at), at, seeded(seed), None)
    assert card.stability == unconstrained.stability  # the memory is the same, only the day
