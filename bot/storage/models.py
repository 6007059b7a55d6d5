"""The tables. Discord ids are 64-bit; times are stored as naive UTC and read back aware."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    SmallInteger,
    String,
    Table,
    Text,
    TypeDecorator,
    false,
    text,
    true,
)
from sqlalchemy.ext.asyncio import AsyncAttrs
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from typing_extensions import override

ID_LENGTH = 64
# SQLite only auto-increments a column declared exactly INTEGER PRIMARY KEY.
AutoId = BigInteger().with_variant(Integer(), "sqlite")


class UtcDateTime(TypeDecorator[datetime]):
    """Aware UTC in Python, naive UTC in the database (the same on SQLite and PostgreSQL)."""

    impl = DateTime(timezone=False)
    cache_ok = True

    @override
    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("storage takes aware datetimes only")
        return value.astimezone(UTC).replace(tzinfo=None)

    @override
    def process_result_value(self, value: object, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if not isinstance(value, datetime):
            raise TypeError(f"expected a datetime from the database, got {type(value)}")
        return value.replace(tzinfo=UTC)


class Base(AsyncAttrs, DeclarativeBase):
    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(table_name)s_%(column_0_N_name)s",
            "uq": "uq_%(table_name)s_%(column_0_N_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )
    type_annotation_map: ClassVar[dict[Any, Any]] = {datetime: UtcDateTime, int: Integer}


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
    correct_index: Mapped[int] = mapped_column(SmallInteger)
    active: Mapped[bool] = mapped_column(Boolean)


class PackVersionRow(Base):
    """One upload of a server's pack, its YAML as sent: the current one of its pack, and older
    ones a round started on still plays (bot/storage/pack_versions.py collects the rest)."""

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
    """A checked question picture (bot/quiz/pictures.py), stored once by its SHA-256 however
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


class QuestionFormRow(Base):
    """A question form a moderator is filling in (bot/storage/question_forms.py): what they
    typed so far, kept between the form's steps and for a resubmit, until it expires."""

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
    """A question a member suggested for a server pack (bot/storage/suggestions.py): pending
    until a moderator approves or rejects it, then kept as the question's history."""

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


class SeasonRow(Base):
    """A server's season (bot/quiz/seasons.py; bot/storage/seasons.py): running until it is
    ended, then its final standings posted once in its channel."""

    __tablename__ = "seasons"
    __table_args__ = (Index("ix_seasons_guild_id_ended_at", "guild_id", "ended_at"),)
    id: Mapped[int] = mapped_column(AutoId, primary_key=True)
    guild_id: Mapped[int] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(64))
    # The name casefolded in Python (SQLite's lower() knows only ASCII): names are unique by it.
    name_key: Mapped[str] = mapped_column(String(64))
    started_at: Mapped[datetime]
    started_by: Mapped[int] = mapped_column(BigInteger)
    channel_id: Mapped[int] = mapped_column(BigInteger)  # where its final standings go
    ends_at: Mapped[datetime | None]  # None: until a moderator ends it
    ended_at: Mapped[datetime | None]
    # The final standings: claimed by one process at a time, then the message posted.
    standings_claimed_at: Mapped[datetime | None]
    standings_message_id: Mapped[int | None] = mapped_column(BigInteger)


class RewardRoleRow(Base):
    """A role a server's members earn at a number of points (bot/quiz/rewards.py)."""

    __tablename__ = "reward_roles"
    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    role_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    points: Mapped[int]
    scope: Mapped[str] = mapped_column(String(8))  # all-time, or the running season's
    set_by: Mapped[int] = mapped_column(BigInteger)
    set_at: Mapped[datetime]


class RewardGrantRow(Base):
    """A reward role a member earned on one board (``all``, or a season's key): decided once, in
    the transaction that settled the answers that earned it, then given by one process."""

    __tablename__ = "reward_grants"
    __table_args__ = (Index("ix_reward_grants_guild_id_given_at", "guild_id", "given_at"),)
    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    member_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    role_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    period: Mapped[str] = mapped_column(String(8), primary_key=True)
    points: Mapped[int]  # the reward's threshold when it was earned
    earned_at: Mapped[datetime]
    claimed_at: Mapped[datetime | None]  # by the process giving it; a claim of a dead one lapses
    given_at: Mapped[datetime | None]
    failure: Mapped[str | None] = mapped_column(String(64))  # why Discord refused, if it did


class PendingUploadRow(Base):
    """An upload shown as a preview, stored once its moderator confirms it: the pack it makes, as
    YAML, until ``expires_at`` (bot/storage/pending_uploads.py bounds how many are kept)."""

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


class GuildSettingsRow(Base):
    __tablename__ = "guild_settings"
    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    moderator_role_id: Mapped[int | None] = mapped_column(BigInteger)
    question_seconds: Mapped[int]
    locale: Mapped[str | None] = mapped_column(String(16))
    ping_role_id: Mapped[int | None] = mapped_column(BigInteger)
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
    # Desired retention in percent (bot.quiz.retention); None: the default, whatever it is then.
    retention: Mapped[int | None] = mapped_column(SmallInteger)


class ShardLeaseRow(Base):
    """A shard of the bot served by one process (``owner``) until ``expires_at`` unless renewed;
    keyed by the shard count too, so a bot re-sharded to another count starts with free shards."""

    __tablename__ = "shard_leases"
    shard_count: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    shard_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    owner: Mapped[str] = mapped_column(String(ID_LENGTH))
    expires_at: Mapped[datetime]
    renewed_at: Mapped[datetime]


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
    # A bot.quiz.review_round.RoundMode, and the role its start card pings, if any.
    mode: Mapped[str] = mapped_column(String(16), server_default=text("'normal'"))
    ping_role_id: Mapped[int | None] = mapped_column(BigInteger)
    # A team round's teams (bot.quiz.teams.TeamPlan, as bot/storage/teams.py writes it); None:
    # members play only for themselves.
    teams: Mapped[dict[str, Any] | None] = mapped_column(JSON)


class ScheduleRow(Base):
    """A weekly or daily series of rounds (bot/quiz/schedules.py); kept, with ``removed_at``,
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
    outcome: Mapped[str] = mapped_column(String(32))  # a bot.quiz.schedules.Outcome
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


class RoundMessageRow(Base):
    """Discord message ids of a round by purpose (e.g. ``question:3``, ``standings``)."""

    __tablename__ = "round_messages"
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), primary_key=True)
    purpose: Mapped[str] = mapped_column(String(32), primary_key=True)
    message_id: Mapped[int] = mapped_column(BigInteger)


class RoundDeliveryRow(Base):
    """A message a round transition owes Discord (the outbox), written in the transition's own
    transaction and kept until Discord confirms it, so no crash can lose a reveal or standings.

    ``kind`` is a ``bot.quiz.rounds.Message``; ``attempts`` counts sends that may have reached
    Discord, so a post is first looked for in the channel before it is sent again.
    """

    __tablename__ = "round_deliveries"
    __table_args__ = (Index("ix_round_deliveries_state_round_id", "state", "round_id"),)
    id: Mapped[int] = mapped_column(AutoId, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"))
    kind: Mapped[str] = mapped_column(String(16))
    question_index: Mapped[int | None]
    state: Mapped[str] = mapped_column(String(16))  # pending | delivered | abandoned
    attempts: Mapped[int]
    created_at: Mapped[datetime]
    delivered_at: Mapped[datetime | None]
    reason: Mapped[str | None] = mapped_column(String(200))  # why it was abandoned


class RoundTeamMemberRow(Base):
    """A member's team in a team round, fixed by their first answer in it (bot/quiz/teams.py);
    ``team`` None: they held none of the round's team roles and play for no team."""

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
    option_index: Mapped[int] = mapped_column(SmallInteger)
    correct: Mapped[bool] = mapped_column(Boolean)
    response_ms: Mapped[int]
    answered_at: Mapped[datetime]


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
    # Wrong answers after it was learnt (bot.quiz.leeches): from LEECH_LAPSES on, a leech.
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
    """FSRS weights fitted to a member's own reviews (bot/quiz/fitting.py); ``parameters`` None
    when the last fit gave none the scheduler takes (the defaults stay). ``version`` is the
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


def _table(model: type[Base]) -> Table:
    table = model.__table__
    if not isinstance(table, Table):
        raise TypeError(f"{model.__name__} is not mapped to a table")
    return table


# Core statements (bulk inserts, upserts) take the tables themselves.
packs_table = _table(PackRow)
questions_table = _table(QuestionRow)
guild_settings_table = _table(GuildSettingsRow)
pack_versions_table = _table(PackVersionRow)
pictures_table = _table(PictureRow)
pack_version_pictures_table = _table(PackVersionPictureRow)
server_packs_table = _table(ServerPackRow)
disabled_packs_table = _table(DisabledPackRow)
question_forms_table = _table(QuestionFormRow)
question_suggestions_table = _table(QuestionSuggestionRow)
seasons_table = _table(SeasonRow)
reward_roles_table = _table(RewardRoleRow)
reward_grants_table = _table(RewardGrantRow)
pending_uploads_table = _table(PendingUploadRow)
pending_upload_pictures_table = _table(PendingUploadPictureRow)
member_settings_table = _table(MemberSettingsRow)
reminders_table = _table(ReminderRow)
shard_leases_table = _table(ShardLeaseRow)
rounds_table = _table(RoundRow)
schedules_table = _table(ScheduleRow)
occurrences_table = _table(OccurrenceRow)
interest_notices_table = _table(InterestNoticeRow)
round_messages_table = _table(RoundMessageRow)
round_deliveries_table = _table(RoundDeliveryRow)
round_team_members_table = _table(RoundTeamMemberRow)
answers_table = _table(AnswerRow)
scores_table = _table(ScoreRow)
score_counts_table = _table(ScoreCountRow)
cards_table = _table(CardRow)
review_logs_table = _table(ReviewLogRow)
member_parameters_table = _table(MemberParametersRow)
pack_parameters_table = _table(PackParametersRow)
