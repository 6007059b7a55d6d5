"""round deliveries: the outbox of messages a round owes Discord

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 22:40:00
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "round_deliveries",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("round_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("question_index", sa.Integer(), nullable=True),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("created_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("delivered_at", bot.storage.models.UtcDateTime(), nullable=True),
        sa.Column("reason", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_round_deliveries_round_id_rounds")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_round_deliveries")),
    )
    with op.batch_alter_table("round_deliveries", schema=None) as batch_op:
        batch_op.create_index("ix_round_deliveries_state_round_id", ["state", "round_id"])


def downgrade() -> None:
    with op.batch_alter_table("round_deliveries", schema=None) as batch_op:
        batch_op.drop_index("ix_round_deliveries_state_round_id")
    op.drop_table("round_deliveries")
