"""Ownership leases (design 2.4): which instance runs a match's bots and turn clock, until when.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch_op:
        batch_op.add_column(sa.Column("owner", sa.String(64), nullable=True))
        batch_op.add_column(sa.Column("owner_until", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch_op:
        batch_op.drop_column("owner_until")
        batch_op.drop_column("owner")
