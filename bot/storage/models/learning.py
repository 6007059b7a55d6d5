"""Members' FSRS cards, the review log, and fitted FSRS weights."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    SmallInteger,
    String,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from bot.storage.models.base import ID_LENGTH, AutoId, Base, table_of


class CardRow(Base):
    """A member's FSRS card for one question; the same in every server."""

    __tablename__ = "cards"
    __table_args__ = (
        ForeignKeyConstraint(
            ["pack_id", "question_id"], ["questions.pack_id", "questions.question_id"]
        ),
        Index("ix_cards_member_id_due", "member_id", "due"),
        Index("ix_cards_member_id_introduced_at", "member_id", "introduced_at"),
        # /quiz analytics counts a pack's leeches; few cards of a pack have many lapses.
        Index("ix_cards_pack_id_lapses", "pack_id", "lapses"),
    )
    member_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    pack_id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    question_id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    state: Mapped[int] = mapped_column(SmallInteger)
    step: Mapped[int | None] = mapped_column(SmallInteger)
    stability: Mapped[float | None] = mapped_column(Float)
    difficulty: Mapped[float | None] = mapped_column(Float)
    due: Mapped[datetime]
    last_review: Mapped[datetime | None]
    introduced_at: Mapped[datetime]
    # "review" when the review queue introduced it (counts towards the daily new limit).
    introduced_by: Mapped[str] = mapped_column(String(8))
    # Wrong answers after it was learnt (bot.quiz.review.leeches): from LEECH_LAPSES on, a leech.
    lapses: Mapped[int] = mapped_column(SmallInteger, server_default=text("0"))
    # When the member was told it left their reviews; None: not yet (or not a leech).
    leech_told_at: Mapped[datetime | None]


class ReviewLogRow(Base):
    __tablename__ = "review_logs"
    __table_args__ = (
        ForeignKeyConstraint(
            ["member_id", "pack_id", "question_id"],
            ["cards.member_id", "cards.pack_id", "cards.question_id"],
        ),
        Index("ix_review_logs_member_id_reviewed_at", "member_id", "reviewed_at"),
    )
    id: Mapped[int] = mapped_column(AutoId, primary_key=True)
    member_id: Mapped[int] = mapped_column(BigInteger)
    pack_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    question_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    rating: Mapped[int] = mapped_column(SmallInteger)
    reviewed_at: Mapped[datetime]
    duration_ms: Mapped[int]
    source: Mapped[str] = mapped_column(String(8))


class MemberParametersRow(Base):
    """FSRS weights fitted to a member's own reviews (bot/quiz/review/fitting.py); ``parameters``
    None when the last fit gave none the scheduler takes (the defaults stay). ``version`` is the
    weights' model: a row of another version is not read."""

    __tablename__ = "member_parameters"
    member_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    version: Mapped[str] = mapped_column(String(16))
    parameters: Mapped[list[float] | None] = mapped_column(JSON)
    reviews: Mapped[int]  # the member's reviews when fitted
    fitted_at: Mapped[datetime]


class PackParametersRow(Base):
    """FSRS weights pooled over every member's reviews of one pack: a start for the members who
    have no fit of their own yet."""

    __tablename__ = "pack_parameters"
    pack_id: Mapped[str] = mapped_column(ForeignKey("packs.id"), primary_key=True)
    version: Mapped[str] = mapped_column(String(16))
    parameters: Mapped[list[float] | None] = mapped_column(JSON)
    reviews: Mapped[int]
    fitted_at: Mapped[datetime]


cards_table = table_of(CardRow)
review_logs_table = table_of(ReviewLogRow)
member_parameters_table = table_of(MemberParametersRow)
pack_parameters_table = table_of(PackParametersRow)
