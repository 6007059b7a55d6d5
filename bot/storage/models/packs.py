"""Packs, their questions and versions, pictures, server packs and uploads waiting for Confirm."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    ForeignKey,
    Index,
    LargeBinary,
    SmallInteger,
    String,
    Text,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from bot.storage.models.base import ID_LENGTH, AutoId, Base, table_of


class PackRow(Base):
    __tablename__ = "packs"
    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    active: Mapped[bool] = mapped_column(Boolean)
    synced_at: Mapped[datetime]


class QuestionRow(Base):
    """A question as last loaded; ``active`` turns off when its pack no longer has it."""

    __tablename__ = "questions"
    pack_id: Mapped[str] = mapped_column(ForeignKey("packs.id"), primary_key=True)
    question_id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    position: Mapped[int]
    prompt: Mapped[str] = mapped_column(Text)
    option_count: Mapped[int] = mapped_column(SmallInteger)
    correct_index: Mapped[int] = mapped_column(SmallInteger)  # -1 when it has no options
    # What a guess picks among (bot/quiz/answers/grading.py): 0 for a typed or number question.
    guess_space: Mapped[int] = mapped_column(SmallInteger, server_default=text("0"))
    active: Mapped[bool] = mapped_column(Boolean)


class PackVersionRow(Base):
    """One upload of a server's pack, its YAML as sent: the current one of its pack, and older
    ones a round started on still plays (bot/storage/packs/versions.py collects the rest)."""

    __tablename__ = "pack_versions"
    __table_args__ = (Index("ix_pack_versions_guild_id_pack_id", "guild_id", "pack_id"),)
    id: Mapped[int] = mapped_column(AutoId, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    pack_id: Mapped[str] = mapped_column(String(ID_LENGTH))  # as members see it
    file_name: Mapped[str] = mapped_column(String(200))
    source: Mapped[str] = mapped_column(Text)
    size: Mapped[int]
    uploaded_by: Mapped[int] = mapped_column(BigInteger)
    uploaded_at: Mapped[datetime]


class PictureRow(Base):
    """A checked question picture (bot/quiz/reader/pictures.py), stored once by its SHA-256 however
    many versions and servers use it; collected with the last version that names it."""

    __tablename__ = "pictures"
    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    media_type: Mapped[str] = mapped_column(String(32))
    width: Mapped[int]
    height: Mapped[int]
    size: Mapped[int]
    data: Mapped[bytes] = mapped_column(LargeBinary)
    stored_at: Mapped[datetime]


class PackVersionPictureRow(Base):
    """Which picture a version's ``image: <file>`` shows."""

    __tablename__ = "pack_version_pictures"
    __table_args__ = (Index("ix_pack_version_pictures_digest", "digest"),)
    version_id: Mapped[int] = mapped_column(
        AutoId, ForeignKey("pack_versions.id", ondelete="CASCADE"), primary_key=True
    )
    file: Mapped[str] = mapped_column(String(64), primary_key=True)
    digest: Mapped[str] = mapped_column(ForeignKey("pictures.digest"))


class ServerPackRow(Base):
    """A pack a server's moderators uploaded: which of its versions the server now offers.

    Its questions are recorded in packs/questions under ``<pack_id>@<guild_id>``."""

    __tablename__ = "server_packs"
    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    pack_id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    version_id: Mapped[int] = mapped_column(AutoId, ForeignKey("pack_versions.id"))


class PendingUploadRow(Base):
    """An upload shown as a preview, stored once its moderator confirms it: the pack it makes, as
    YAML, until ``expires_at`` (bot/storage/packs/pending_uploads.py bounds how many are kept)."""

    __tablename__ = "pending_uploads"
    __table_args__ = (
        Index("ix_pending_uploads_guild_id_member_id", "guild_id", "member_id"),
        Index("ix_pending_uploads_expires_at", "expires_at"),
    )
    # Random, never a row number: SQLite gives a deleted row's number to the next row, and a
    # replaced preview's Confirm must not find the upload that replaced it.
    token: Mapped[str] = mapped_column(String(32), primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    member_id: Mapped[int] = mapped_column(BigInteger)
    pack_id: Mapped[str] = mapped_column(String(ID_LENGTH))  # as members see it
    file_name: Mapped[str] = mapped_column(String(200))
    source: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime]
    expires_at: Mapped[datetime]


class PendingUploadPictureRow(Base):
    """Which picture a held upload's ``image: <file>`` shows (attached to it, or kept from the
    pack's current version); the picture is not collected while it is held."""

    __tablename__ = "pending_upload_pictures"
    __table_args__ = (Index("ix_pending_upload_pictures_digest", "digest"),)
    token: Mapped[str] = mapped_column(
        ForeignKey("pending_uploads.token", ondelete="CASCADE"), primary_key=True
    )
    file: Mapped[str] = mapped_column(String(64), primary_key=True)
    digest: Mapped[str] = mapped_column(ForeignKey("pictures.digest"))


class DisabledPackRow(Base):
    """A built-in pack a server's moderators turned off there."""

    __tablename__ = "disabled_packs"
    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    pack_id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    disabled_by: Mapped[int] = mapped_column(BigInteger)
    disabled_at: Mapped[datetime]


packs_table = table_of(PackRow)
questions_table = table_of(QuestionRow)
pack_versions_table = table_of(PackVersionRow)
pictures_table = table_of(PictureRow)
pack_version_pictures_table = table_of(PackVersionPictureRow)
server_packs_table = table_of(ServerPackRow)
pending_uploads_table = table_of(PendingUploadRow)
pending_upload_pictures_table = table_of(PendingUploadPictureRow)
disabled_packs_table = table_of(DisabledPackRow)
