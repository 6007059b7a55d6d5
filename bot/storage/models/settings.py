"""A server's and a member's settings, and review reminders."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    Date,
    ForeignKey,
    Index,
    SmallInteger,
    String,
    false,
    text,
    true,
)
from sqlalchemy.orm import Mapped, mapped_column

from bot.storage.models.base import ID_LENGTH, Base, table_of


class GuildSettingsRow(Base):
    __tablename__ = "guild_settings"
    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    moderator_role_id: Mapped[int | None] = mapped_column(BigInteger)
    question_seconds: Mapped[int]
    locale: Mapped[str | None] = mapped_column(String(16))
    ping_role_id: Mapped[int | None] = mapped_column(BigInteger)
    # Who chose the ping role: it is pinged only while they may ping it (bot/quiz/authority.py).
    # None for a role chosen before the bot asked: pinged only while it is mentionable.
    ping_role_set_by: Mapped[int | None] = mapped_column(BigInteger)
    # How long a round may stay paused before it ends by itself.
    pause_limit_minutes: Mapped[int] = mapped_column(server_default=text("60"))
    time_zone: Mapped[str] = mapped_column(String(64), server_default=text("'UTC'"))  # schedules'
    # How late a scheduled round missed while the bot was offline may still start.
    grace_minutes: Mapped[int] = mapped_column(SmallInteger, server_default="15")
    # Members' suggested questions: whether they may, and where moderators see them.
    suggestions_open: Mapped[bool] = mapped_column(Boolean, server_default=true())
    suggestions_channel_id: Mapped[int | None] = mapped_column(BigInteger)


class MemberSettingsRow(Base):
    __tablename__ = "member_settings"
    member_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    daily_new_limit: Mapped[int]
    time_zone: Mapped[str] = mapped_column(String(64))
    reminders: Mapped[bool] = mapped_column(Boolean)
    reminder_hour: Mapped[int] = mapped_column(SmallInteger, server_default="18")  # member-local
    # Hours start up to end (wrapping past midnight) when no reminder is sent; None: none.
    quiet_start: Mapped[int | None] = mapped_column(SmallInteger)
    quiet_end: Mapped[int | None] = mapped_column(SmallInteger)
    locale: Mapped[str | None] = mapped_column(String(16))  # of DMs; None: the client's
    client_locale: Mapped[str | None] = mapped_column(String(16))  # as last seen
    # Discord refused a reminder DM (50007): reminders went off, and the member is to be told.
    dm_refused: Mapped[bool] = mapped_column(Boolean, server_default=false())
    # A DM before a scheduled round whose Discord event the member is interested in.
    event_reminders: Mapped[bool] = mapped_column(Boolean, server_default=true())
    # Desired retention in percent (bot.quiz.review.retention); None: the default, as it is then.
    retention: Mapped[int | None] = mapped_column(SmallInteger)
    # Days off reviews (bot/quiz/review/study_days.py): an away window in the member's dates,
    # both ends included, and easy weekdays as a bit mask (Monday = 1); None / 0: none.
    away_from: Mapped[date | None] = mapped_column(Date)
    away_until: Mapped[date | None] = mapped_column(Date)
    easy_days: Mapped[int] = mapped_column(SmallInteger, server_default=text("0"))
    # The most reviews of due cards offered in a member-local day; None: no limit.
    daily_reviews: Mapped[int | None] = mapped_column(SmallInteger)


class MemberPackRetentionRow(Base):
    """A member's desired retention for one pack, over their own (bot.quiz.review.targets)."""

    __tablename__ = "member_pack_retention"
    member_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    pack_id: Mapped[str] = mapped_column(
        String(ID_LENGTH), ForeignKey("packs.id"), primary_key=True
    )
    retention: Mapped[int] = mapped_column(SmallInteger)  # percent


class GuildPackRetentionRow(Base):
    """A server's default retention for one pack, for members who chose none for it or for
    themselves (bot.quiz.review.targets); set by one of its moderators (``set_by``)."""

    __tablename__ = "guild_pack_retention"
    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    pack_id: Mapped[str] = mapped_column(
        String(ID_LENGTH), ForeignKey("packs.id"), primary_key=True
    )
    retention: Mapped[int] = mapped_column(SmallInteger)  # percent
    set_by: Mapped[int] = mapped_column(BigInteger)


class ReminderRow(Base):
    """A due-questions reminder, one per member and member-local day, claimed by the process
    that sends it (``claimed_by`` until ``lease_until``) and kept once Discord confirms it.

    ``attempts`` counts sends that may have reached Discord, so a reminder whose claim ran out
    is first looked for in the DM channel before it is sent again.
    """

    __tablename__ = "reminders"
    __table_args__ = (Index("ix_reminders_state_lease_until", "state", "lease_until"),)
    member_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    local_day: Mapped[date] = mapped_column(Date, primary_key=True)
    state: Mapped[str] = mapped_column(String(16))  # claimed | sent | refused | nothing_due
    claimed_by: Mapped[str] = mapped_column(String(64))
    lease_until: Mapped[datetime]
    attempts: Mapped[int]
    message_id: Mapped[int | None] = mapped_column(BigInteger)
    claimed_at: Mapped[datetime]
    sent_at: Mapped[datetime | None]


guild_settings_table = table_of(GuildSettingsRow)
member_settings_table = table_of(MemberSettingsRow)
reminders_table = table_of(ReminderRow)
member_pack_retention_table = table_of(MemberPackRetentionRow)
guild_pack_retention_table = table_of(GuildPackRetentionRow)
