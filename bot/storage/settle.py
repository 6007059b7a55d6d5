"""Settling a question as it closes: its answers go into the scores (the running season's
too), the members' FSRS cards and the review log, and the reward roles they earn are recorded,
in the transaction that closes it.

Recording an answer then writes only the answer row (the click path stays short), and each
answer still counts exactly once: only the transaction whose conditional UPDATE closed the
question settles it, and no answer can join a question once it is closed (see answers.py).

A settle is three steps: what it starts from is read (the answers, the cards, the points), the
whole batch is worked out in a thread (FSRS for every card, the score rows, the counts) while
the event loop goes on answering clicks, and the result is written in bulk. A question of
5,000 answers took 1.6-2.8 s on the event loop when it was worked out row by row.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from sqlalchemy import Connection, Row, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.storage.cards import (
    ROUND_SOURCE,
    CardReview,
    CardsBefore,
    ScheduledCards,
    load_cards,
    schedule_cards,
    write_cards,
)
from bot.storage.models import answers_table, questions_table, rounds_table
from bot.storage.rewards import record_earned
from bot.storage.scores import (
    ScoredAnswer,
    ScorePlan,
    ScoresBefore,
    load_scores,
    plan_scores,
    write_scores,
)
from bot.storage.seasons import running_season_for_settle


@dataclass(frozen=True, slots=True)
class SettleStart:
    """What a question's settle starts from, read in the closing transaction."""

    round_id: int
    question_id: str
    answers: Sequence[Row[Any]]  # in member order: the order FSRS's fuzz is drawn in
    scored: list[ScoredAnswer]
    reviews: list[CardReview]
    cards: CardsBefore
    scores: ScoresBefore


@dataclass(frozen=True, slots=True)
class Settled:
    """A question's settle worked out, for the closing transaction to write."""

    start: SettleStart
    cards: ScheduledCards
    scores: ScorePlan


async def settle_question(connection: AsyncConnection, round_id: int, question_index: int) -> int:
    """Apply the answers of question ``question_index`` of the round, in the caller's
    transaction, which must be the one that closes the question; how many there were. (A
    question's close runs the same steps through ``Database.run_in_steps``.)"""
    start = await connection.run_sync(lambda sync: read_settle(sync, round_id, question_index))
    if start is None:
        return 0
    worked = await asyncio.to_thread(work_out, start)
    await connection.run_sync(lambda sync: write_settle(sync, worked))
    return len(start.answers)


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
        .add_columns(q.option_count)
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
            option_count=a.option_count,
            response_ms=a.response_ms,
            reviewed_at=a.answered_at,
            source=ROUND_SOURCE,
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
