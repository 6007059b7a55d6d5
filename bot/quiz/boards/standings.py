"""Standings rules: who is listed, which ranks are shared, and where a list is cut.

Order: more points first, then less total time on correct answers, then member id (only so that
the order is stable). Ranks are competition ranks ("1, 1, 3"): members equal in points AND in time
as shown (to the tenth of a second) share a rank; equal points in different shown times are
ordered, and ranked, by time. So a shared rank always means a tie the reader can see, and ranks
never disagree with the order shown. Members with no points are not listed, only counted as
having played.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Score:
    """A member's totals on a board or in a round, before ranking."""

    member_id: int
    points: int
    answered: int
    correct_ms: int


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    member_id: int
    points: int
    answered: int
    correct_ms: int


@dataclass(frozen=True, slots=True)
class Standings:
    """A cut list: the rows shown, how many ranked rows follow them, how many played in all."""

    shown: tuple[Standing, ...]
    more: int
    played: int


TIME_STEP_MS = 100  # times are shown, and compared for ties, in tenths of a second


def shown_tenths(correct_ms: int) -> int:
    """A total time in the tenths of a second it is shown in (halves up): the unit of ties."""
    return (correct_ms + TIME_STEP_MS // 2) // TIME_STEP_MS


def first_ms_shown_as(tenths: int) -> int:
    """The least time in milliseconds that is shown as ``tenths``."""
    return tenths * TIME_STEP_MS - TIME_STEP_MS // 2


def standings_key(score: Score) -> tuple[int, int, int]:
    """Standings order: more points first, then less time on correct answers, then id."""
    return (-score.points, score.correct_ms, score.member_id)


def is_listed(score: Score) -> bool:
    """Only members with points are listed; the others played, and are counted, unranked."""
    return score.points > 0


def ties(first: Score | Standing, second: Score | Standing) -> bool:
    """Equal in points and in time as shown: the two share a rank."""
    return (first.points, shown_tenths(first.correct_ms)) == (
        second.points,
        shown_tenths(second.correct_ms),
    )


def rank_listed(
    scores: Sequence[Score], *, position: int = 1, first_rank: int | None = None
) -> tuple[Standing, ...]:
    """Ranks of ``scores`` listed in standings order from place ``position`` on: a score that
    ties the one before it shares its rank, any other's rank is its place. ``first_rank`` is the
    first score's rank when it ties scores listed before it (on an earlier page)."""
    ranked: list[Standing] = []
    for place, score in enumerate(scores, start=position):
        if ranked and ties(ranked[-1], score):
            rank = ranked[-1].rank
        elif not ranked and first_rank is not None:
            rank = first_rank
        else:
            rank = place
        ranked.append(
            Standing(rank, score.member_id, score.points, score.answered, score.correct_ms)
        )
    return tuple(ranked)


def round_standings(scores: Iterable[Score], *, shown: int) -> Standings:
    """A round's standings: the listed members ranked, the first ``shown`` of them kept."""
    if shown < 0:
        raise ValueError("cannot show fewer than no rows")
    played = list(scores)
    listed = rank_listed(sorted(filter(is_listed, played), key=standings_key))
    return Standings(listed[:shown], max(0, len(listed) - shown), len(played))


def pages_of(listed: int, page_size: int) -> int:
    """How many pages ``listed`` rows fill: at least one, an empty page saying so."""
    if page_size < 1:
        raise ValueError("a page holds at least one row")
    return max(1, -(-listed // page_size))


def page_holding(place: int, page_size: int) -> int:
    """The 0-based page of the row at 1-based ``place``."""
    if place < 1 or page_size < 1:
        raise ValueError("places and page sizes start at 1")
    return (place - 1) // page_size
