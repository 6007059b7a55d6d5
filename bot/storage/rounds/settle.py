"""Settling a closed question: its answers go into the scores (the running season's too), the
members' FSRS cards and the review log, and the reward roles they earn are recorded.

A question's settle follows its close, in a transaction of its own (``settle_next``), so that
the close (and with it the reveal, and on SQLite every other write) never waits for it. The
round's ``settled_through`` mark says how far its questions are settled: a settle takes the
next mark with a conditional UPDATE, as the close takes ``question_open``, so each question is
settled exactly once and in question order, by whichever process or retry gets there first. A
crash between a close and its settle leaves the mark behind; whoever conducts the round next
settles what is pending, and a round's end settles everything before its standings.

Recording an answer then writes only the answer row (the click path stays short), and each
answer still counts exactly once: no answer can join a question once it is closed (see
answers.py), and only the transaction that takes the mark settles it.

A settle is three steps: what it starts from is read (the answers, the cards, the points), the
whole batch is worked out in a thread (FSRS for every card, the score rows, the counts) while
the event loop goes on answering clicks, and the result is written in bulk. Worked out row by
row on the event loop, a large question's settle held up every click (docs/benchmarks.md, one
question's close).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from sqlalchemy import Connection, Row, Select, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.storage.boards.scores import (
    ScoredAnswer,
    ScorePlan,
    ScoresBefore,
    load_scores,
    lock_boards,
    plan_scores,
    write_scores,
)
from bot.storage.database import Database
from bot.storage.models import answers_table, questions_table, rounds_table
from bot.storage.review.cards import (
    ROUND_SOURCE,
    CardReview,
    CardsBefore,
    ScheduledCards,
    load_cards,
    schedule_cards,
    write_cards,
)
from bot.storage.rewards.reward_roles import record_earned
from bot.storage.seasons.season import running_season_for_settle

_ROUND = rounds_table.c


@dataclass(frozen=True, slots=True)
class SettleStart:
    """What a question's settle starts from, read in the settling transaction."""

    round_id: int
    question_id: str
    answers: Sequence[Row[Any]]  # in member order: the order FSRS's fuzz is drawn in
    scored: list[ScoredAnswer]
    reviews: list[CardReview]
    cards: CardsBefore
    scores: ScoresBefore


@dataclass(frozen=True, slots=True)
class Settled:
    """A question's settle worked out, for the settling transaction to write."""

    start: SettleStart
    cards: ScheduledCards
    scores: ScorePlan


async def settle_next(db: Database, round_id: int) -> int | None:
    """Settles the round's first closed question not yet settled, in a transaction of its own
    (``Database.run_in_steps``); its index, or None if none was pending. A question another
    process or try settled meanwhile is not settled again (its index comes back all the same).
    """
    index = await _pending_index(db, round_id)
    if index is None:
        return None

    def read(connection: Connection) -> _Pending:
        # A settle that waited for its turn (a round's end, behind the one the conductor
        # started: SQLite's one writer, PostgreSQL's settle lock, taken first) finds the question
        # done, and neither reads nor works it out again.
        lock_for_settle(connection, round_id)
        if _next_of(connection.execute(_progress(round_id)).one()) != index:
            return _Pending(index, None)
        return _Pending(index, read_settle(connection, round_id, index))

    def work(pending: _Pending) -> _Pending:
        if pending.start is None:
            return pending
        return _Pending(index, pending.start, work_out(pending.start))

    def write(connection: Connection, pending: _Pending) -> None:
        # The mark last, so the round's row is locked (answer batches of its late clicks wait
        # for it) only while the settle writes; a concurrent settle of the question waits here,
        # then finds it taken and writes nothing.
        if _take_mark(connection, round_id, index) and pending.settled is not None:
            write_settle(connection, pending.settled)

    await db.run_in_steps(read, work, write)
    return index


async def settle_pending(db: Database, round_id: int) -> int:
    """Settles every closed question of the round not yet settled, one transaction each, in
    question order; how many were pending."""
    settled = 0
    while await settle_next(db, round_id) is not None:
        settled += 1
    return settled


async def settle_pending_in(connection: AsyncConnection, round_id: int) -> int:
    """``settle_pending`` in the caller's transaction (a round's end, after it closed the open
    question): every question pending, with its mark; how many answers there were."""
    answers = 0
    while (
        index := await connection.run_sync(lambda sync: _claim_next(sync, round_id))
    ) is not None:
        answers += await _settle_in(connection, round_id, index)
    return answers


def lock_for_settle(connection: Connection, round_id: int) -> None:
    """Takes, before the round's row, the lock a settle of the round takes before it (the
    server's settle lock on PostgreSQL): a transaction that locks the round and then settles
    in it (a round's end) would otherwise deadlock with a settle waiting for the round's row."""
    guild_id = connection.scalar(select(_ROUND.guild_id).where(_ROUND.id == round_id))
    if guild_id is not None:
        lock_boards(connection, guild_id)


async def _settle_in(connection: AsyncConnection, round_id: int, question_index: int) -> int:
    start = await connection.run_sync(lambda sync: read_settle(sync, round_id, question_index))
    if start is None:
        return 0
    worked = await asyncio.to_thread(work_out, start)
    await connection.run_sync(lambda sync: write_settle(sync, worked))
    return len(start.answers)


@dataclass(frozen=True, slots=True)
class _Pending:
    """A question to settle: what its settle starts from (None: no answers), then worked out."""

    index: int
    start: SettleStart | None
    settled: Settled | None = None


async def _pending_index(db: Database, round_id: int) -> int | None:
    """The first closed question not yet settled, read without taking any write lock: most
    calls find none."""
    async with db.read() as connection:
        row = (await connection.execute(_progress(round_id))).one()
    return _next_of(row)


def _claim_next(connection: Connection, round_id: int) -> int | None:
    row = connection.execute(_progress(round_id)).one()
    index = _next_of(row)
    if index is None or not _take_mark(connection, round_id, index):
        return None
    return index


def _progress(round_id: int) -> Select[tuple[int, int, bool]]:
    return select(_ROUND.settled_through, _ROUND.question_index, _ROUND.question_open).where(
        _ROUND.id == round_id
    )


def _next_of(progress: Row[Any]) -> int | None:
    """The question after the last settled one, if it is closed."""
    closed_through = progress.question_index - (1 if progress.question_open else 0)
    index: int = progress.settled_through + 1
    return index if index <= closed_through else None


def _take_mark(connection: Connection, round_id: int, index: int) -> bool:
    """Marks question ``index`` settled if the one before it is and it is closed; whether this
    transaction did (only that one settles it)."""
    closed = (_ROUND.question_index > index) | (
        (_ROUND.question_index == index) & _ROUND.question_open.is_(False)
    )
    taken = connection.execute(
        update(rounds_table)
        .where(_ROUND.id == round_id, _ROUND.settled_through == index - 1, closed)
        .values(settled_through=index)
    )
    return taken.rowcount == 1


def read_settle(connection: Connection, round_id: int, question_index: int) -> SettleStart | None:
    """What the settle of question ``question_index`` starts from; None if nobody answered."""
    order = connection.scalar(
        select(rounds_table.c.question_order).where(rounds_table.c.id == round_id)
    )
    if order is None:
        raise ValueError(f"there is no round {round_id}")
    return _read(connection, round_id, order[question_index])


def _read(connection: Connection, round_id: int, question_id: str) -> SettleStart | None:
    c, q = answers_table.c, questions_table.c
    answers = connection.execute(
        select(c.member_id, c.guild_id, c.pack_id, c.correct, c.response_ms, c.answered_at)
        .add_columns(c.typo, q.guess_space)
        .join(questions_table, (q.pack_id == c.pack_id) & (q.question_id == c.question_id))
        .where(c.round_id == round_id, c.question_id == question_id)
        .order_by(c.member_id)
    ).all()
    if not answers:
        return None
    scored = _scored(connection, answers[0].guild_id, answers)
    reviews = [
        CardReview(
            member_id=a.member_id,
            pack_id=a.pack_id,
            question_id=question_id,
            correct=a.correct,
            guess_space=a.guess_space,
            response_ms=a.response_ms,
            reviewed_at=a.answered_at,
            source=ROUND_SOURCE,
            typo=a.typo,
            guild_id=a.guild_id,
        )
        for a in answers
    ]
    return SettleStart(
        round_id,
        question_id,
        answers,
        scored,
        reviews,
        load_cards(connection, reviews),
        load_scores(connection, scored),
    )


def work_out(start: SettleStart) -> Settled:
    """The settle's arithmetic (FSRS for every card, the score rows and counts), with no
    database, so that it can run away from the event loop."""
    cards = schedule_cards(
        start.cards, start.reviews, _fuzz_source(start.round_id, start.question_id)
    )
    return Settled(start, cards, plan_scores(start.scored, start.scores))


def write_settle(connection: Connection, worked: Settled) -> None:
    """The worked-out settle written, in bulk, in the transaction that read its start."""
    answers = worked.start.answers
    write_scores(connection, connection.dialect.name, worked.scores)
    write_cards(connection, connection.dialect.name, worked.cards)
    guild_id, last = answers[0].guild_id, max(a.answered_at for a in answers)
    record_earned(connection, guild_id, worked.scores.crossings, last)


def _scored(
    connection: Connection, guild_id: int, answers: Sequence[Row[Any]]
) -> list[ScoredAnswer]:
    """The answers as the scores take them, each with the season it counts for, if any."""
    season = running_season_for_settle(connection, guild_id)
    return [
        ScoredAnswer(
            a.guild_id,
            a.pack_id,
            a.member_id,
            a.correct,
            a.response_ms,
            a.answered_at,
            season.id if season is not None and season.counts(a.answered_at) else None,
        )
        for a in answers
    ]


def _fuzz_source(round_id: int, question_id: str) -> Random:
    """The random source that fuzzes the review intervals of one question's answers.

    Seeded from the question itself: the members who answered it still draw different
    intervals (one after another, in member order), and settling it again (a retried
    transaction) schedules exactly as the first try would have.
    """
    return Random(f"settle/{round_id}/{question_id}")  # noqa: S311  # spreading dates, not secrets
