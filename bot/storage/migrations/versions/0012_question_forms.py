"""question forms: what a moderator typed into a question's form, between its steps, and a
picture uploaded in it

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-03 09:00:00
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "question_forms",
        sa.Column("token", sa.String(length=32), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("member_id", sa.BigInteger(), nullable=False),
        sa.Column("purpose", sa.String(length=16), nullable=False),
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("question_id", sa.String(length=64), nullable=True),
        sa.Column("locales", sa.JSON(), nullable=False),
        sa.Column("difficulty", sa.String(length=16), nullable=True),
        sa.Column("fields", sa.JSON(), nullable=False),
        sa.Column("picture", sa.LargeBinary(), nullable=True),
        sa.Column("updated_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("expires_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("token", name=op.f("pk_question_forms")),
    )
    op.create_index(
        "ix_question_forms_guild_id_member_id", "question_forms", ["guild_id", "member_id"]
    )


def downgrade() -> None:
    op.drop_index("ix_question_forms_guild_id_member_id", table_name="question_forms")
    op.drop_table("question_forms")
