"""Question forms being filled in: what a moderator typed, kept between a form's steps and for
"Fix and resubmit", so nothing typed is lost and no custom_id carries it.

A form is named by a random token (SQLite reuses row numbers, so an old button could otherwise
reach a newer form), and belongs to one member in one server: every read names both, so a
token alone opens nothing. Forms are bounded: each lives ``LIFETIME`` from its last change, a
member holds at most ``PER_MEMBER`` in a server (opening another drops their oldest), and what
one holds is bounded by the modals' own limits (bot/app/authoring/modals.py), and a picture
uploaded in it by the picture limit (2 MiB, checked before it is fetched). The picture is read
only when the form is saved.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Row, delete, select, update

from bot.storage.database import Database
from bot.storage.models import QuestionFormRow, question_forms_table

LIFETIME = timedelta(hours=1)
PER_MEMBER = 3
TOKEN_BYTES = 12  # 16 characters of base64: unguessable, and short in a custom_id
# Every column but the picture, which only a save reads.
_FORM_COLUMNS = [column for column in question_forms_table.c if column.name != "picture"]


@dataclass(frozen=True, slots=True)
class QuestionFormRecord:
    """A form as stored; ``token`` is empty until it is."""

    guild_id: int
    member_id: int
    purpose: str
    pack_id: str
    locales: tuple[str, ...]
    fields: dict[str, str]
    question_id: str | None = None
    difficulty: str | None = None
    token: str = ""
    suggestion_id: int | None = None  # a moderator's edit of that suggestion, to approve it


async def open_form(
    db: Database, form: QuestionFormRecord, now: datetime, picture: bytes | None = None
) -> QuestionFormRecord:
    """Stores a new form (with the ``picture`` it begins with: a suggestion's); drops expired
    ones, and the member's oldest beyond ``PER_MEMBER``."""
    stored = replace(form, token=secrets.token_urlsafe(TOKEN_BYTES))
    async with db.write() as connection:
        await connection.execute(delete(QuestionFormRow).where(QuestionFormRow.expires_at <= now))
        held = (
            await connection.execute(
                select(QuestionFormRow.token)
                .where(_member(form.guild_id, form.member_id))
                .order_by(QuestionFormRow.updated_at.desc(), QuestionFormRow.token)
            )
        ).scalars()
        dropped = list(held)[PER_MEMBER - 1 :]
        if dropped:
            await connection.execute(
                delete(QuestionFormRow).where(QuestionFormRow.token.in_(dropped))
            )
        await connection.execute(
            question_forms_table.insert().values(
                token=stored.token,
                guild_id=stored.guild_id,
                member_id=stored.member_id,
                purpose=stored.purpose,
                pack_id=stored.pack_id,
                question_id=stored.question_id,
                locales=list(stored.locales),
                difficulty=stored.difficulty,
                fields=stored.fields,
                picture=picture,
                suggestion_id=stored.suggestion_id,
                updated_at=now,
                expires_at=now + LIFETIME,
            )
        )
    return stored


async def member_form(
    db: Database, token: str, guild_id: int, member_id: int, now: datetime
) -> QuestionFormRecord | None:
    """The member's form of that token in that server; None if there is none (any more)."""
    async with db.read() as connection:
        row = (
            await connection.execute(
                select(*_FORM_COLUMNS).where(
                    QuestionFormRow.token == token,
                    _member(guild_id, member_id),
                    QuestionFormRow.expires_at > now,
                )
            )
        ).one_or_none()
    return None if row is None else _record(row)


async def save_fields(
    db: Database,
    form: QuestionFormRecord,
    fields: dict[str, str],
    now: datetime,
    *,
    picture: bytes | None = None,
    drop_picture: bool = False,
) -> bool:
    """Replaces what the form holds and renews its lifetime, with the ``picture`` uploaded in
    it (or without one, ``drop_picture``); False if it is gone (expired, or dropped for a newer
    one)."""
    values: dict[str, Any] = {"fields": fields, "updated_at": now, "expires_at": now + LIFETIME}
    if picture is not None or drop_picture:
        values["picture"] = picture
    async with db.write() as connection:
        result = await connection.execute(
            update(QuestionFormRow)
            .where(
                QuestionFormRow.token == form.token,
                _member(form.guild_id, form.member_id),
                QuestionFormRow.expires_at > now,
            )
            .values(values)
        )
        return bool(result.rowcount)


async def form_picture(db: Database, form: QuestionFormRecord) -> bytes | None:
    """The picture uploaded in the form, as sent; None if it has none (or is gone)."""
    async with db.read() as connection:
        data = await connection.scalar(
            select(QuestionFormRow.picture).where(
                QuestionFormRow.token == form.token, _member(form.guild_id, form.member_id)
            )
        )
    return None if data is None else bytes(data)


async def close_form(db: Database, form: QuestionFormRecord) -> bool:
    """Forgets the form (saved or cancelled); False if it was gone already."""
    async with db.write() as connection:
        result = await connection.execute(
            delete(QuestionFormRow).where(
                QuestionFormRow.token == form.token, _member(form.guild_id, form.member_id)
            )
        )
        return bool(result.rowcount)


def _member(guild_id: int, member_id: int) -> ColumnElement[bool]:
    return (QuestionFormRow.guild_id == guild_id) & (QuestionFormRow.member_id == member_id)


def _record(row: Row[Any]) -> QuestionFormRecord:
    return QuestionFormRecord(
        guild_id=row.guild_id,
        member_id=row.member_id,
        purpose=row.purpose,
        pack_id=row.pack_id,
        locales=tuple(str(locale) for locale in row.locales),
        fields={str(k): str(v) for k, v in dict(row.fields).items()},
        question_id=row.question_id,
        difficulty=row.difficulty,
        token=row.token,
        suggestion_id=row.suggestion_id,
    )
