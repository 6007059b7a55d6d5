"""What one server's members did with a pack, per question: what a review round is chosen from."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Select, func, select

from bot.quiz.rounds.review_round import PackRecord, QuestionRecord
from bot.storage.database import Database
from bot.storage.models import AnswerRow, CardRow, QuestionRow, RoundRow
from bot.storage.review.leeches import not_leech


async def pack_record(db: Database, *, guild_id: int, pack_id: str, now: datetime) -> PackRecord:
    """Per active question of the pack, in pack order: this server's answers to it, the wrong
    ones, the last, and how many of the server's learners of the pack (members who answered it
    here) have their card for it due at ``now``. One query."""
    async with db.read() as connection:
        rows = (await connection.execute(_record_query(guild_id, pack_id, now))).all()
    learners = rows[0].learners if rows else 0
    return PackRecord(
        learners=learners,
        questions=tuple(
            QuestionRecord(
                question_id=row.question_id,
                position=row.position,
                answers=row.answers,
                wrong=row.wrong,
                due_members=row.due_members,
                last_answered=row.last_answered,
            )
            for row in rows
        ),
    )


def _record_query(
    guild_id: int, pack_id: str, now: datetime
) -> Select[str, int, int, int, datetime | None, int, int]:
    # Through the server's rounds of the pack: answers are keyed by round first, so this reads
    # the index rather than every answer of every server.
    rounds_here = select(RoundRow.id).where(
        RoundRow.guild_id == guild_id, RoundRow.pack_id == pack_id
    )
    answered_here = AnswerRow.round_id.in_(rounds_here)
    answered = (
        select(
            AnswerRow.question_id,
            func.count().label("answers"),
            func.count().filter(AnswerRow.correct.is_(False)).label("wrong"),
            func.max(AnswerRow.answered_at).label("last_answered"),
        )
        .where(answered_here)
        .group_by(AnswerRow.question_id)
        .subquery()
    )
    learners = select(AnswerRow.member_id).where(answered_here).distinct()
    due = (
        select(CardRow.question_id, func.count().label("due_members"))
        .where(CardRow.pack_id == pack_id, CardRow.member_id.in_(learners), CardRow.due <= now)
        .where(not_leech())
        .group_by(CardRow.question_id)
        .subquery()
    )
    learner_count = select(func.count()).select_from(learners.subquery()).scalar_subquery()
    return (
        select(
            QuestionRow.question_id,
            QuestionRow.position,
            func.coalesce(answered.c.answers, 0).label("answers"),
            func.coalesce(answered.c.wrong, 0).label("wrong"),
            answered.c.last_answered,
            func.coalesce(due.c.due_members, 0).label("due_members"),
            learner_count.label("learners"),
        )
        .outerjoin(answered, answered.c.question_id == QuestionRow.question_id)
        .outerjoin(due, due.c.question_id == QuestionRow.question_id)
        .where(QuestionRow.pack_id == pack_id, QuestionRow.active)
        .order_by(QuestionRow.position)
    )
