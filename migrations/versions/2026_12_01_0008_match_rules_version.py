"""The rules version a match is played under (``matches.rules_version``), so that a match stored
before its game's rules changed is neither replayed nor exported as if played under the new ones.

Every match stored so far was played under version "1" of its game (no game's version had been
bumped): the server default fills them, then goes, so that a new match always states its own.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch_op:
        batch_op.add_column(
            sa.Column("rules_version", sa.String(16), nullable=False, server_default="1")
        )
    with op.batch_alter_table("matches") as batch_op:
        batch_op.alter_column("rules_version", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch_op:
        batch_op.drop_column("rules_version")
