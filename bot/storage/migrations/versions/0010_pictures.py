"""pictures: questions' pictures, stored once by their SHA-256, and which one each version (and
each held upload) shows

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-20 09:00:00
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

AUTO_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "pictures",
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("media_type", sa.String(length=32), nullable=False),
        sa.Column("width", sa.Integer(), nullable=False),
        sa.Column("height", sa.Integer(), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("stored_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("digest", name=op.f("pk_pictures")),
    )
    op.create_table(
        "pack_version_pictures",
        sa.Column("version_id", AUTO_ID, nullable=False),
        sa.Column("file", sa.String(length=64), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["version_id"],
            ["pack_versions.id"],
            name=op.f("fk_pack_version_pictures_version_id_pack_versions"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["digest"], ["pictures.digest"], name=op.f("fk_pack_version_pictures_digest_pictures")
        ),
        sa.PrimaryKeyConstraint("version_id", "file", name=op.f("pk_pack_version_pictures")),
    )
    op.create_index(
        "ix_pack_version_pictures_digest", "pack_version_pictures", ["digest"], unique=False
    )
    op.create_table(
        "pending_upload_pictures",
        sa.Column("token", sa.String(length=32), nullable=False),
        sa.Column("file", sa.String(length=64), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["token"],
            ["pending_uploads.token"],
            name=op.f("fk_pending_upload_pictures_token_pending_uploads"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["digest"],
            ["pictures.digest"],
            name=op.f("fk_pending_upload_pictures_digest_pictures"),
        ),
        sa.PrimaryKeyConstraint("token", "file", name=op.f("pk_pending_upload_pictures")),
    )
    op.create_index(
        "ix_pending_upload_pictures_digest", "pending_upload_pictures", ["digest"], unique=False
    )


def downgrade() -> None:
    op.drop_index("ix_pending_upload_pictures_digest", table_name="pending_upload_pictures")
    op.drop_table("pending_upload_pictures")
    op.drop_index("ix_pack_version_pictures_digest", table_name="pack_version_pictures")
    op.drop_table("pack_version_pictures")
    op.drop_table("pictures")
