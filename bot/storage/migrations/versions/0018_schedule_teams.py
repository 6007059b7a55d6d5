"""schedule teams: a scheduled round's teams, as a round's row keeps them

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-02 08:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


# Schedules from before this revision have no teams (NULL): their rounds are played alone.
def upgrade() -> None:
    with op.batch_alter_table("schedules") as batch:
        batch.add_column(sa.Column("teams", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("schedules") as batch:
        batch.drop_column("teams")
