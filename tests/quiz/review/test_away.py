"""Away time: the cards due in the window spread over the days after it, within the limit."""

from __future__ import annotations

from collections import Counter
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.quiz.review.away import falling_due_in, spread
from bot.quiz.review.study_days import Away, StudyDays

MONDAY = date(2026, 12, 7)
AWAY = Away(MONDAY, MONDAY + timedelta(days=13))


def on(day: int) -> date:
    return MONDAY + timedelta(days=day)


def test_cards_fill_the_days_after_the_window_in_their_order() -> None:
    cards = [("a", on(0)), ("b", on(3)), ("c", on(13)), ("d", on(20)), ("e", on(5))]
    placed = spread(cards, AWAY, limit=2, load={on(14): 1, on(15): 2})
    # d is not in the window and stays; a goes on the 14th (1 already due), b and c on the
    # 16th (the 15th is full), e on the 17th.
    assert placed == {"a": on(14), "b": on(16), "c": on(16), "e": on(17)}
    assert falling_due_in(AWAY, cards) == [("a", on(0)), ("b", on(3)), ("c", on(13)), ("e", on(5))]


def test_easy_days_after_the_window_take_none() -> None:
    weekends = StudyDays(frozenset({5, 6}))
    cards = [(n, on(n % 14)) for n in range(6)]
    placed = spread(cards, AWAY, limit=2, load={}, study_days=weekends)
    # Monday the 14th, Tuesday, Wednesday.
    assert sorted(set(placed.values())) == [on(14), on(15), on(16)]
    with pytest.raises(ValueError, match="no room"):
        spread(cards, AWAY, limit=0, load={})


@settings(derandomize=True, max_examples=300)
@given(
    dues=st.lists(st.integers(-5, 25), max_size=60),
    limit=st.integers(1, 12),
    load=st.dictionaries(st.integers(14, 40), st.integers(0, 15), max_size=20),
    easy=st.frozensets(st.integers(0, 6), max_size=6),
)
def test_no_day_after_the_window_exceeds_the_limit(
    dues: list[int], limit: int, load: dict[int, int], easy: frozenset[int]
) -> None:
    study_days = StudyDays(easy)
    cards = [(index, on(due)) for index, due in enumerate(dues)]
    loads = {on(day): count for day, count in load.items()}
    placed = spread(cards, AWAY, limit=limit, load=loads, study_days=study_days)
    assert set(placed) == {index for index, due in enumerate(dues) if 0 <= due <= 13}
    for day, count in Counter(placed.values()).items():
        assert day >= AWAY.back
        assert not study_days.is_off(day)
        assert count + loads.get(day, 0) <= limit
    # In order: a card later in the order never lands earlier than one before it.
    days = [placed[index] for index, _due in cards if index in placed]
    assert days == sorted(days)
