"""Shard leases: which process holds which of the bot's gateway shards."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from bot.storage.models.base import ID_LENGTH, Base, table_of


class ShardLeaseRow(Base):
    """A shard of the bot served by one process (``owner``) until ``expires_at`` unless renewed;
    keyed by the shard count too, so a bot re-sharded to another count starts with free shards."""

    __tablename__ = "shard_leases"
    shard_count: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    shard_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    owner: Mapped[str] = mapped_column(String(ID_LENGTH))
    expires_at: Mapped[datetime]
    renewed_at: Mapped[datetime]


shard_leases_table = table_of(ShardLeaseRow)
