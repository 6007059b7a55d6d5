"""Scores per board, and the counts of members per points that rank them."""

from __future__ import annotations

from sqlalchemy import BigInteger, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from bot.storage.models.base import ID_LENGTH, Base, table_of


class ScoreRow(Base):
    """A member's score in one server, period (``all``, ``2026-W48``, ``2026-11``) and pack.

    ``pack_id`` is empty for the row that counts every pack.
    """

    __tablename__ = "scores"
    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    period: Mapped[str] = mapped_column(String(8), primary_key=True)
    pack_id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    member_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    points: Mapped[int]
    answered: Mapped[int]
    correct_ms: Mapped[int] = mapped_column(BigInteger)


# The standings order of one board, so a top-10 reads ten index entries and sorts nothing.
Index(
    "ix_scores_standings",
    ScoreRow.guild_id,
    ScoreRow.period,
    ScoreRow.pack_id,
    ScoreRow.points.desc(),
    ScoreRow.correct_ms,
    ScoreRow.member_id,
)


class ScoreCountRow(Base):
    """How many members of a score table hold exactly ``points``: a rank is one sum away."""

    __tablename__ = "score_counts"
    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    period: Mapped[str] = mapped_column(String(8), primary_key=True)
    pack_id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    points: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    members: Mapped[int]


scores_table = table_of(ScoreRow)
score_counts_table = table_of(ScoreCountRow)
