"""Keeping the score tables current as questions settle: read, added up, written in bulk."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, time
from operator import itemgetter
from typing import TYPE_CHECKING, TypeAlias

from sqlalchemy import func, select

from bot.quiz.boards.scoring import ALL_PACKS, ALL_TIME, Period, parse_period_key, periods_at
from bot.quiz.rewards.reward_roles import Crossing
from bot.storage.dialects import bulk_insert, one_of, write_bulk
from bot.storage.models import score_counts_table, scores_table

if TYPE_CHECKING:
    from sqlalchemy import Connection

# (guild id, period, pack id or ALL_PACKS): one leaderboard.
BoardKey: TypeAlias = tuple[int, str, str]
LOCK_SPACE = 0x51555343  # the advisory locks of the settle's scores ("QUSC")
_SCORE_COLUMNS = ("guild_id", "period", "pack_id", "member_id", "points", "answered", "correct_ms")
_COUNT_COLUMNS = ("guild_id", "period", "pack_id", "points", "members")


@dataclass(frozen=True, slots=True)
class ScoredAnswer:
    guild_id: int
    pack_id: str
    member_id: int
    correct: bool
    response_ms: int
    answered_at: datetime
    season_id: int | None = None  # the season it counts for, if one ran when it was given


@dataclass(slots=True)
class _Delta:
    points: int = 0
    answered: int = 0
    correct_ms: int = 0


@dataclass(frozen=True, slots=True)
class ScoresBefore:
    """The points each member had on the boards a batch of answers counts on (none: new to it)."""

    points: dict[tuple[int, str, str, int], int]


@dataclass(frozen=True, slots=True)
class ScorePlan:
    """A batch of answers added up: the rows to add to the scores, the changes to the
    per-points member counts, and the points each member went up by on the all-packs boards
    that rewards count (all-time and the season's)."""

    rows: list[tuple[object, ...]]  # in _SCORE_COLUMNS' order
    counts: list[tuple[object, ...]]  # in _COUNT_COLUMNS' order
    crossings: list[Crossing]


def lock_boards(connection: Connection, guild_id: int) -> None:
    """Takes the server's settle lock on PostgreSQL, until the transaction ends (SQLite's one
    writer holds everything still already)."""
    if connection.dialect.name == "postgresql":
        connection.execute(select(func.pg_advisory_xact_lock(LOCK_SPACE, guild_id % 2**31)))


def load_scores(connection: Connection, answers: Sequence[ScoredAnswer]) -> ScoresBefore:
    """The points ``answers`` start from, read in the caller's transaction. On PostgreSQL it
    first takes the server's settle lock, so that the points stay as read until it commits
    (SQLite's one writer holds everything still already)."""
    if not answers:
        return ScoresBefore({})
    guild_id = answers[0].guild_id
    lock_boards(connection, guild_id)
    c = scores_table.c
    rows = connection.execute(
        select(c.guild_id, c.period, c.pack_id, c.member_id, c.points).where(
            c.guild_id == guild_id,
            c.period.in_(sorted(_periods(answers))),
            c.pack_id.in_(sorted({ALL_PACKS} | {a.pack_id for a in answers})),
            one_of(connection.dialect.name, c.member_id, {a.member_id for a in answers}),
        )
    )
    return ScoresBefore({(r[0], r[1], r[2], r[3]): r[4] for r in rows})


def plan_scores(answers: Sequence[ScoredAnswer], before: ScoresBefore) -> ScorePlan:
    """``answers`` added to the boards of ``before``: no database, so a large batch can be
    added up away from the event loop."""
    deltas = _deltas(answers)
    moved: dict[tuple[int, str, str, int], int] = {}
    crossings = []
    # Rows go in key order so that concurrent writers lock them in the same order. Sorted by
    # the key alone: comparing (key, delta) pairs is several times slower.
    # Tuples, not dicts: 30,000 rows of a 5,000-answer question.
    rows: list[tuple[object, ...]] = []
    rewarded = {period: _rewarded(period) for period in {key[1] for key in deltas}}
    for key, delta in sorted(deltas.items(), key=itemgetter(0)):
        rows.append((*key, delta.points, delta.answered, delta.correct_ms))
        had = before.points.get(key)
        if had is None:  # a member new to this board
            board = (key[0], key[1], key[2], delta.points)
            moved[board] = moved.get(board, 0) + 1
        elif delta.points:
            left, reached = (
                (key[0], key[1], key[2], had),
                (key[0], key[1], key[2], had + delta.points),
            )
            moved[left] = moved.get(left, 0) - 1
            moved[reached] = moved.get(reached, 0) + 1
        if delta.points and key[2] == ALL_PACKS and rewarded[key[1]]:
            crossings.append(Crossing(key[3], key[1], had or 0, (had or 0) + delta.points))
    counts: list[tuple[object, ...]] = [(*key, n) for key, n in sorted(moved.items()) if n]
    return ScorePlan(rows, counts, crossings)


def write_scores(connection: Connection, dialect: str, plan: ScorePlan) -> None:
    """The planned rows added to the scores and the counts moved, in bulk."""
    c = scores_table.c
    insert = bulk_insert(dialect, scores_table, _SCORE_COLUMNS)
    write_bulk(
        connection,
        insert.on_conflict_do_update(
            index_elements=[c.guild_id, c.period, c.pack_id, c.member_id],
            set_={
                "points": c.points + insert.excluded.points,
                "answered": c.answered + insert.excluded.answered,
                "correct_ms": c.correct_ms + insert.excluded.correct_ms,
            },
        ),
        _SCORE_COLUMNS,
        plan.rows,
    )
    counted = score_counts_table.c
    moving = bulk_insert(dialect, score_counts_table, _COUNT_COLUMNS)
    write_bulk(
        connection,
        moving.on_conflict_do_update(
            index_elements=[counted.guild_id, counted.period, counted.pack_id, counted.points],
            set_={"members": counted.members + moving.excluded.members},
        ),
        _COUNT_COLUMNS,
        plan.counts,
    )


def _periods(answers: Sequence[ScoredAnswer]) -> set[str]:
    """The periods ``answers`` count on: a period is a matter of the day and the season."""
    given = {(a.answered_at.date(), a.season_id) for a in answers}
    return {
        period
        for day, season_id in given
        for period in periods_at(datetime.combine(day, time(), tzinfo=UTC), season_id)
    }


def _rewarded(period: str) -> bool:
    """Whether rewards count a board of this period: all-time, or a season's."""
    return period == ALL_TIME or parse_period_key(period).period is Period.SEASON


def _deltas(answers: Sequence[ScoredAnswer]) -> dict[tuple[int, str, str, int], _Delta]:
    deltas: dict[tuple[int, str, str, int], _Delta] = {}
    for answer in answers:
        for period in periods_at(answer.answered_at, answer.season_id):
            for pack_id in (ALL_PACKS, answer.pack_id):
                key = (answer.guild_id, period, pack_id, answer.member_id)
                delta = deltas.setdefault(key, _Delta())
                delta.answered += 1
                if answer.correct:
                    delta.points += 1
                    delta.correct_ms += answer.response_ms
    return deltas
