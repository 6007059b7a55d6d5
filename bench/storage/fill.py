"""Bulk fill for the storage benchmark: rows written straight through the drivers.

Rounds of ten questions, each answered by a hundred members, spread over eight weeks, with
the score, card and review-log rows those answers would have produced.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import asyncpg

from bot.quiz.boards.scoring import ALL_PACKS, periods_at
from bot.storage.rounds.answers import ANSWER_COLUMNS

GUILD = 1
PACKS = ("bench-a", "bench-b")
QUESTIONS_PER_PACK = 20
QUESTIONS_PER_ROUND = 10
MEMBERS_PER_ROUND = 100
ANSWERS_PER_ROUND = QUESTIONS_PER_ROUND * MEMBERS_PER_ROUND
SPAN = timedelta(weeks=8)
NOW = datetime(2026, 11, 25, 12, tzinfo=UTC)

Row = tuple[object, ...]


@dataclass(frozen=True, slots=True)
class Phase:
    """Members ``[first_member, end_member)`` give ``answers`` answers in new rounds."""

    first_member: int
    end_member: int
    answers: int
    first_round: int
    total_rounds: int  # over every phase, to place rounds in time


def catalogue() -> dict[str, list[Row]]:
    packs: list[Row] = [(p, p, True, NOW) for p in PACKS]
    questions: list[Row] = [
        (p, f"q{i}", i, f"Question {i}?", 4, i % 4, 4, True)
        for p in PACKS
        for i in range(QUESTIONS_PER_PACK)
    ]
    return {"packs": packs, "questions": questions}


def phase_rows(phase: Phase, rng: random.Random) -> dict[str, list[Row]]:
    """Every row of one phase, keyed by table name (columns as in ``COLUMNS``)."""
    rounds: list[Row] = []
    answers: list[Row] = []
    cards: dict[tuple[int, str, str], Row] = {}
    logs: list[Row] = []
    scores: dict[tuple[str, str, int], list[int]] = defaultdict(lambda: [0, 0, 0])
    for round_id, pack, order, started, member, question in _slots(phase):
        if not rounds or rounds[-1][0] != round_id:
            rounds.append(_round(round_id, pack, order, started))
        correct, ms = rng.random() < 0.6, rng.randint(500, 15_000)
        at = started + timedelta(minutes=order.index(question), milliseconds=ms)
        answers.append(
            (round_id, question, member, GUILD, pack, 0, None, None, correct, False, ms, at)
        )
        due = at + timedelta(days=rng.uniform(0.5, 60))
        stability = rng.uniform(1, 40)
        cards[(member, pack, question)] = (
            member,
            pack,
            question,
            2,
            None,
            stability,
            5.0,
            due,
            at,
            at,
            "round",
        )
        logs.append((member, pack, question, 3 if correct else 1, at, ms, "round"))
        for period in periods_at(at):
            for board_pack in (ALL_PACKS, pack):
                score = scores[(period, board_pack, member)]
                score[0] += correct
                score[1] += 1
                score[2] += ms if correct else 0
    return {
        "rounds": rounds,
        "answers": answers,
        "cards": list(cards.values()),
        "review_logs": logs,
        "scores": [(GUILD, k[0], k[1], k[2], *v) for k, v in scores.items()],
    }


def _slots(phase: Phase) -> Iterator[tuple[int, str, list[str], datetime, int, str]]:
    span = phase.end_member - phase.first_member
    for n in range(phase.answers):
        index, slot = divmod(n, ANSWERS_PER_ROUND)
        round_id = phase.first_round + index
        pack = PACKS[round_id % len(PACKS)]
        shift = round_id % (QUESTIONS_PER_PACK - QUESTIONS_PER_ROUND)
        order = [f"q{shift + i}" for i in range(QUESTIONS_PER_ROUND)]
        started = NOW - SPAN + SPAN * (round_id / phase.total_rounds)
        member = phase.first_member + (index * MEMBERS_PER_ROUND + slot % MEMBERS_PER_ROUND) % span
        yield round_id, pack, order, started, member, order[slot // MEMBERS_PER_ROUND]


def _round(round_id: int, pack: str, order: list[str], started: datetime) -> Row:
    ended = started + timedelta(minutes=QUESTIONS_PER_ROUND)
    return (
        round_id,
        GUILD,
        1000 + round_id,
        pack,
        99,
        20,
        order,
        "finished",
        9,
        False,
        None,
        None,
        started,
        ended,
    )


COLUMNS: dict[str, Sequence[str]] = {
    "packs": ("id", "title", "active", "synced_at"),
    "questions": (
        "pack_id",
        "question_id",
        "position",
        "prompt",
        "option_count",
        "correct_index",
        "guess_space",
        "active",
    ),
    "rounds": (
        "id",
        "guild_id",
        "channel_id",
        "pack_id",
        "started_by",
        "question_seconds",
        "question_order",
        "state",
        "question_index",
        "question_open",
        "question_opened_at",
        "closes_at",
        "started_at",
        "ended_at",
    ),
    "answers": ANSWER_COLUMNS,
    "cards": (
        "member_id",
        "pack_id",
        "question_id",
        "state",
        "step",
        "stability",
        "difficulty",
        "due",
        "last_review",
        "introduced_at",
        "introduced_by",
    ),
    "review_logs": (
        "member_id",
        "pack_id",
        "question_id",
        "rating",
        "reviewed_at",
        "duration_ms",
        "source",
    ),
    "scores": ("guild_id", "period", "pack_id", "member_id", "points", "answered", "correct_ms"),
}
RECOUNT = (
    "DELETE FROM score_counts",
    (
        "INSERT INTO score_counts (guild_id, period, pack_id, points, members) "
        "SELECT guild_id, period, pack_id, points, count(*) FROM scores "
        "GROUP BY guild_id, period, pack_id, points"
    ),
)


def _sqlite_value(value: object) -> object:
    if isinstance(value, datetime):  # SQLAlchemy's SQLite format, naive UTC
        return value.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")
    if isinstance(value, list):
        return json.dumps(value)
    return value


def write_sqlite(path: str, tables: dict[str, list[Row]]) -> None:
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA synchronous=OFF")  # a bulk fill, not the service path
        for table, rows in tables.items():
            columns = COLUMNS[table]
            marks = ", ".join("?" * len(columns))
            sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"  # noqa: S608 - fixed names
            connection.executemany(sql, ([_sqlite_value(v) for v in row] for row in rows))
        for statement in RECOUNT:
            connection.execute(statement)
        connection.commit()
        connection.execute("ANALYZE")
    finally:
        connection.close()


def _postgres_value(value: object) -> object:
    if isinstance(value, datetime):
        return value.astimezone(UTC).replace(tzinfo=None)
    if isinstance(value, list):
        return json.dumps(value)
    return value


async def write_postgres(dsn: str, tables: dict[str, list[Row]]) -> None:
    connection = await asyncpg.connect(dsn)
    try:
        async with connection.transaction():
            for table, rows in tables.items():
                records = [tuple(_postgres_value(v) for v in row) for row in rows]
                await connection.copy_records_to_table(
                    table, records=records, columns=list(COLUMNS[table])
                )
            for statement in RECOUNT:
                await connection.execute(statement)
            await connection.execute(
                "SELECT setval(pg_get_serial_sequence('rounds', 'id'), "
                "(SELECT max(id) FROM rounds))"
            )
        await connection.execute("ANALYZE")
    finally:
        await connection.close()
