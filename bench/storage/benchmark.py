"""Storage benchmark: leaderboards, ranks, review queue and answer recording at scale.

    python -m bench.storage [--database-url URL] [--members N] [--answers N]

Fills the database in bulk at 1% of the target and at the full target, measures p50/p99 of
the read services at each size and the record-answer service path (sequential and with 64
concurrent callers), beside the ceiling of plain sqlite3 committing each row on its own.
Prints a table, then one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path

import asyncpg
from sqlalchemy.engine import make_url

from bench.storage import fill
from bot.quiz.boards.scoring import ALL_TIME, week_key
from bot.quiz.rounds.plan import RoundPlan
from bot.quiz.rounds.rules import RoundState
from bot.storage.boards.leaderboard import leaderboard, member_rank
from bot.storage.database import Database
from bot.storage.migrate import upgrade_async
from bot.storage.review.review_step import next_review
from bot.storage.rounds.lifecycle import end_round, open_question, start_round
from bot.storage.rounds.recorder import record_answer

READ_CALLS = 300
RECORD_CALLS = 2000
CONCURRENCY = 64
NEW_MEMBERS = 50_000_000  # ids of members who first answer during the benchmark


async def timed(call: Callable[[], Awaitable[object]], times: int) -> tuple[float, float]:
    """p50 and p99 of ``times`` calls, in milliseconds."""
    samples = []
    for _ in range(times):
        start = time.perf_counter()
        await call()
        samples.append((time.perf_counter() - start) * 1000)
    cuts = statistics.quantiles(samples, n=100)
    return statistics.median(samples), cuts[98]


async def measure_reads(
    db: Database, members: int, rng: random.Random
) -> dict[str, tuple[float, float]]:
    now = fill.NOW
    return {
        "leaderboard_top10": await timed(
            lambda: leaderboard(db, guild_id=fill.GUILD, period_key=ALL_TIME), READ_CALLS
        ),
        "leaderboard_week_top10": await timed(
            lambda: leaderboard(db, guild_id=fill.GUILD, period_key=week_key(now)), READ_CALLS
        ),
        "member_rank": await timed(
            lambda: member_rank(
                db,
                guild_id=fill.GUILD,
                member_id=rng.randrange(members),
                period_key=ALL_TIME,
            ),
            READ_CALLS,
        ),
        "due_queue": await timed(lambda: next_review(db, rng.randrange(members), now), READ_CALLS),
    }


async def measure_recording(
    db: Database, channel_id: int, concurrency: int, first_member: int
) -> float:
    """Answers per second through ``record_answer`` with ``concurrency`` callers."""
    view = await start_round(
        db,
        RoundPlan(
            guild_id=fill.GUILD,
            channel_id=channel_id,
            pack_id=fill.PACKS[0],
            started_by=99,
            question_seconds=300,
            question_count=1,
        ),
        rng=random.Random(channel_id),
        now=fill.NOW,
    )
    opened = await open_question(db, view.id, 0, fill.NOW)
    assert opened is not None  # noqa: S101 - a fresh round always opens
    members = iter(range(first_member, first_member + RECORD_CALLS))

    async def caller() -> None:
        for member_id in members:
            await record_answer(
                db,
                round_id=view.id,
                question_id=opened.question_id,
                member_id=member_id,
                option_index=member_id % 4,
                now=fill.NOW + timedelta(seconds=1),
            )

    start = time.perf_counter()
    await asyncio.gather(*(caller() for _ in range(concurrency)))
    elapsed = time.perf_counter() - start
    await end_round(db, view.id, RoundState.FINISHED, fill.NOW + timedelta(minutes=5))
    return RECORD_CALLS / elapsed


async def sqlite_ceiling(directory: Path) -> float:
    """Plain sqlite3, WAL and synchronous=FULL, one commit per answer row."""
    path = directory / "ceiling.db"
    await upgrade_async(f"sqlite+aiosqlite:///{path}")
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    row = (1, "q0", 0, fill.GUILD, fill.PACKS[0], 1, 1, 1000, "2026-11-25 12:00:01.000000")
    sql = (
        f"INSERT INTO answers ({', '.join(fill.COLUMNS['answers'])}) VALUES ({', '.join('?' * 9)})"  # noqa: S608 - fixed names
    )
    start = time.perf_counter()
    for member_id in range(RECORD_CALLS):
        connection.execute("BEGIN")
        connection.execute(sql, (*row[:2], member_id, *row[3:]))
        connection.execute("COMMIT")
    elapsed = time.perf_counter() - start
    connection.close()
    return RECORD_CALLS / elapsed


def _phases(members: int, answers: int) -> list[tuple[str, fill.Phase]]:
    small_members, small_answers = max(members // 100, 100), max(answers // 100, 1000)
    small_rounds = -(-small_answers // fill.ANSWERS_PER_ROUND)
    # Round ids after the small phase leave room for the rounds the benchmark itself starts.
    gap = 100
    total_rounds = -(-answers // fill.ANSWERS_PER_ROUND) + gap
    return [
        ("1%", fill.Phase(0, small_members, small_answers, 1, total_rounds)),
        (
            "100%",
            fill.Phase(
                small_members,
                members,
                answers - small_answers,
                1 + small_rounds + gap,
                total_rounds,
            ),
        ),
    ]


async def _write(url: str, tables: dict[str, list[fill.Row]]) -> None:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        await asyncio.to_thread(fill.write_sqlite, str(parsed.database), tables)
    else:
        await fill.write_postgres(dsn(url), tables)


def dsn(url: str) -> str:
    """The asyncpg DSN of a SQLAlchemy PostgreSQL URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def run(url: str, members: int, answers: int, workdir: Path) -> dict[str, dict[str, float]]:
    await upgrade_async(url)
    await _write(url, fill.catalogue())
    rng = random.Random(20261125)
    by_size: dict[str, dict[str, float]] = {}
    answered = 0
    for size, (label, phase) in enumerate(_phases(members, answers)):
        started = time.perf_counter()
        await _write(url, fill.phase_rows(phase, rng))
        answered += phase.answers
        db = Database.open(url)
        try:
            results: dict[str, float] = {
                "fill_s": time.perf_counter() - started,
                "answers": answered,
            }
            for name, (p50, p99) in (await measure_reads(db, phase.end_member, rng)).items():
                results[f"{name}_ms_p50"], results[f"{name}_ms_p99"] = p50, p99
            first = NEW_MEMBERS + size * 10 * RECORD_CALLS
            results["record_answer_per_s"] = await measure_recording(db, 1 + 2 * size, 1, first)
            results["record_answer_concurrent_per_s"] = await measure_recording(
                db, 2 + 2 * size, CONCURRENCY, first + RECORD_CALLS
            )
        finally:
            await db.close()
        by_size[label] = results
        print(
            f"filled and measured {label}: {answered} answers, {phase.end_member} members",
            flush=True,
        )
    by_size["100%"]["sqlite_ceiling_per_s"] = await sqlite_ceiling(workdir)
    return by_size


def report(
    by_size: dict[str, dict[str, float]], members: int, answers: int, url: str
) -> dict[str, object]:
    small, full = by_size["1%"], by_size["100%"]
    print(f"{'metric':36} {'1%':>12} {'100%':>12}")
    for name in full:
        print(f"{name:36} {small.get(name, float('nan')):12.3f} {full[name]:12.3f}")
    return {
        "database": make_url(url).get_backend_name(),
        "answers": answers,
        "members": members,
        "leaderboard_top10_ms_p50": full["leaderboard_top10_ms_p50"],
        "leaderboard_top10_ms_p99": full["leaderboard_top10_ms_p99"],
        "leaderboard_week_top10_ms_p50": full["leaderboard_week_top10_ms_p50"],
        "member_rank_ms_p50": full["member_rank_ms_p50"],
        "member_rank_ms_p99": full["member_rank_ms_p99"],
        "due_queue_ms_p50": full["due_queue_ms_p50"],
        "due_queue_ms_p99": full["due_queue_ms_p99"],
        "growth_leaderboard": full["leaderboard_top10_ms_p50"] / small["leaderboard_top10_ms_p50"],
        "growth_member_rank": full["member_rank_ms_p50"] / small["member_rank_ms_p50"],
        "growth_due_queue": full["due_queue_ms_p50"] / small["due_queue_ms_p50"],
        "record_answer_per_s": full["record_answer_per_s"],
        "record_answer_concurrent_per_s": full["record_answer_concurrent_per_s"],
        "sqlite_ceiling_per_s": full["sqlite_ceiling_per_s"],
    }


async def admin(url: str, statement: str) -> None:
    """Run one statement on the server of ``url`` (creating or dropping a scratch database)."""
    connection = await asyncpg.connect(dsn(url))
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


async def main_async(arguments: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="quizbot-bench-") as directory:
        workdir = Path(directory)
        given: str = arguments.database_url or f"sqlite+aiosqlite:///{workdir / 'bench.db'}"
        url, scratch = given, None
        if make_url(given).get_backend_name() == "postgresql":
            # A database of its own on that server, dropped afterwards; nothing else is touched.
            scratch = f"quizbot_bench_{uuid.uuid4().hex[:10]}"
            await admin(given, f'CREATE DATABASE "{scratch}"')
            url = make_url(given).set(database=scratch).render_as_string(hide_password=False)
        elif Path(str(make_url(given).database)).exists():  # noqa: ASYNC240 - once, before any I/O
            raise SystemExit(f"{given} already exists: the benchmark needs a new database")
        try:
            by_size = await run(url, arguments.members, arguments.answers, workdir)
        finally:
            if scratch is not None:
                await admin(given, f'DROP DATABASE IF EXISTS "{scratch}" WITH (FORCE)')
        summary = report(by_size, arguments.members, arguments.answers, url)
    print(json.dumps(summary))


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.storage", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--database-url", default=None, help="default: a temporary SQLite file")
    parser.add_argument("--members", type=int, default=100_000)
    parser.add_argument("--answers", type=int, default=1_000_000)
    asyncio.run(main_async(parser.parse_args()))
