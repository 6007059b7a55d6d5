"""Loaded packs into the packs and questions tables, keyed by their stable ids."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select, update

from bot.quiz.model import Pack
from bot.storage.database import Database
from bot.storage.dialects import insert_for
from bot.storage.models import PackRow, QuestionRow, packs_table, questions_table


async def sync_packs(db: Database, packs: Sequence[Pack], now: datetime) -> None:
    """Make the tables match ``packs``: upsert by id; what is gone turns inactive, keeping history.

    Editing a question's text keeps its id and so its answers and cards.
    """
    pack_rows = [
        {"id": p.id, "title": p.title.get(None), "active": True, "synced_at": now} for p in packs
    ]
    question_rows = [
        {
            "pack_id": pack.id,
            "question_id": question.id,
            "position": position,
            "prompt": question.prompt.get(None),
            "option_count": len(question.options),
            "correct_index": question.correct_index,
            "active": True,
        }
        for pack in packs
        for position, question in enumerate(pack.questions)
    ]
    async with db.write() as connection:
        await connection.execute(update(PackRow).values(active=False))
        await connection.execute(update(QuestionRow).values(active=False))
        if pack_rows:
            insert = insert_for(db.dialect, packs_table)
            await connection.execute(
                insert.on_conflict_do_update(
                    index_elements=[packs_table.c.id],
                    set_={k: insert.excluded[k] for k in ("title", "active", "synced_at")},
                ),
                pack_rows,
            )
        if question_rows:
            insert = insert_for(db.dialect, questions_table)
            changing = ("position", "prompt", "option_count", "correct_index", "active")
            await connection.execute(
                insert.on_conflict_do_update(
                    index_elements=[questions_table.c.pack_id, questions_table.c.question_id],
                    set_={k: insert.excluded[k] for k in changing},
                ),
                question_rows,
            )


async def active_question_ids(db: Database, pack_id: str) -> tuple[str, ...]:
    """The pack's current questions in pack order."""
    async with db.read() as connection:
        rows = await connection.execute(
            select(QuestionRow.question_id)
            .where(QuestionRow.pack_id == pack_id, QuestionRow.active)
            .order_by(QuestionRow.position)
        )
        return tuple(row[0] for row in rows)
