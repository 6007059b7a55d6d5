"""placeholder: revision 0017 is another branch's (team rounds); this empty one only lets this
branch's chain reach 0018. Delete this file when merging that branch.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-02 07:30:00
"""

from __future__ import annotations

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Nothing: the real 0017 is the team rounds' migration."""


def downgrade() -> None:
    """Nothing."""
