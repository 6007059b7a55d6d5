"""question suggestions: questions members suggest for a server pack, the moderators' decision
on each, a server's choice to take suggestions and the channel they are shown in, and a
moderator's form editing one

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-04 09:00:00
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

AUTO_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def _suggestion_columns() -> tuple[sa.Column[object], ...]:
    return (
        sa.Column("id", AUTO_ID, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("author_id", sa.BigInteger(), nullable=False),
        sa.Column("author_locale", sa.String(length=16), nullable=False),
        sa.Column("locales", sa.JSON(), nullable=False),
        sa.Column("fields", sa.JSON(), nullable=False),
        sa.Column("picture", sa.LargeBinary(), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("decided_by", sa.BigInteger(), nullable=True),
        sa.Column("decided_at", bot.storage.models.UtcDateTime(), nullable=True),
        sa.Column("question_id", sa.String(length=64), nullable=True),
        sa.Column("edited", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("reason", sa.String(length=300), nullable=True),
        sa.Column("card_channel_id", sa.BigInteger(), nullable=True),
        sa.Column("card_message_id", sa.BigInteger(), nullable=True),
    )


def upgrade() -> None:
    # Servers that saved settings before this revision take suggestions, shown in no channel.
    with op.batch_alter_table("guild_settings") as batch:
        batch.add_column(
            sa.Column("suggestions_open", sa.Boolean(), nullable=False, server_default=sa.true())
        )
        batch.add_column(sa.Column("suggestions_channel_id", sa.BigInteger(), nullable=True))
    with op.batch_alter_table("question_forms") as batch:
        batch.add_column(sa.Column("suggestion_id", sa.BigInteger(), nullable=True))
    op.create_table(
        "question_suggestions",
        *_suggestion_columns(),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_question_suggestions")),
    )
    op.create_index(
        "ix_question_suggestions_guild_id_status",
        "question_suggestions",
        ["guild_id", "status", "id"],
    )
    op.create_index(
        "ix_question_suggestions_guild_id_author_id",
        "question_suggestions",
        ["guild_id", "author_id", "created_at"],
    )


def downgrade() -> None:
    op.drop_index("ix_question_suggestions_guild_id_author_id", table_name="question_suggestions")
    op.drop_index("ix_question_suggestions_guild_id_status", table_name="question_suggestions")
    op.drop_table("question_suggestions")
    with op.batch_alter_table("question_forms") as batch:
        batch.drop_column("suggestion_id")
    with op.batch_alter_table("guild_settings") as batch:
        batch.drop_column("suggestions_channel_id")
        batch.drop_column("suggestions_open")
