"""member reminders: reminder hour, quiet hours, DM language, refused DMs; the reminders table

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30 01:40:00
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


# Members who saved settings before this revision keep the defaults of bot.storage.results.
def _new_member_columns() -> tuple[sa.Column[object], ...]:
    return (
        sa.Column("reminder_hour", sa.SmallInteger(), nullable=False, server_default="18"),
        sa.Column("quiet_start", sa.SmallInteger(), nullable=True),
        sa.Column("quiet_end", sa.SmallInteger(), nullable=True),
        sa.Column("locale", sa.String(length=16), nullable=True),
        sa.Column("client_locale", sa.String(length=16), nullable=True),
        sa.Column("dm_refused", sa.Boolean(), nullable=False, server_default=sa.false()),
    )


def upgrade() -> None:
    with op.batch_alter_table("member_settings", schema=None) as batch_op:
        for column in _new_member_columns():
            batch_op.add_column(column)
    op.create_table(
        "reminders",
        sa.Column("member_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("local_day", sa.Date(), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("claimed_by", sa.String(length=64), nullable=False),
        sa.Column("lease_until", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("claimed_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("sent_at", bot.storage.models.UtcDateTime(), nullable=True),
        sa.PrimaryKeyConstraint("member_id", "local_day", name=op.f("pk_reminders")),
    )
    with op.batch_alter_table("reminders", schema=None) as batch_op:
        batch_op.create_index("ix_reminders_state_lease_until", ["state", "lease_until"])


def downgrade() -> None:
    with op.batch_alter_table("reminders", schema=None) as batch_op:
        batch_op.drop_index("ix_reminders_state_lease_until")
    op.drop_table("reminders")
    with op.batch_alter_table("member_settings", schema=None) as batch_op:
        for column in reversed(_new_member_columns()):
            batch_op.drop_column(column.name)
