"""team rounds: a round's teams, and each member's team in it, fixed by their first answer

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-02 08:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


# Rounds from before this revision have no teams (NULL): their members played for themselves.
def upgrade() -> None:
    with op.batch_alter_table("rounds") as batch:
        batch.add_column(sa.Column("teams", sa.JSON(), nullable=True))
    op.create_table(
        "round_team_members",
        sa.Column("round_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("member_id", sa.BigInteger(), nullable=False),
        sa.Column("team", sa.SmallInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_round_team_members_round_id_rounds")
        ),
        sa.PrimaryKeyConstraint("round_id", "member_id", name=op.f("pk_round_team_members")),
    )


def downgrade() -> None:
    op.drop_table("round_team_members")
    with op.batch_alter_table("rounds") as batch:
        batch.drop_column("teams")
