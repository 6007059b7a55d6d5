"""seasons: a server's named stretches of competition, each with its own board, and the final
standings posted when one ends

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-05 09:00:00
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

AUTO_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "seasons",
        sa.Column("id", AUTO_ID, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("name_key", sa.String(length=64), nullable=False),
        sa.Column("started_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("started_by", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("ends_at", bot.storage.models.UtcDateTime(), nullable=True),
        sa.Column("ended_at", bot.storage.models.UtcDateTime(), nullable=True),
        sa.Column("standings_claimed_at", bot.storage.models.UtcDateTime(), nullable=True),
        sa.Column("standings_message_id", sa.BigInteger(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seasons")),
    )
    op.create_index("ix_seasons_guild_id_ended_at", "seasons", ["guild_id", "ended_at"])


def downgrade() -> None:
    op.drop_index("ix_seasons_guild_id_ended_at", table_name="seasons")
    op.drop_table("seasons")
