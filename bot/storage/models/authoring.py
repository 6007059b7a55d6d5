"""Questions written in Discord's forms, and members' suggested questions."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, BigInteger, Boolean, Index, LargeBinary, String, false
from sqlalchemy.orm import Mapped, mapped_column

from bot.storage.models.base import ID_LENGTH, AutoId, Base, table_of


class QuestionFormRow(Base):
    """A question form a moderator is filling in (bot/storage/authoring/question_forms.py): what
    they typed so far, kept between the form's steps and for a resubmit, until it expires."""

    __tablename__ = "question_forms"
    __table_args__ = (Index("ix_question_forms_guild_id_member_id", "guild_id", "member_id"),)
    token: Mapped[str] = mapped_column(String(32), primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    member_id: Mapped[int] = mapped_column(BigInteger)
    purpose: Mapped[str] = mapped_column(String(16))
    pack_id: Mapped[str] = mapped_column(String(ID_LENGTH))  # as members see it
    question_id: Mapped[str | None] = mapped_column(String(ID_LENGTH))
    locales: Mapped[list[str]] = mapped_column(JSON)
    difficulty: Mapped[str | None] = mapped_column(String(16))
    fields: Mapped[dict[str, str]] = mapped_column(JSON)
    # A picture uploaded in the form, as sent (at most 2 MiB): checked in a worker when saved.
    picture: Mapped[bytes | None] = mapped_column(LargeBinary, deferred=True)
    updated_at: Mapped[datetime]
    expires_at: Mapped[datetime]
    # A moderator's edit of a member's suggestion: saving it approves that suggestion.
    suggestion_id: Mapped[int | None] = mapped_column(BigInteger)


class QuestionSuggestionRow(Base):
    """A question a member suggested for a server pack (bot/storage/authoring/suggestions.py):
    pending until a moderator approves or rejects it, then kept as the question's history."""

    __tablename__ = "question_suggestions"
    __table_args__ = (
        Index("ix_question_suggestions_guild_id_status", "guild_id", "status", "id"),
        Index("ix_question_suggestions_guild_id_author_id", "guild_id", "author_id", "created_at"),
    )
    id: Mapped[int] = mapped_column(AutoId, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    pack_id: Mapped[str] = mapped_column(String(ID_LENGTH))  # as members see it
    author_id: Mapped[int] = mapped_column(BigInteger)
    author_locale: Mapped[str] = mapped_column(String(16))  # the client's, when suggested
    locales: Mapped[list[str]] = mapped_column(JSON)
    fields: Mapped[dict[str, str]] = mapped_column(JSON)  # as the form held them
    picture: Mapped[bytes | None] = mapped_column(LargeBinary, deferred=True)
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime]
    # Who decided and when; while approving, when the claim was taken (a crashed one expires).
    decided_by: Mapped[int | None] = mapped_column(BigInteger)
    decided_at: Mapped[datetime | None]
    question_id: Mapped[str | None] = mapped_column(String(ID_LENGTH))  # once approved
    edited: Mapped[bool] = mapped_column(Boolean, server_default=false())
    reason: Mapped[str | None] = mapped_column(String(300))  # a rejection's, if given
    # The card in the server's suggestions channel, if one was posted.
    card_channel_id: Mapped[int | None] = mapped_column(BigInteger)
    card_message_id: Mapped[int | None] = mapped_column(BigInteger)


question_forms_table = table_of(QuestionFormRow)
question_suggestions_table = table_of(QuestionSuggestionRow)
