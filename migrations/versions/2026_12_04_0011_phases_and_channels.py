"""Games with timed phases and chat channels (Werewolf, issue 21).

A timed phase that runs out is an action of no seat (``{"type": "expire", "phase": ...}``), so
``actions.seat`` may be empty; and a chat line may belong to one of the game's channels
(``chat_messages.channel``; empty: the table chat everyone at the table reads).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-04
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch_op:
        batch_op.alter_column("seat", existing_type=sa.Integer(), nullable=True)
    with op.batch_alter_table("chat_messages") as batch_op:
        batch_op.add_column(sa.Column("channel", sa.String(length=16), nullable=True))


def downgrade() -> None:
    # The older schema cannot hold a match whose phases ran out: refuse rather than lose them.
    expired = op.get_bind().scalar(sa.text("SELECT COUNT(*) FROM actions WHERE seat IS NULL"))
    if expired:
        raise RuntimeError(
            f"{expired} stored actions are timed phases that ran out (Werewolf): revision 0010"
            " cannot hold them; delete those matches first."
        )
    with op.batch_alter_table("chat_messages") as batch_op:
        batch_op.drop_column("channel")
    with op.batch_alter_table("actions") as batch_op:
        batch_op.alter_column("seat", existing_type=sa.Integer(), nullable=False)
