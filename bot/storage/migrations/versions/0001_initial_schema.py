"""initial schema

Revision ID: 0001
Revises:
Create Date: 2026-11-29 17:21:48.793309
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "guild_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("moderator_role_id", sa.BigInteger(), nullable=True),
        sa.Column("question_seconds", sa.Integer(), nullable=False),
        sa.Column("locale", sa.String(length=16), nullable=True),
        sa.PrimaryKeyConstraint("guild_id", name=op.f("pk_guild_settings")),
    )
    op.create_table(
        "member_settings",
        sa.Column("member_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("daily_new_limit", sa.Integer(), nullable=False),
        sa.Column("time_zone", sa.String(length=64), nullable=False),
        sa.Column("reminders", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("member_id", name=op.f("pk_member_settings")),
    )
    op.create_table(
        "packs",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("synced_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_packs")),
    )
    op.create_table(
        "score_counts",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("period", sa.String(length=8), nullable=False),
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("points", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("members", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint(
            "guild_id", "period", "pack_id", "points", name=op.f("pk_score_counts")
        ),
    )
    op.create_table(
        "scores",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("period", sa.String(length=8), nullable=False),
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("member_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("answered", sa.Integer(), nullable=False),
        sa.Column("correct_ms", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint(
            "guild_id", "period", "pack_id", "member_id", name=op.f("pk_scores")
        ),
    )
    with op.batch_alter_table("scores", schema=None) as batch_op:
        batch_op.create_index(
            "ix_scores_standings",
            [
                "guild_id",
                "period",
                "pack_id",
                sa.literal_column("points DESC"),
                "correct_ms",
                "member_id",
            ],
            unique=False,
        )

    op.create_table(
        "questions",
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("question_id", sa.String(length=64), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("prompt", sa.Text(), nullable=False),
        sa.Column("option_count", sa.SmallInteger(), nullable=False),
        sa.Column("correct_index", sa.SmallInteger(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["pack_id"], ["packs.id"], name=op.f("fk_questions_pack_id_packs")),
        sa.PrimaryKeyConstraint("pack_id", "question_id", name=op.f("pk_questions")),
    )
    op.create_table(
        "rounds",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("started_by", sa.BigInteger(), nullable=False),
        sa.Column("question_seconds", sa.Integer(), nullable=False),
        sa.Column("question_order", sa.JSON(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("question_index", sa.Integer(), nullable=False),
        sa.Column("question_open", sa.Boolean(), nullable=False),
        sa.Column("question_opened_at", bot.storage.models.UtcDateTime(), nullable=True),
        sa.Column("closes_at", bot.storage.models.UtcDateTime(), nullable=True),
        sa.Column("started_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("ended_at", bot.storage.models.UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["pack_id"], ["packs.id"], name=op.f("fk_rounds_pack_id_packs")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rounds")),
    )
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.create_index("ix_rounds_state", ["state"], unique=False)
        batch_op.create_index(
            "ux_rounds_running_channel",
            ["channel_id"],
            unique=True,
            sqlite_where=sa.text("state = 'running'"),
            postgresql_where=sa.text("state = 'running'"),
        )

    op.create_table(
        "answers",
        sa.Column("round_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("question_id", sa.String(length=64), nullable=False),
        sa.Column("member_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("option_index", sa.SmallInteger(), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("response_ms", sa.Integer(), nullable=False),
        sa.Column("answered_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["pack_id", "question_id"],
            ["questions.pack_id", "questions.question_id"],
            name=op.f("fk_answers_pack_id_questions"),
        ),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_answers_round_id_rounds")
        ),
        sa.PrimaryKeyConstraint("round_id", "question_id", "member_id", name=op.f("pk_answers")),
    )
    with op.batch_alter_table("answers", schema=None) as batch_op:
        batch_op.create_index(
            "ix_answers_member_id_answered_at", ["member_id", "answered_at"], unique=False
        )

    op.create_table(
        "cards",
        sa.Column("member_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("question_id", sa.String(length=64), nullable=False),
        sa.Column("state", sa.SmallInteger(), nullable=False),
        sa.Column("step", sa.SmallInteger(), nullable=True),
        sa.Column("stability", sa.Float(), nullable=True),
        sa.Column("difficulty", sa.Float(), nullable=True),
        sa.Column("due", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("last_review", bot.storage.models.UtcDateTime(), nullable=True),
        sa.Column("introduced_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("introduced_by", sa.String(length=8), nullable=False),
        sa.ForeignKeyConstraint(
            ["pack_id", "question_id"],
            ["questions.pack_id", "questions.question_id"],
            name=op.f("fk_cards_pack_id_questions"),
        ),
        sa.PrimaryKeyConstraint("member_id", "pack_id", "question_id", name=op.f("pk_cards")),
    )
    with op.batch_alter_table("cards", schema=None) as batch_op:
        batch_op.create_index("ix_cards_member_id_due", ["member_id", "due"], unique=False)
        batch_op.create_index(
            "ix_cards_member_id_introduced_at", ["member_id", "introduced_at"], unique=False
        )

    op.create_table(
        "round_messages",
        sa.Column("round_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("purpose", sa.String(length=32), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_round_messages_round_id_rounds")
        ),
        sa.PrimaryKeyConstraint("round_id", "purpose", name=op.f("pk_round_messages")),
    )
    op.create_table(
        "review_logs",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("member_id", sa.BigInteger(), nullable=False),
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("question_id", sa.String(length=64), nullable=False),
        sa.Column("rating", sa.SmallInteger(), nullable=False),
        sa.Column("reviewed_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("duration_ms", sa.Integer(), nullable=False),
        sa.Column("source", sa.String(length=8), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id", "pack_id", "question_id"],
            ["cards.member_id", "cards.pack_id", "cards.question_id"],
            name=op.f("fk_review_logs_member_id_cards"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_review_logs")),
    )
    with op.batch_alter_table("review_logs", schema=None) as batch_op:
        batch_op.create_index(
            "ix_review_logs_member_id_reviewed_at", ["member_id", "reviewed_at"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("review_logs", schema=None) as batch_op:
        batch_op.drop_index("ix_review_logs_member_id_reviewed_at")

    op.drop_table("review_logs")
    op.drop_table("round_messages")
    with op.batch_alter_table("cards", schema=None) as batch_op:
        batch_op.drop_index("ix_cards_member_id_introduced_at")
        batch_op.drop_index("ix_cards_member_id_due")

    op.drop_table("cards")
    with op.batch_alter_table("answers", schema=None) as batch_op:
        batch_op.drop_index("ix_answers_member_id_answered_at")

    op.drop_table("answers")
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.drop_index(
            "ux_rounds_running_channel",
            sqlite_where=sa.text("state = 'running'"),
            postgresql_where=sa.text("state = 'running'"),
        )
        batch_op.drop_index("ix_rounds_state")

    op.drop_table("rounds")
    op.drop_table("questions")
    with op.batch_alter_table("scores", schema=None) as batch_op:
        batch_op.drop_index("ix_scores_standings")

    op.drop_table("scores")
    op.drop_table("score_counts")
    op.drop_table("packs")
    op.drop_table("member_settings")
    op.drop_table("guild_settings")
