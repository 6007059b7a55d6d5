"""withheld: who chose a server's ping role, and the notices of what the bot did not do on
someone's behalf (bot/quiz/authority.py)

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-06 21:30:00
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


# A ping role chosen before this revision has no setter (NULL): nobody's "Mention Everyone"
# stands behind it, so it is pinged only while the role is mentionable. Reward roles have kept
# their setter all along and are judged by that setter's standing before each grant.
def upgrade() -> None:
    with op.batch_alter_table("guild_settings") as batch:
        batch.add_column(sa.Column("ping_role_set_by", sa.BigInteger(), nullable=True))
    op.create_table(
        "withheld_notices",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("role_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("reason", sa.String(length=64), nullable=False),
        sa.Column("told_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "kind", "role_id", name=op.f("pk_withheld_notices")),
    )


def downgrade() -> None:
    op.drop_table("withheld_notices")
    with op.batch_alter_table("guild_settings") as batch:
        batch.drop_column("ping_role_set_by")
