"""Schedules of rounds, their occurrences, and the notices to interested members."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    ForeignKey,
    Index,
    SmallInteger,
    String,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column

from bot.storage.models.base import ID_LENGTH, AutoId, Base, table_of


class ScheduleRow(Base):
    """A weekly or daily series of rounds (bot/quiz/schedules/series.py); kept, with ``removed_at``,
    once removed, so that an occurrence claimed as it was removed still has its schedule."""

    __tablename__ = "schedules"
    __table_args__ = (Index("ix_schedules_guild_id", "guild_id"),)
    id: Mapped[int] = mapped_column(AutoId, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)
    pack_id: Mapped[str] = mapped_column(String(ID_LENGTH))  # as stored: a server's own has @
    minute: Mapped[int] = mapped_column(SmallInteger)  # of the server's local day
    weekday: Mapped[int | None] = mapped_column(SmallInteger)  # 0 Monday; None: every day
    ends_on: Mapped[date | None] = mapped_column(Date)  # the last local day it may happen on
    question_count: Mapped[int | None]
    question_seconds: Mapped[int | None]  # None: the server's setting when it starts
    mode: Mapped[str] = mapped_column(String(16))
    ping_role_id: Mapped[int | None] = mapped_column(BigInteger)  # None: the server's
    # Its rounds' teams, as a round's row keeps them (its seed drawn anew for each round).
    teams: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_by: Mapped[int] = mapped_column(BigInteger)
    created_locale: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime]
    removed_at: Mapped[datetime | None]
    # Its Discord event, and the start its recurrence rule counts from (the rule keeps UTC).
    event_id: Mapped[int | None] = mapped_column(BigInteger)
    event_rule_start: Mapped[datetime | None]


class OccurrenceRow(Base):
    """What became of one occurrence of a schedule, keyed by its local day: written once, by
    whoever claims it, in the transaction that starts its round (or records why not)."""

    __tablename__ = "schedule_occurrences"
    __table_args__ = (Index("ix_schedule_occurrences_note_owed", "note_owed"),)
    schedule_id: Mapped[int] = mapped_column(ForeignKey("schedules.id"), primary_key=True)
    local_day: Mapped[date] = mapped_column(Date, primary_key=True)
    due_at: Mapped[datetime]
    outcome: Mapped[str] = mapped_column(String(32))  # a bot.quiz.schedules.series.Outcome
    round_id: Mapped[int | None] = mapped_column(AutoId, ForeignKey("rounds.id"))
    recorded_at: Mapped[datetime]
    note_owed: Mapped[bool] = mapped_column(Boolean)  # its moderator is still to be told
    # A skipped occurrence made an exception of the schedule's Discord event.
    excepted: Mapped[bool] = mapped_column(Boolean, server_default=false())


class InterestNoticeRow(Base):
    """A member interested in a schedule's Discord event, told (or not: quiet hours, opted out)
    before one of its rounds: written once, by whoever tells them."""

    __tablename__ = "interest_notices"
    schedule_id: Mapped[int] = mapped_column(ForeignKey("schedules.id"), primary_key=True)
    local_day: Mapped[date] = mapped_column(Date, primary_key=True)
    member_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    noticed_at: Mapped[datetime]
    sent: Mapped[bool] = mapped_column(Boolean)  # False: not told (quiet hours, opted out)


schedules_table = table_of(ScheduleRow)
occurrences_table = table_of(OccurrenceRow)
interest_notices_table = table_of(InterestNoticeRow)
