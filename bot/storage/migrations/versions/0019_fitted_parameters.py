"""fitted parameters: each member's FSRS weights fitted to their reviews, and each pack's pooled
over its members' reviews, with the weights' model version

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-02 08:00:00
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "member_parameters",
        sa.Column("member_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("version", sa.String(length=16), nullable=False),
        sa.Column("parameters", sa.JSON(), nullable=True),
        sa.Column("reviews", sa.Integer(), nullable=False),
        sa.Column("fitted_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("member_id", name=op.f("pk_member_parameters")),
    )
    op.create_table(
        "pack_parameters",
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("version", sa.String(length=16), nullable=False),
        sa.Column("parameters", sa.JSON(), nullable=True),
        sa.Column("reviews", sa.Integer(), nullable=False),
        sa.Column("fitted_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["pack_id"], ["packs.id"], name=op.f("fk_pack_parameters_pack_id_packs")
        ),
        sa.PrimaryKeyConstraint("pack_id", name=op.f("pk_pack_parameters")),
    )


def downgrade() -> None:
    op.drop_table("pack_parameters")
    op.drop_table("member_parameters")
