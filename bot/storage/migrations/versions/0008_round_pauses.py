"""round pauses: a paused round's times, and each server's pause limit

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02 09:00:00
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


# Rounds running at the upgrade are not paused; servers get the default limit of an hour.
def upgrade() -> None:
    with op.batch_alter_table("rounds") as batch:
        batch.add_column(sa.Column("paused_at", bot.storage.models.UtcDateTime(), nullable=True))
        batch.add_column(sa.Column("paused_until", bot.storage.models.UtcDateTime(), nullable=True))
    with op.batch_alter_table("guild_settings") as batch:
        batch.add_column(
            sa.Column(
                "pause_limit_minutes", sa.Integer(), server_default=sa.text("60"), nullable=False
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("guild_settings") as batch:
        batch.drop_column("pause_limit_minutes")
    with op.batch_alter_table("rounds") as batch:
        batch.drop_column("paused_until")
        batch.drop_column("paused_at")
