"""Leeches in storage: cards with ``LEECH_LAPSES`` lapses or more (bot.quiz.review.leeches). They
stay
in the cards table, and rounds still review them; every query of what a review can show leaves
them out, and the member is told of each once."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime

from sqlalchemy import ColumnElement, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.review.leeches import LEECH_LAPSES
from bot.quiz.review.session import LeechNotice
from bot.storage.database import Database
from bot.storage.models import CardRow, PackRow, QuestionRow
from bot.storage.packs.library import Where, visible_packs

# Leeches told on one reply at most (each is an embed with its explanation); more wait for the
# member's next reply.
NOTICES_PER_REPLY = 2


def not_leech() -> ColumnElement[bool]:
    """The cards a review may offer: those that are not leeches."""
    return CardRow.lapses < LEECH_LAPSES


async def untold_leeches(
    connection: AsyncConnection, member_id: int, where: Where
) -> tuple[LeechNotice, ...]:
    """The member's leeches they were not told of, of active questions in packs seen from
    ``where`` (those a reply there can show), in pack order, at most ``NOTICES_PER_REPLY``."""
    rows = await connection.execute(
        select(CardRow.pack_id, CardRow.question_id)
        .join(
            QuestionRow,
            (CardRow.pack_id == QuestionRow.pack_id)
            & (CardRow.question_id == QuestionRow.question_id),
        )
        .join(PackRow, PackRow.id == CardRow.pack_id)
        .where(
            CardRow.member_id == member_id,
            CardRow.lapses >= LEECH_LAPSES,
            CardRow.leech_told_at.is_(None),
            QuestionRow.active,
            PackRow.active,
            visible_packs(where),
        )
        .order_by(CardRow.pack_id, QuestionRow.position)
        .limit(NOTICES_PER_REPLY)
    )
    return tuple(LeechNotice(pack_id, question_id) for pack_id, question_id in rows)


async def claim_notices(
    db: Database, member_id: int, found: tuple[LeechNotice, ...], now: datetime
) -> tuple[LeechNotice, ...]:
    """Of ``found``, those this call marks told: a notice is shown once, even if two replies
    to the member race (the second finds them told and shows none)."""
    if not found:
        return ()
    c = CardRow
    async with db.write() as connection:
        rows = await connection.execute(
            update(CardRow)
            .where(
                c.member_id == member_id,
                c.pack_id.in_({notice.pack_id for notice in found}),
                c.question_id.in_({notice.question_id for notice in found}),
                c.lapses >= LEECH_LAPSES,
                c.leech_told_at.is_(None),
            )
            .values(leech_told_at=now)
            .returning(c.pack_id, c.question_id)
        )
        claimed = {LeechNotice(pack_id, question_id) for pack_id, question_id in rows}
    return tuple(notice for notice in found if notice in claimed)


async def leech_members(
    db: Database, pack_id: str, members: Collection[int]
) -> Mapping[str, frozenset[int]]:
    """Per question of the pack, which of ``members`` have it as a leech."""
    if not members:
        return {}
    async with db.read() as connection:
        rows = await connection.execute(
            select(CardRow.question_id, CardRow.member_id).where(
                CardRow.pack_id == pack_id, CardRow.lapses >= LEECH_LAPSES
            )
        )
        found: dict[str, set[int]] = {}
        for question_id, member_id in rows:
            if member_id in members:
                found.setdefault(question_id, set()).add(member_id)
    return {question_id: frozenset(ids) for question_id, ids in found.items()}
