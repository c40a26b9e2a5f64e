"""Who played each match (``match_seats``) and the table's own lines in the chat (``notice``).

The players of a match were the lobby's seat holders of the moment, so a player who left or was
replaced lost the match's record and history, and whoever took the seat later gained them
(docs/security.md, Privacy). Each match now names its seat holders, one row per change of hands.
Matches stored before know only their table's holders of today: those become their rows.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "match_seats",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "match_id",
            sa.Integer(),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=True),
        sa.Column("bot", sa.String(16), nullable=True),
        sa.Column("since_seq", sa.Integer(), nullable=False),
    )
    op.create_index("ix_match_seats_match_id", "match_seats", ["match_id"])
    op.create_index("ix_match_seats_user_id", "match_seats", ["user_id"])
    matches = sa.table("matches", sa.column("id"), sa.column("lobby_id"))
    seats = sa.table(
        "seats", sa.column("lobby_id"), sa.column("seat"), sa.column("user_id"), sa.column("bot")
    )
    op.execute(
        sa.insert(
            sa.table(
                "match_seats",
                sa.column("match_id"),
                sa.column("seat"),
                sa.column("user_id"),
                sa.column("bot"),
                sa.column("since_seq"),
            )
        ).from_select(
            ["match_id", "seat", "user_id", "bot", "since_seq"],
            sa.select(matches.c.id, seats.c.seat, seats.c.user_id, seats.c.bot, sa.literal(0))
            .select_from(matches.join(seats, seats.c.lobby_id == matches.c.lobby_id))
            .order_by(matches.c.id, seats.c.seat),
        )
    )
    with op.batch_alter_table("chat_messages") as batch_op:
        batch_op.add_column(
            sa.Column("notice", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("chat_messages") as batch_op:
        batch_op.alter_column("notice", server_default=None)


def downgrade() -> None:
    with op.batch_alter_table("chat_messages") as batch_op:
        batch_op.drop_column("notice")
    op.drop_index("ix_match_seats_user_id", table_name="match_seats")
    op.drop_index("ix_match_seats_match_id", table_name="match_seats")
    op.drop_table("match_seats")
