"""Seasons, reward roles and the rewards earned."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from bot.storage.models.base import AutoId, Base, table_of


class SeasonRow(Base):
    """A server's season (bot/quiz/seasons/season.py; bot/storage/seasons/season.py): running until
    it is ended, then its final standings posted once in its channel."""

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
    """A role a server's members earn at a number of points (bot/quiz/rewards/reward_roles.py)."""

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


seasons_table = table_of(SeasonRow)
reward_roles_table = table_of(RewardRoleRow)
reward_grants_table = table_of(RewardGrantRow)


class WithheldNoticeRow(Base):
    """Something the bot did not do on someone's behalf (a reward role it did not give, a role
    it did not ping: bot/quiz/authority.py), kept so that the server is told once, not at every
    round; cleared when that setting is made again."""

    __tablename__ = "withheld_notices"
    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    # The kind of what was withheld (bot/storage/rewards/withheld.py).
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    role_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    reason: Mapped[str] = mapped_column(String(64))
    told_at: Mapped[datetime]


withheld_notices_table = table_of(WithheldNoticeRow)
