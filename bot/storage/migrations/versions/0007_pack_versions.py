"""pack versions: every upload of a server pack kept as a version, rounds play their own

Each server pack's source moves into pack_versions (one version per pack as it stands), and
server_packs keeps only which version is current. A round records the version it plays and,
when it ended by itself, why.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01 09:00:00
"""

from __future__ import annotations

import bot.storage.models
import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

AUTO_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
COPY_UPLOADS = (
    "INSERT INTO pack_versions (guild_id, pack_id, file_name, source, size, uploaded_by,"
    " uploaded_at) SELECT guild_id, pack_id, file_name, source, size, uploaded_by, uploaded_at"
    " FROM server_packs"
)
UPLOAD_COLUMNS = ("file_name", "source", "size", "uploaded_by", "uploaded_at")


def upgrade() -> None:
    op.create_table(
        "pack_versions",
        sa.Column("id", AUTO_ID, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("pack_id", sa.String(length=64), nullable=False),
        sa.Column("file_name", sa.String(length=200), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("uploaded_by", sa.BigInteger(), nullable=False),
        sa.Column("uploaded_at", bot.storage.models.UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pack_versions")),
    )
    op.create_index("ix_pack_versions_guild_id_pack_id", "pack_versions", ["guild_id", "pack_id"])
    op.execute(COPY_UPLOADS)
    with op.batch_alter_table("server_packs") as batch:
        batch.add_column(sa.Column("version_id", AUTO_ID, nullable=True))
    op.execute(
        "UPDATE server_packs SET version_id = (SELECT v.id FROM pack_versions v"
        " WHERE v.guild_id = server_packs.guild_id AND v.pack_id = server_packs.pack_id)"
    )
    with op.batch_alter_table("server_packs") as batch:
        batch.alter_column("version_id", existing_type=AUTO_ID, nullable=False)
        batch.create_foreign_key(
            op.f("fk_server_packs_version_id_pack_versions"),
            "pack_versions",
            ["version_id"],
            ["id"],
        )
        for column in UPLOAD_COLUMNS:
            batch.drop_column(column)
    with op.batch_alter_table("rounds") as batch:
        batch.add_column(sa.Column("pack_version_id", AUTO_ID, nullable=True))
        batch.add_column(sa.Column("end_reason", sa.String(length=200), nullable=True))
        batch.create_foreign_key(
            op.f("fk_rounds_pack_version_id_pack_versions"),
            "pack_versions",
            ["pack_version_id"],
            ["id"],
            ondelete="SET NULL",
        )


def downgrade() -> None:
    with op.batch_alter_table("rounds") as batch:
        batch.drop_constraint(op.f("fk_rounds_pack_version_id_pack_versions"), type_="foreignkey")
        batch.drop_column("end_reason")
        batch.drop_column("pack_version_id")
    with op.batch_alter_table("server_packs") as batch:
        batch.add_column(sa.Column("file_name", sa.String(length=200), nullable=True))
        batch.add_column(sa.Column("source", sa.Text(), nullable=True))
        batch.add_column(sa.Column("size", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("uploaded_by", sa.BigInteger(), nullable=True))
        batch.add_column(sa.Column("uploaded_at", bot.storage.models.UtcDateTime(), nullable=True))
    version = sa.table("pack_versions", sa.column("id"), *map(sa.column, UPLOAD_COLUMNS))
    packs = sa.table("server_packs", sa.column("version_id"), *map(sa.column, UPLOAD_COLUMNS))
    of_pack = version.c.id == packs.c.version_id
    op.execute(
        packs.update().values(
            {
                name: sa.select(version.c[name]).where(of_pack).scalar_subquery()
                for name in UPLOAD_COLUMNS
            }
        )
    )
    with op.batch_alter_table("server_packs") as batch:
        batch.drop_constraint(op.f("fk_server_packs_version_id_pack_versions"), type_="foreignkey")
        batch.drop_column("version_id")
        for column, kind in (
            ("file_name", sa.String(length=200)),
            ("source", sa.Text()),
            ("size", sa.Integer()),
            ("uploaded_by", sa.BigInteger()),
            ("uploaded_at", bot.storage.models.UtcDateTime()),
        ):
            batch.alter_column(column, existing_type=kind, nullable=False)
    op.drop_index("ix_pack_versions_guild_id_pack_id", table_name="pack_versions")
    op.drop_table("pack_versions")
