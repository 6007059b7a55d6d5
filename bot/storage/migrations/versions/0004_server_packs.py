"""server packs: packs a server uploaded, and built-in packs a server turned off

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30 02:20:00
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "server_packs",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("file_name", sa.String(length=200), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("uploaded_by", sa.BigInteger(), nullable=False),
        sa.Column("uploaded_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "pack_id", name=op.f("pk_server_packs")),
    )
    op.create_table(
        "disabled_packs",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("disabled_by", sa.BigInteger(), nullable=False),
        sa.Column("disabled_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "pack_id", name=op.f("pk_disabled_packs")),
    )


def downgrade() -> None:
    op.drop_table("disabled_packs")
    op.drop_table("server_packs")
