"""settled through: each round's last question whose answers are settled, now that a
question's settle follows its close in a transaction of its own

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-02 10:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


# Until now a question was settled in the transaction that closed it: every closed question of
# a stored round is settled already, the open one not yet.
def upgrade() -> None:
    with op.batch_alter_table("rounds") as batch:
        batch.add_column(
            sa.Column("settled_through", sa.Integer(), server_default=sa.text("-1"), nullable=False)
        )
    op.execute(
        "UPDATE rounds SET settled_through ="
        " CASE WHEN question_open THEN question_index - 1 ELSE question_index END"
    )


def downgrade() -> None:
    with op.batch_alter_table("rounds") as batch:
        batch.drop_column("settled_through")
