"""Series and rematches: a table plays several matches (numbered), each with a chosen start seat.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # batch mode: SQLite rebuilds the tables (render_as_batch in env.py); server defaults fill
    # the rows that exist already.
    with op.batch_alter_table("lobbies") as batch_op:
        batch_op.add_column(
            sa.Column("series", sa.String(length=16), nullable=False, server_default="single")
        )
        batch_op.add_column(
            sa.Column("series_games", sa.Integer(), nullable=False, server_default="1")
        )
    with op.batch_alter_table("matches") as batch_op:
        batch_op.add_column(sa.Column("number", sa.Integer(), nullable=False, server_default="1"))
        batch_op.add_column(sa.Column("start_seat", sa.Integer(), nullable=True))
        batch_op.drop_constraint("uq_matches_lobby_id", type_="unique")
        batch_op.create_index("ix_matches_lobby_id", ["lobby_id"])
        batch_op.create_unique_constraint("uq_matches_lobby_id_number", ["lobby_id", "number"])


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch_op:
        batch_op.drop_constraint("uq_matches_lobby_id_number", type_="unique")
        batch_op.drop_index("ix_matches_lobby_id")
        batch_op.create_unique_constraint("uq_matches_lobby_id", ["lobby_id"])
        batch_op.drop_column("start_seat")
        batch_op.drop_column("number")
    with op.batch_alter_table("lobbies") as batch_op:
        batch_op.drop_column("series_games")
        batch_op.drop_column("series")
