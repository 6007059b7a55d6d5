"""Packs and moments for storage tests, built from the domain model (no YAML needed)."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from bot.quiz.model import Difficulty, Option, Pack, Question, Text
from bot.quiz.review import session
from bot.quiz.rounds.plan import RoundPlan
from bot.storage.database import Database
from bot.storage.results import RoundView, Tally
from bot.storage.review import review_step
from bot.storage.rounds.lifecycle import close_question, start_round
from bot.storage.rounds.settle import settle_pending

# A Wednesday in ISO week 2026-W48, in November.
NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


def text(value: str) -> Text:
    return Text.of({"en": value}, "en")


def make_question(
    question_id: str, *, correct: int = 0, options: int = 4, prompt: str = ""
) -> Question:
    return Question(
        id=question_id,
        prompt=text(prompt or f"Question {question_id}?"),
        options=tuple(Option(text(f"option {i}"), correct=i == correct) for i in range(options)),
        explanation=text("Because."),
    )


def make_pack(pack_id: str = "basics", questions: int = 5, *, prompt: str = "") -> Pack:
    """A pack whose question ``q<i>`` has option ``i % 4`` correct."""
    return Pack(
        id=pack_id,
        locales=("en",),
        title=text(pack_id.title()),
        summary=text("A pack for tests."),
        difficulty=Difficulty.EASY,
        questions=tuple(
            make_question(f"q{i}", correct=i % 4, prompt=prompt) for i in range(questions)
        ),
    )


def seeded(seed: int) -> random.Random:
    """A deterministic shuffle source for rounds."""
    return random.Random(seed)  # noqa: S311 - shuffling quiz questions, not cryptography


async def start_test_round(
    db: Database,
    *,
    guild_id: int = 1,
    channel_id: int = 10,
    pack_id: str = "basics",
    started_by: int = 99,
    question_count: int | None = None,
    seed: int = 1,
    now: datetime = NOW,
) -> RoundView:
    """A running round of 20-second questions, shuffled deterministically by ``seed``."""
    return await start_round(
        db,
        RoundPlan(
            guild_id=guild_id,
            channel_id=channel_id,
            pack_id=pack_id,
            started_by=started_by,
            question_seconds=20,
            question_count=question_count,
        ),
        rng=seeded(seed),
        now=now,
    )


async def review_once(
    db: Database,
    member_id: int,
    pack_id: str,
    question_id: str,
    *,
    now: datetime,
    option_index: int = 0,
    response_ms: int = 500,
) -> None:
    """One private review answer, as the review buttons give it (fuzz from a fixed seed)."""
    answer = session.Answer(
        session.Session(member_id), pack_id, question_id, option_index, response_ms
    )
    await review_step.take(db, answer, now=now, rng=random.Random(0))  # noqa: S311  # reproducible fuzz


# A small pack as a server uploads it (YAML source), for the server-pack tests.
CAPITALS = """\
id: capitals
locales: [en]
title: Capitals
summary: Which city is the capital.
difficulty: easy
questions:
  - id: france
    prompt: "The capital of France?"
    options:
      - text: Paris
        correct: true
      - text: Lyon
    explanation: Paris has been the capital since 987.
"""


async def close_and_settle(
    db: Database, round_id: int, question_index: int, now: datetime
) -> Tally | None:
    """Closes the question and then settles it, in a transaction of its own, as a round's
    conductor does: for tests of what the settle leaves (scores, cards, reviews, rewards)."""
    tally = await close_question(db, round_id, question_index, now)
    await settle_pending(db, round_id)
    return tally
