"""Rounds, their messages and the outbox of deliveries, team members, and answers."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    SmallInteger,
    String,
    false,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from bot.quiz.answers.typed import MAX_TYPED
from bot.quiz.rounds.rules import Message
from bot.quiz.rounds.teams import TeamPlan
from bot.storage.models.base import ID_LENGTH, AutoId, Base, table_of


class RoundRow(Base):
    """A round, complete enough for any bot process to resume it after a restart."""

    __tablename__ = "rounds"
    __table_args__ = (
        # At most one running round per channel, even with several bot processes.
        Index(
            "ux_rounds_running_channel",
            "channel_id",
            unique=True,
            sqlite_where=text("state = 'running'"),
            postgresql_where=text("state = 'running'"),
        ),
        Index("ix_rounds_state", "state"),
    )
    id: Mapped[int] = mapped_column(AutoId, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    pack_id: Mapped[str] = mapped_column(ForeignKey("packs.id"))
    # The server pack's version it plays (None: a built-in, played as loaded); kept while the
    # round runs or owes messages, and forgotten (NULL) once collected after that.
    pack_version_id: Mapped[int | None] = mapped_column(
        AutoId, ForeignKey("pack_versions.id", ondelete="SET NULL")
    )
    started_by: Mapped[int] = mapped_column(BigInteger)
    question_seconds: Mapped[int]
    question_order: Mapped[list[str]] = mapped_column(JSON)
    state: Mapped[str] = mapped_column(String(16))
    # Index into question_order of the open or last closed question; -1 before the first.
    question_index: Mapped[int]
    question_open: Mapped[bool] = mapped_column(Boolean)
    # Index of the last question whose answers are settled (scores, cards); -1 before the first.
    # A question's settle follows its close in a transaction of its own, which takes this mark.
    settled_through: Mapped[int] = mapped_column(server_default=text("-1"))
    question_opened_at: Mapped[datetime | None]
    closes_at: Mapped[datetime | None]
    started_at: Mapped[datetime]
    ended_at: Mapped[datetime | None]
    # Why it ended by itself (its channel lost, its questions gone); None when it ran its course
    # or a moderator stopped it.
    end_reason: Mapped[str | None] = mapped_column(String(200))
    # Paused since (None: not paused), and when it ends by itself unless resumed. The open
    # question's time left is closes_at - paused_at; both stay once the round has ended.
    paused_at: Mapped[datetime | None]
    paused_until: Mapped[datetime | None]
    # A bot.quiz.rounds.review_round.RoundMode, and the role its start card pings, if any.
    mode: Mapped[str] = mapped_column(String(16), server_default=text("'normal'"))
    ping_role_id: Mapped[int | None] = mapped_column(BigInteger)
    # A team round's teams (bot.quiz.rounds.teams.TeamPlan, as stored_plan below writes it);
    # None: members play only for themselves.
    teams: Mapped[dict[str, Any] | None] = mapped_column(JSON)


def message_purpose(kind: Message, question_index: int | None) -> str:
    """The key a delivered message is remembered by (``question:3``, ``standings``)."""
    if kind is Message.STANDINGS:
        return "standings"
    if kind is Message.START:
        return "start"
    return f"question:{question_index}"


class RoundMessageRow(Base):
    """Discord message ids of a round by purpose (e.g. ``question:3``, ``standings``)."""

    __tablename__ = "round_messages"
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), primary_key=True)
    purpose: Mapped[str] = mapped_column(String(32), primary_key=True)
    message_id: Mapped[int] = mapped_column(BigInteger)


# A delivery's states; packs read them too (a version stays while a round owes a message of it).
PENDING, DELIVERED, ABANDONED = "pending", "delivered", "abandoned"


class RoundDeliveryRow(Base):
    """A message a round transition owes Discord (the outbox), written in the transition's own
    transaction and kept until Discord confirms it, so no crash can lose a reveal or standings.

    ``kind`` is a ``bot.quiz.rounds.rules.Message``; ``attempts`` counts sends that may have reached
    Discord, so a post is first looked for in the channel before it is sent again.
    """

    __tablename__ = "round_deliveries"
    __table_args__ = (Index("ix_round_deliveries_state_round_id", "state", "round_id"),)
    id: Mapped[int] = mapped_column(AutoId, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"))
    kind: Mapped[str] = mapped_column(String(16))
    question_index: Mapped[int | None]
    state: Mapped[str] = mapped_column(String(16))  # PENDING, DELIVERED or ABANDONED
    attempts: Mapped[int]
    created_at: Mapped[datetime]
    delivered_at: Mapped[datetime | None]
    reason: Mapped[str | None] = mapped_column(String(200))  # why it was abandoned


class RoundTeamMemberRow(Base):
    """A member's team in a team round, fixed by their first answer in it
    (bot/quiz/rounds/teams.py); ``team`` None: they held none of the round's team roles and play
    for no team."""

    __tablename__ = "round_team_members"
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), primary_key=True)
    member_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    team: Mapped[int | None] = mapped_column(SmallInteger)


class AnswerRow(Base):
    """One answer; the primary key makes a second answer to the same question impossible."""

    __tablename__ = "answers"
    __table_args__ = (
        ForeignKeyConstraint(
            ["pack_id", "question_id"], ["questions.pack_id", "questions.question_id"]
        ),
        Index("ix_answers_member_id_answered_at", "member_id", "answered_at"),
    )
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), primary_key=True)
    question_id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    member_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    pack_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    # The option picked of a one-answer choice question; the others keep what they got instead.
    option_index: Mapped[int | None] = mapped_column(SmallInteger)
    picked: Mapped[int | None] = mapped_column(SmallInteger)  # all that apply: a bit per option
    given: Mapped[str | None] = mapped_column(String(MAX_TYPED))  # a typed text or number
    correct: Mapped[bool] = mapped_column(Boolean)
    typo: Mapped[bool] = mapped_column(Boolean, server_default=false())  # right only by tolerance
    response_ms: Mapped[int]
    answered_at: Mapped[datetime]


rounds_table = table_of(RoundRow)
round_messages_table = table_of(RoundMessageRow)
round_deliveries_table = table_of(RoundDeliveryRow)
round_team_members_table = table_of(RoundTeamMemberRow)
answers_table = table_of(AnswerRow)


def stored_plan(plan: TeamPlan | None) -> dict[str, Any] | None:
    """The JSON value a round's row keeps of its teams."""
    if plan is None:
        return None
    # Role ids as strings: JSON readers elsewhere may hold numbers as doubles.
    return {"count": plan.count, "roles": [str(role) for role in plan.role_ids], "seed": plan.seed}


def plan_of(value: dict[str, Any] | None) -> TeamPlan | None:
    """A round's teams, as ``stored_plan`` wrote them; None for a round without teams."""
    if value is None:
        return None
    roles = tuple(int(role) for role in value.get("roles", ()))
    return TeamPlan(int(value["count"]), roles, int(value.get("seed", 0)))
