"""Standings rules: order, competition ranks on true ties, unlisted zero rows, cuts, pages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.quiz.boards.standings import (
    Score,
    first_ms_shown_as,
    page_holding,
    pages_of,
    rank_listed,
    round_standings,
    shown_tenths,
    standings_key,
)


def score(member_id: int, points: int, correct_ms: int = 0, answered: int = 3) -> Score:
    return Score(member_id, points, answered, correct_ms)


def test_order_is_points_then_time_then_id() -> None:
    scores = [score(7, 1, 900), score(3, 2, 5000), score(9, 1, 400), score(8, 1, 400)]
    assert [s.member_id for s in sorted(scores, key=standings_key)] == [3, 8, 9, 7]


def test_equal_points_and_time_share_a_rank_and_the_next_skips() -> None:
    ordered = [score(1, 3, 900), score(2, 3, 900), score(3, 3, 900), score(4, 2, 100)]
    assert [s.rank for s in rank_listed(ordered)] == [1, 1, 1, 4]


def test_times_tie_as_shown_to_the_tenth_of_a_second() -> None:
    assert [shown_tenths(ms) for ms in (0, 49, 50, 149, 150, 1040)] == [0, 0, 1, 1, 2, 10]
    assert [first_ms_shown_as(t) for t in (1, 10)] == [50, 950]
    ordered = [score(1, 2, 960), score(2, 2, 1040), score(3, 2, 1050)]  # 1.0, 1.0, 1.1 s
    assert [s.rank for s in rank_listed(ordered)] == [1, 1, 3]


def test_equal_points_in_different_times_are_ranked_by_time() -> None:
    ordered = [score(1, 3, 500), score(2, 3, 900), score(3, 3, 930)]
    assert [s.rank for s in rank_listed(ordered)] == [1, 2, 2]


def test_a_later_page_continues_a_tie_from_the_page_before() -> None:
    page = [score(11, 2, 100), score(12, 2, 100), score(13, 1, 50)]
    ranked = rank_listed(page, position=11, first_rank=9)
    assert [s.rank for s in ranked] == [9, 9, 13]
    assert [s.rank for s in rank_listed(page, position=11)] == [11, 11, 13]


def test_round_standings_leave_out_zero_rows_and_count_them_as_played() -> None:
    scores = [score(1, 0), score(2, 2, 800), score(3, 0), score(4, 2, 800), score(5, 1, 10)]
    standings = round_standings(scores, shown=20)
    assert [(s.rank, s.member_id) for s in standings.shown] == [(1, 2), (1, 4), (3, 5)]
    assert (standings.more, standings.played) == (0, 5)


def test_round_standings_cut_says_how_many_more() -> None:
    scores = [score(member, 1 + member % 5, member) for member in range(1, 58)]
    standings = round_standings(scores, shown=20)
    assert len(standings.shown) == 20
    assert (standings.more, standings.played) == (37, 57)
    assert standings.shown[0].points == 5


def test_nobody_answering_leaves_nothing_to_show() -> None:
    standings = round_standings([], shown=20)
    assert (standings.shown, standings.more, standings.played) == ((), 0, 0)
    with pytest.raises(ValueError, match="fewer"):
        round_standings([], shown=-1)


def test_pages() -> None:
    assert [pages_of(n, 10) for n in (0, 1, 10, 11, 21)] == [1, 1, 1, 2, 3]
    assert [page_holding(place, 10) for place in (1, 10, 11, 21)] == [0, 0, 1, 2]
    with pytest.raises(ValueError, match="start at 1"):
        page_holding(0, 10)


scores_strategy = st.lists(
    st.builds(
        Score,
        member_id=st.integers(1, 10_000),
        points=st.integers(0, 4),
        answered=st.just(4),
        correct_ms=st.sampled_from([0, 30, 100, 149, 150, 200]),
    ),
    max_size=40,
    unique_by=lambda s: s.member_id,
)


@given(scores_strategy, st.integers(0, 45))
def test_a_rank_is_one_more_than_those_strictly_ahead(scores: list[Score], shown: int) -> None:
    standings = round_standings(scores, shown=shown)
    listed = [s for s in scores if s.points > 0]
    for standing in standings.shown:
        mine = (standing.points, -shown_tenths(standing.correct_ms))
        ahead = sum((s.points, -shown_tenths(s.correct_ms)) > mine for s in listed)
        assert standing.rank == 1 + ahead
    assert len(standings.shown) + standings.more == len(listed)
    assert standings.played == len(scores)


@given(scores_strategy, st.integers(1, 7))
def test_pages_ranked_alone_agree_with_the_whole_list(scores: list[Score], size: int) -> None:
    ordered = sorted(filter(lambda s: s.points > 0, scores), key=standings_key)
    whole = rank_listed(ordered)
    for start in range(0, len(ordered), size):
        page = ordered[start : start + size]
        head = (page[0].points, -shown_tenths(page[0].correct_ms))
        first = 1 + sum((s.points, -shown_tenths(s.correct_ms)) > head for s in ordered)
        assert (
            rank_listed(page, position=start + 1, first_rank=first) == whole[start : start + size]
        )
