"""The night's database check beyond the answers themselves (bench/answers/rig.py checks those):
the scores, the per-points counts, the cards and the review log must equal what the round's
stored answers come to, recomputed here one answer at a time with the domain's own rules
(scoring periods, FSRS) instead of the settle's batched path."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import UTC
from random import Random
from typing import Any

from sqlalchemy import Row, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.quiz.boards.scoring import ALL_PACKS, periods_at
from bot.quiz.review import scheduling
from bot.storage.models import (
    answers_table,
    cards_table,
    questions_table,
    review_logs_table,
    rounds_table,
    score_counts_table,
    scores_table,
)
from bot.storage.review.cards import POLICY

SHOWN = 5  # mismatches named in the report, per table
CardState = tuple[int, int | None, float | None, float | None, float, float | None]


@dataclass
class Recomputation:
    answers: int = 0
    mismatches: dict[str, list[str]] = field(default_factory=dict)

    def compare(self, table: str, stored: dict[Any, Any], expected: dict[Any, Any]) -> None:
        wrong = [
            f"{key}: stored {stored.get(key)}, recomputed {expected.get(key)}"
            for key in sorted(set(stored) | set(expected), key=str)
            if stored.get(key) != expected.get(key)
        ]
        self.mismatches[table] = wrong[:SHOWN] + ([f"... {len(wrong)} in all"] if wrong else [])

    def holds(self, *tables: str) -> bool:
        return all(not self.mismatches.get(table) for table in tables)


async def recompute(engine: AsyncEngine) -> Recomputation:
    """Compares the tables of a database that has seen one round only (a fresh one)."""
    async with engine.connect() as connection:
        round_id = int(await connection.scalar(select(rounds_table.c.id)) or 0)
        answers = list((await connection.execute(select(answers_table))).all())
        check = Recomputation(len(answers))
        check.compare("scores", await _stored_scores(connection), _scores(answers))
        check.compare("score_counts", await _stored_counts(connection), _counts(answers))
        cards, ratings = await _cards(connection, round_id, answers)
        check.compare("cards", await _stored_cards(connection), cards)
        check.compare("review_logs", await _stored_ratings(connection), ratings)
    return check


def _scores(answers: list[Any]) -> dict[tuple[Any, ...], tuple[int, int, int]]:
    totals: dict[tuple[Any, ...], list[int]] = defaultdict(lambda: [0, 0, 0])
    for a in answers:
        for period in periods_at(a.answered_at):
            for pack in (ALL_PACKS, a.pack_id):
                row = totals[(a.guild_id, period, pack, a.member_id)]
                row[0] += a.correct
                row[1] += 1
                row[2] += a.response_ms if a.correct else 0
    return {key: (p, n, ms) for key, (p, n, ms) in totals.items()}


def _counts(answers: list[Any]) -> dict[tuple[Any, ...], int]:
    """Members per (board, points): how the board counts ranks."""
    counts = Counter(
        (g, period, pack, p) for (g, period, pack, _), (p, _, _) in _scores(answers).items()
    )
    return dict(counts)


async def _cards(
    connection: AsyncConnection, round_id: int, answers: list[Any]
) -> tuple[dict[tuple[Any, ...], CardState], dict[tuple[Any, ...], list[int]]]:
    options = dict(
        (
            await connection.execute(
                select(questions_table.c.question_id, questions_table.c.guess_space)
            )
        ).all()
    )
    by_question: dict[str, list[Any]] = defaultdict(list)
    for a in answers:
        by_question[a.question_id].append(a)
    cards, ratings = {}, {}
    for question_id, given in by_question.items():
        # The settle's own seed (bot/storage/rounds/settle.py): one source per question, drawn from
        # in member order, so that a settle retried schedules exactly as the first try.
        rng = Random(f"settle/{round_id}/{question_id}")
        for a in sorted(given, key=lambda answer: answer.member_id):
            card, log = scheduling.review(
                POLICY,
                scheduling.new_card(a.answered_at),
                correct=a.correct,
                guess_space=options[question_id],
                reviewed_at=a.answered_at,
                zone=UTC,  # the night's members set no time zone of their own
                response_ms=a.response_ms,
                rng=rng,
            )
            key = (a.member_id, a.pack_id, question_id)
            cards[key] = _state(card)
            ratings[key] = [int(log.rating)]
    return cards, ratings


def _state(card: scheduling.Card | Row[Any]) -> CardState:
    """A card's schedule, from fsrs's card or a stored row (both name the fields alike)."""
    last = card.last_review
    return (
        int(card.state),
        card.step,
        card.stability,
        card.difficulty,
        scheduling.as_utc(card.due).timestamp(),
        None if last is None else scheduling.as_utc(last).timestamp(),
    )


async def _stored_scores(
    connection: AsyncConnection,
) -> dict[tuple[Any, ...], tuple[int, int, int]]:
    c = scores_table.c
    rows = await connection.execute(
        select(c.guild_id, c.period, c.pack_id, c.member_id, c.points, c.answered, c.correct_ms)
    )
    return {tuple(row[:4]): tuple(row[4:]) for row in rows}


async def _stored_counts(connection: AsyncConnection) -> dict[tuple[Any, ...], int]:
    c = score_counts_table.c
    rows = await connection.execute(select(c.guild_id, c.period, c.pack_id, c.points, c.members))
    return {tuple(row[:4]): row[4] for row in rows if row[4]}  # a count moved to 0 says nothing


async def _stored_cards(connection: AsyncConnection) -> dict[tuple[Any, ...], CardState]:
    rows = await connection.execute(select(cards_table))
    return {(r.member_id, r.pack_id, r.question_id): _state(r) for r in rows}


async def _stored_ratings(connection: AsyncConnection) -> dict[tuple[Any, ...], list[int]]:
    c = review_logs_table.c
    found: dict[tuple[Any, ...], list[int]] = defaultdict(list)
    for row in await connection.execute(
        select(c.member_id, c.pack_id, c.question_id, c.rating).order_by(c.id)
    ):
        found[tuple(row[:3])].append(row[3])
    return dict(found)
