"""reward roles: the roles a server's members earn at a number of points, and each one earned,
decided once and given once

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-05 12:00:00
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reward_roles",
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("role_id", sa.BigInteger(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("scope", sa.String(length=8), nullable=False),
        sa.Column("set_by", sa.BigInteger(), nullable=False),
        sa.Column("set_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "role_id", name=op.f("pk_reward_roles")),
    )
    op.create_table(
        "reward_grants",
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("member_id", sa.BigInteger(), nullable=False),
        sa.Column("role_id", sa.BigInteger(), nullable=False),
        sa.Column("period", sa.String(length=8), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("earned_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("claimed_at", bot.storage.models.UtcDateTime(), nullable=True),
        sa.Column("given_at", bot.storage.models.UtcDateTime(), nullable=True),
        sa.Column("failure", sa.String(length=64), nullable=True),
        sa.PrimaryKeyConstraint(
            "guild_id", "member_id", "role_id", "period", name=op.f("pk_reward_grants")
        ),
    )
    op.create_index("ix_reward_grants_guild_id_given_at", "reward_grants", ["guild_id", "given_at"])


def downgrade() -> None:
    op.drop_index("ix_reward_grants_guild_id_given_at", table_name="reward_grants")
    op.drop_table("reward_grants")
    op.drop_table("reward_roles")
