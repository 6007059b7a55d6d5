"""Loaded packs into the packs and questions tables, keyed by their stable ids.

Built-in packs are synced all at once at start; a server's packs (ids with "@", see
bot/quiz/packs/server_packs.py) one at a time when uploaded or removed; the built-in sync leaves
them be."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Final, Literal

from sqlalchemy import ColumnElement, select, true, update
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.answers.grading import guess_space
from bot.quiz.model import Pack
from bot.quiz.packs.server_packs import SEPARATOR, stored_suffix
from bot.storage.database import Database
from bot.storage.dialects import insert_for
from bot.storage.models import PackRow, QuestionRow, packs_table, questions_table

SERVER_PACK_IDS = f"%{SEPARATOR}%"


EVERYWHERE: Final = "everywhere"
Where = int | None | Literal["everywhere"]


def visible_packs(where: Where) -> ColumnElement[bool]:
    """Packs seen from a server (``where`` its id): the built-ins and its own; from a DM
    (None): the built-ins; EVERYWHERE: all."""
    if where == EVERYWHERE:
        return true()
    builtin = ~PackRow.id.like(SERVER_PACK_IDS)
    return builtin if where is None else builtin | PackRow.id.like(f"%{stored_suffix(where)}")


async def sync_packs(db: Database, packs: Sequence[Pack], now: datetime) -> None:
    """Make the built-in rows match ``packs``: upsert by id; what is gone turns inactive, keeping
    history. Editing a question's text keeps its id and so its answers and cards."""
    async with db.write() as connection:
        await _deactivate(
            connection,
            ~PackRow.id.like(SERVER_PACK_IDS),
            ~QuestionRow.pack_id.like(SERVER_PACK_IDS),
        )
        await _upsert(connection, db.dialect, packs, now)


async def record_pack(connection: AsyncConnection, dialect: str, pack: Pack, now: datetime) -> None:
    """One pack (a server's, under its stored id) as it now is, on the caller's transaction."""
    await _deactivate(connection, PackRow.id == pack.id, QuestionRow.pack_id == pack.id)
    await _upsert(connection, dialect, [pack], now)


async def retire_pack(connection: AsyncConnection, pack_id: str) -> None:
    """The pack and its questions turn inactive; answers, cards and scores stay."""
    await _deactivate(connection, PackRow.id == pack_id, QuestionRow.pack_id == pack_id)


async def _deactivate(
    connection: AsyncConnection, packs: ColumnElement[bool], questions: ColumnElement[bool]
) -> None:
    await connection.execute(update(PackRow).where(packs).values(active=False))
    await connection.execute(update(QuestionRow).where(questions).values(active=False))


async def _upsert(
    connection: AsyncConnection, dialect: str, packs: Sequence[Pack], now: datetime
) -> None:
    pack_rows = [
        {"id": p.id, "title": p.title.get(None)[:200], "active": True, "synced_at": now}
        for p in packs
    ]
    question_rows = [
        {
            "pack_id": pack.id,
            "question_id": question.id,
            "position": position,
            "prompt": question.prompt.get(None),
            "option_count": len(question.options),
            "correct_index": question.correct_index,
            "guess_space": guess_space(question),
            "active": True,
        }
        for pack in packs
        for position, question in enumerate(pack.questions)
    ]
    if pack_rows:
        insert = insert_for(dialect, packs_table)
        await connection.execute(
            insert.on_conflict_do_update(
                index_elements=[packs_table.c.id],
                set_={k: insert.excluded[k] for k in ("title", "active", "synced_at")},
            ),
            pack_rows,
        )
    if question_rows:
        insert = insert_for(dialect, questions_table)
        changing = ("position", "prompt", "option_count", "correct_index", "guess_space", "active")
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
        return await pack_question_ids(connection, pack_id)


async def pack_question_ids(connection: AsyncConnection, pack_id: str) -> tuple[str, ...]:
    """``active_question_ids`` on the caller's connection."""
    rows = await connection.execute(
        select(QuestionRow.question_id)
        .where(QuestionRow.pack_id == pack_id, QuestionRow.active)
        .order_by(QuestionRow.position)
    )
    return tuple(row[0] for row in rows)
