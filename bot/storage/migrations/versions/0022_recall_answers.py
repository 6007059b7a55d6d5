"""recall answers: what a member typed or picked beyond one option, whether a typo was
forgiven, and what a guess picks among for each question

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-07 12:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


# Every question stored so far has one right option among option_count: a guess picks among
# them. A typed or all-that-apply answer has no single option, so option_index may be empty.
def upgrade() -> None:
    with op.batch_alter_table("questions") as batch:
        batch.add_column(
            sa.Column("guess_space", sa.SmallInteger(), server_default=sa.text("0"), nullable=False)
        )
    op.execute("UPDATE questions SET guess_space = option_count")
    with op.batch_alter_table("answers") as batch:
        batch.alter_column("option_index", existing_type=sa.SmallInteger(), nullable=True)
        batch.add_column(sa.Column("picked", sa.SmallInteger(), nullable=True))
        batch.add_column(sa.Column("given", sa.String(200), nullable=True))
        batch.add_column(sa.Column("typo", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    op.execute("DELETE FROM answers WHERE option_index IS NULL")
    with op.batch_alter_table("answers") as batch:
        batch.drop_column("typo")
        batch.drop_column("given")
        batch.drop_column("picked")
        batch.alter_column("option_index", existing_type=sa.SmallInteger(), nullable=False)
    with op.batch_alter_table("questions") as batch:
        batch.drop_column("guess_space")
