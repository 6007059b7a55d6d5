"""shard leases: which process serves which shard, until when

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30 05:00:00
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shard_leases",
        sa.Column("shard_count", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("shard_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("owner", sa.String(length=64), nullable=False),
        sa.Column("expires_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("renewed_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("shard_count", "shard_id", name=op.f("pk_shard_leases")),
    )


def downgrade() -> None:
    op.drop_table("shard_leases")
