"""Turn timers, stand-ins, seat invitations and spectator chat.

- ``lobbies.turn_seconds`` (NULL: no timer), ``lobbies.stand_in_after`` (missed turns before
  the stand-in keeps the seat), ``lobbies.spectator_chat``;
- ``seats.missed`` (turns in a row the clock ran out), ``seats.away`` (the stand-in holds the
  seat until its player takes it back), ``seats.invite_code`` (hand the seat to someone new);
- ``matches.deadline``: when the current turn's clock runs out, kept so a restart keeps it;
- ``actions.stand_in``: the move was made by a stand-in for an absent player.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("lobbies") as batch_op:
        batch_op.add_column(sa.Column("turn_seconds", sa.Integer(), nullable=True))
        batch_op.add_column(
            sa.Column("stand_in_after", sa.Integer(), nullable=False, server_default="3")
        )
        batch_op.add_column(
            sa.Column("spectator_chat", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("seats") as batch_op:
        batch_op.add_column(sa.Column("missed", sa.Integer(), nullable=False, server_default="0"))
        batch_op.add_column(
            sa.Column("away", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch_op.add_column(sa.Column("invite_code", sa.String(32), nullable=True))
        batch_op.create_unique_constraint("uq_seats_invite_code", ["invite_code"])
    with op.batch_alter_table("matches") as batch_op:
        batch_op.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index("ix_matches_deadline", ["deadline"])
    with op.batch_alter_table("actions") as batch_op:
        batch_op.add_column(
            sa.Column("stand_in", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch_op:
        batch_op.drop_column("stand_in")
    with op.batch_alter_table("matches") as batch_op:
        batch_op.drop_index("ix_matches_deadline")
        batch_op.drop_column("deadline")
    with op.batch_alter_table("seats") as batch_op:
        batch_op.drop_constraint("uq_seats_invite_code", type_="unique")
        batch_op.drop_column("invite_code")
        batch_op.drop_column("away")
        batch_op.drop_column("missed")
    with op.batch_alter_table("lobbies") as batch_op:
        batch_op.drop_column("spectator_chat")
        batch_op.drop_column("stand_in_after")
        batch_op.drop_column("turn_seconds")
