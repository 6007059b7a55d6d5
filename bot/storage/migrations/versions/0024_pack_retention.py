"""pack retention: a member's desired retention for one pack, and a server's default for one

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-08 09:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


# Nobody has a pack target yet: every card keeps the target it had (bot.quiz.review.targets).
def upgrade() -> None:
    op.create_table(
        "member_pack_retention",
        sa.Column("member_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("retention", sa.SmallInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["pack_id"], ["packs.id"], name=op.f("fk_member_pack_retention_pack_id_packs")
        ),
        sa.PrimaryKeyConstraint("member_id", "pack_id", name=op.f("pk_member_pack_retention")),
    )
    op.create_table(
        "guild_pack_retention",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("retention", sa.SmallInteger(), nullable=False),
        sa.Column("set_by", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["pack_id"], ["packs.id"], name=op.f("fk_guild_pack_retention_pack_id_packs")
        ),
        sa.PrimaryKeyConstraint("guild_id", "pack_id", name=op.f("pk_guild_pack_retention")),
    )


def downgrade() -> None:
    op.drop_table("guild_pack_retention")
    op.drop_table("member_pack_retention")
