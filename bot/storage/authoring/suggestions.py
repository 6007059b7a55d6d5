"""Questions members suggested for a server pack: the queue the moderators decide, and, once
decided, the history of who suggested what, who decided, and what became of it.

Every read names the server, so a suggestion's id alone reaches nothing of another server.
A decision is a conditional update from a waiting state, so of two moderators deciding at once
exactly one decides; an approval first claims its suggestion (``approving``) while the pack is
changed, and a claim left by a crash lapses after ``CLAIM_LIFETIME``, when the suggestion is
waiting again. A member's rate and the queue's size are checked in the transaction that adds
the suggestion (on PostgreSQL under a per-server lock), so no burst of submissions passes them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Row, and_, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.authoring.suggestions import CLAIM_LIFETIME, WINDOW, Status
from bot.quiz.authoring.suggestions import suggest_refusal as refusal_of
from bot.storage.database import Database
from bot.storage.models import QuestionSuggestionRow as Row_
from bot.storage.models import question_suggestions_table as table

LOCK_SPACE = 0x51555347  # the advisory locks of suggestions ("QUSG")
_COLUMNS = [column for column in table.c if column.name != "picture"]


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A suggestion as stored; ``id`` 0 before it is."""

    guild_id: int
    pack_id: str
    author_id: int
    author_locale: str
    locales: tuple[str, ...]
    fields: dict[str, str]
    id: int = 0
    status: Status = Status.PENDING
    created_at: datetime | None = None
    decided_by: int | None = None
    decided_at: datetime | None = None
    question_id: str | None = None
    edited: bool = False
    reason: str | None = None
    card_channel_id: int | None = None
    card_message_id: int | None = None


@dataclass(frozen=True, slots=True)
class Sent:
    """What sending a suggestion did: stored (``suggestion``) or refused (``refusal``, a key),
    with how many the member has sent in the window, this one included."""

    suggestion: Suggestion | None
    refusal: str | None = None
    sent_in_window: int = 0


async def suggest_refusal(
    db: Database, guild_id: int, author_id: int, now: datetime, *, taking: bool
) -> str | None:
    """Why the member may not suggest now (before they fill in a form); None if they may."""
    async with db.read() as connection:
        sent, pending = await _counts(connection, guild_id, author_id, now)
    return refusal_of(taking=taking, sent_in_window=sent, pending=pending)


async def add_suggestion(
    db: Database, suggestion: Suggestion, picture: bytes | None, now: datetime, *, taking: bool
) -> Sent:
    """Stores the suggestion, unless the member's rate or the queue's size forbids it."""
    async with db.write() as connection:
        if db.dialect == "postgresql":
            lock = func.pg_advisory_xact_lock(LOCK_SPACE, suggestion.guild_id % 2**31)
            await connection.execute(select(lock))
        sent, pending = await _counts(connection, suggestion.guild_id, suggestion.author_id, now)
        refusal = refusal_of(taking=taking, sent_in_window=sent, pending=pending)
        if refusal is not None:
            return Sent(None, refusal, sent)
        values = {
            "guild_id": suggestion.guild_id,
            "pack_id": suggestion.pack_id,
            "author_id": suggestion.author_id,
            "author_locale": suggestion.author_locale,
            "locales": list(suggestion.locales),
            "fields": suggestion.fields,
            "picture": picture,
            "status": Status.PENDING.value,
            "created_at": now,
        }
        new_id = (await connection.execute(table.insert().values(values))).inserted_primary_key
        assert new_id is not None  # noqa: S101  # an insert has its key
    stored = replace(suggestion, id=int(new_id[0]), created_at=now)
    return Sent(stored, sent_in_window=sent + 1)


async def _counts(
    connection: AsyncConnection, guild_id: int, author_id: int, now: datetime
) -> tuple[int, int]:
    sent = await connection.scalar(
        select(func.count()).where(
            Row_.guild_id == guild_id,
            Row_.author_id == author_id,
            Row_.created_at > now - WINDOW,
        )
    )
    pending = await connection.scalar(
        select(func.count()).where(Row_.guild_id == guild_id, _waiting(now))
    )
    return int(sent or 0), int(pending or 0)


async def suggestion(db: Database, guild_id: int, suggestion_id: int) -> Suggestion | None:
    async with db.read() as connection:
        row = (
            await connection.execute(
                select(*_COLUMNS).where(Row_.id == suggestion_id, Row_.guild_id == guild_id)
            )
        ).one_or_none()
    return None if row is None else _suggestion(row)


async def waiting(
    db: Database, guild_id: int, now: datetime, *, after: int = 0
) -> tuple[Suggestion | None, int]:
    """The oldest waiting suggestion with an id above ``after`` (else the oldest of all), and
    how many wait."""
    async with db.read() as connection:
        count = await connection.scalar(
            select(func.count()).where(Row_.guild_id == guild_id, _waiting(now))
        )
        query = select(*_COLUMNS).where(Row_.guild_id == guild_id, _waiting(now))
        row = (
            await connection.execute(query.where(Row_.id > after).order_by(Row_.id).limit(1))
        ).one_or_none()
        if row is None and after:
            row = (await connection.execute(query.order_by(Row_.id).limit(1))).one_or_none()
    return (None if row is None else _suggestion(row)), int(count or 0)


async def suggestion_picture(db: Database, found: Suggestion) -> bytes | None:
    async with db.read() as connection:
        data = await connection.scalar(
            select(Row_.picture).where(Row_.id == found.id, Row_.guild_id == found.guild_id)
        )
    return None if data is None else bytes(data)


async def claim(db: Database, found: Suggestion, by: int, now: datetime) -> bool:
    """Claims the waiting suggestion for ``by``'s approval; False if it is decided already (or
    another moderator's approval holds it)."""
    values = {"status": Status.APPROVING.value, "decided_by": by, "decided_at": now}
    return await _decide(db, found, now, values)


async def release(db: Database, found: Suggestion, by: int) -> None:
    """Gives back a claim whose approval could not change the pack: it waits again."""
    async with db.write() as connection:
        await connection.execute(
            update(Row_)
            .where(_own_claim(found, by))
            .values(status=Status.PENDING.value, decided_by=None, decided_at=None)
        )


async def approved(
    db: Database, found: Suggestion, by: int, question_id: str, now: datetime, *, edited: bool
) -> None:
    """Records the claimed suggestion as approved, as the pack's question ``question_id``."""
    async with db.write() as connection:
        await connection.execute(
            update(Row_)
            .where(_own_claim(found, by))
            .values(
                status=Status.APPROVED.value,
                decided_at=now,
                question_id=question_id,
                edited=edited,
            )
        )


async def reject(
    db: Database, found: Suggestion, by: int, reason: str | None, now: datetime
) -> bool:
    """Rejects the waiting suggestion; False if it is decided already."""
    values = {"status": Status.REJECTED.value, "decided_by": by, "decided_at": now}
    return await _decide(db, found, now, {**values, "reason": reason})


async def set_card(db: Database, found: Suggestion, channel_id: int, message_id: int) -> None:
    async with db.write() as connection:
        await connection.execute(
            update(Row_)
            .where(Row_.id == found.id, Row_.guild_id == found.guild_id)
            .values(card_channel_id=channel_id, card_message_id=message_id)
        )


async def _decide(
    db: Database, found: Suggestion, now: datetime, values: dict[str, object]
) -> bool:
    async with db.write() as connection:
        result = await connection.execute(
            update(Row_)
            .where(Row_.id == found.id, Row_.guild_id == found.guild_id, _waiting(now))
            .values(values)
        )
        return bool(result.rowcount)


def _waiting(now: datetime) -> ColumnElement[bool]:
    """Pending, or claimed by an approval that has lapsed."""
    lapsed = and_(Row_.status == Status.APPROVING.value, Row_.decided_at <= now - CLAIM_LIFETIME)
    return or_(Row_.status == Status.PENDING.value, lapsed)


def _own_claim(found: Suggestion, by: int) -> ColumnElement[bool]:
    return and_(
        Row_.id == found.id,
        Row_.guild_id == found.guild_id,
        Row_.status == Status.APPROVING.value,
        Row_.decided_by == by,
    )


def _suggestion(row: Row[Any]) -> Suggestion:
    return Suggestion(
        guild_id=row.guild_id,
        pack_id=row.pack_id,
        author_id=row.author_id,
        author_locale=row.author_locale,
        locales=tuple(str(locale) for locale in row.locales),
        fields={str(k): str(v) for k, v in dict(row.fields).items()},
        id=row.id,
        status=Status(row.status),
        created_at=row.created_at,
        decided_by=row.decided_by,
        decided_at=row.decided_at,
        question_id=row.question_id,
        edited=row.edited,
        reason=row.reason,
        card_channel_id=row.card_channel_id,
        card_message_id=row.card_message_id,
    )
