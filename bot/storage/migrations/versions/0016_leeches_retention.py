"""leeches and retention: each card's lapse count and when its member was told it left their
reviews; each member's desired retention

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-02 06:00:00
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


# Cards from before this revision start with no lapses: their past misses were not counted.
def upgrade() -> None:
    with op.batch_alter_table("cards") as batch:
        batch.add_column(
            sa.Column("lapses", sa.SmallInteger(), nullable=False, server_default=sa.text("0"))
        )
        batch.add_column(
            sa.Column("leech_told_at", bot.storage.models.UtcDateTime(), nullable=True)
        )
    op.create_index("ix_cards_pack_id_lapses", "cards", ["pack_id", "lapses"])
    # Members who saved settings before keep the default retention (None follows the default).
    with op.batch_alter_table("member_settings") as batch:
        batch.add_column(sa.Column("retention", sa.SmallInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("member_settings") as batch:
        batch.drop_column("retention")
    op.drop_index("ix_cards_pack_id_lapses", table_name="cards")
    with op.batch_alter_table("cards") as batch:
        batch.drop_column("leech_told_at")
        batch.drop_column("lapses")
