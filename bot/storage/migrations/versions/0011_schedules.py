"""schedules: weekly and daily series of rounds and their Discord events, what became of each
occurrence, the interested members told before one, a server's time zone and grace period, a
round's mode and start-card ping, and a member's choice of event reminders

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-02 09:00:00
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

AUTO_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


# Servers that saved settings before this revision schedule in UTC with 15 minutes' grace;
# rounds started before it were posted without a ping recorded here.
def _server_columns() -> tuple[sa.Column[object], ...]:
    return (
        sa.Column("time_zone", sa.String(length=64), nullable=False, server_default="UTC"),
        sa.Column("grace_minutes", sa.SmallInteger(), nullable=False, server_default="15"),
    )


def _round_columns() -> tuple[sa.Column[object], ...]:
    return (
        sa.Column("mode", sa.String(length=16), nullable=False, server_default="normal"),
        sa.Column("ping_role_id", sa.BigInteger(), nullable=True),
    )


def _member_columns() -> tuple[sa.Column[object], ...]:
    return (sa.Column("event_reminders", sa.Boolean(), nullable=False, server_default=sa.true()),)


def upgrade() -> None:
    with op.batch_alter_table("guild_settings") as batch:
        for column in _server_columns():
            batch.add_column(column)
    with op.batch_alter_table("member_settings") as batch:
        for column in _member_columns():
            batch.add_column(column)
    with op.batch_alter_table("rounds") as batch:
        for column in _round_columns():
            batch.add_column(column)
    op.create_table(
        "schedules",
        sa.Column("id", AUTO_ID, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("minute", sa.SmallInteger(), nullable=False),
        sa.Column("weekday", sa.SmallInteger(), nullable=True),
        sa.Column("ends_on", sa.Date(), nullable=True),
        sa.Column("question_count", sa.Integer(), nullable=True),
        sa.Column("question_seconds", sa.Integer(), nullable=True),
        sa.Column("mode", sa.String(length=16), nullable=False),
        sa.Column("ping_role_id", sa.BigInteger(), nullable=True),
        sa.Column("created_by", sa.BigInteger(), nullable=False),
        sa.Column("created_locale", sa.String(length=16), nullable=False),
        sa.Column("created_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("removed_at", bot.storage.models.UtcDateTime(), nullable=True),
        sa.Column("event_id", sa.BigInteger(), nullable=True),
        sa.Column("event_rule_start", bot.storage.models.UtcDateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_schedules")),
    )
    op.create_index("ix_schedules_guild_id", "schedules", ["guild_id"])
    op.create_table(
        "schedule_occurrences",
        sa.Column("schedule_id", AUTO_ID, nullable=False),
        sa.Column("local_day", sa.Date(), nullable=False),
        sa.Column("due_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("outcome", sa.String(length=32), nullable=False),
        sa.Column("round_id", AUTO_ID, nullable=True),
        sa.Column("recorded_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("note_owed", sa.Boolean(), nullable=False),
        sa.Column("excepted", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.ForeignKeyConstraint(
            ["schedule_id"],
            ["schedules.id"],
            name=op.f("fk_schedule_occurrences_schedule_id_schedules"),
        ),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_schedule_occurrences_round_id_rounds")
        ),
        sa.PrimaryKeyConstraint("schedule_id", "local_day", name=op.f("pk_schedule_occurrences")),
    )
    op.create_index("ix_schedule_occurrences_note_owed", "schedule_occurrences", ["note_owed"])
    op.create_table(
        "interest_notices",
        sa.Column("schedule_id", AUTO_ID, nullable=False),
        sa.Column("local_day", sa.Date(), nullable=False),
        sa.Column("member_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("noticed_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.Column("sent", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["schedule_id"],
            ["schedules.id"],
            name=op.f("fk_interest_notices_schedule_id_schedules"),
        ),
        sa.PrimaryKeyConstraint(
            "schedule_id", "local_day", "member_id", name=op.f("pk_interest_notices")
        ),
    )


def downgrade() -> None:
    op.drop_table("interest_notices")
    op.drop_index("ix_schedule_occurrences_note_owed", table_name="schedule_occurrences")
    op.drop_table("schedule_occurrences")
    op.drop_index("ix_schedules_guild_id", table_name="schedules")
    op.drop_table("schedules")
    with op.batch_alter_table("rounds") as batch:
        for column in reversed(_round_columns()):
            batch.drop_column(column.name)
    with op.batch_alter_table("member_settings") as batch:
        for column in reversed(_member_columns()):
            batch.drop_column(column.name)
    with op.batch_alter_table("guild_settings") as batch:
        for column in reversed(_server_columns()):
            batch.drop_column(column.name)
