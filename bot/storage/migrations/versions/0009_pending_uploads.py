"""pending uploads: an upload's pack kept between its preview and its moderator's Confirm

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02 09:00:00
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pending_uploads",
        sa.Column("token", sa.String(length=32), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("member_id", sa.BigInteger(), nullable=False),
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("file_name", sa.String(length=200), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("created_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("expires_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("token", name=op.f("pk_pending_uploads")),
    )
    op.create_index(
        "ix_pending_uploads_guild_id_member_id", "pending_uploads", ["guild_id", "member_id"]
    )
    op.create_index("ix_pending_uploads_expires_at", "pending_uploads", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_pending_uploads_expires_at", table_name="pending_uploads")
    op.drop_index("ix_pending_uploads_guild_id_member_id", table_name="pending_uploads")
    op.drop_table("pending_uploads")
