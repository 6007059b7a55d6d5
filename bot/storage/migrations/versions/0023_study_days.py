"""study days: a member's away window, easy weekdays and daily review limit

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-07 15:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


# Members who set none of these review as before: no window, no easy day (a weekday bit mask of
# 0), no limit (NULL).
def upgrade() -> None:
    with op.batch_alter_table("member_settings") as batch:
        batch.add_column(sa.Column("away_from", sa.Date(), nullable=True))
        batch.add_column(sa.Column("away_until", sa.Date(), nullable=True))
        batch.add_column(
            sa.Column("easy_days", sa.SmallInteger(), server_default=sa.text("0"), nullable=False)
        )
        batch.add_column(sa.Column("daily_reviews", sa.SmallInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("member_settings") as batch:
        batch.drop_column("daily_reviews")
        batch.drop_column("easy_days")
        batch.drop_column("away_until")
        batch.drop_column("away_from")
