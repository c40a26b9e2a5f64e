"""The watch code of a table (``lobbies.watch_code``): who is not a player of a match needs it
to see that match, so that sequential match ids tell nothing (docs/security.md, Privacy).

Every existing table gets a random code of its own, like a new one (15 random bytes, URL-safe);
its players' old links keep working, since players need no code.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

import secrets
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("lobbies") as batch_op:
        batch_op.add_column(sa.Column("watch_code", sa.String(32), nullable=True))
    lobbies = sa.table("lobbies", sa.column("id", sa.Integer), sa.column("watch_code"))
    connection = op.get_bind()
    for (lobby_id,) in connection.execute(sa.select(lobbies.c.id)).all():
        connection.execute(
            lobbies.update()
            .where(lobbies.c.id == lobby_id)
            .values(watch_code=secrets.token_urlsafe(15))
        )
    with op.batch_alter_table("lobbies") as batch_op:
        batch_op.alter_column("watch_code", existing_type=sa.String(32), nullable=False)
        batch_op.create_unique_constraint("uq_lobbies_watch_code", ["watch_code"])


def downgrade() -> None:
    with op.batch_alter_table("lobbies") as batch_op:
        batch_op.drop_constraint("uq_lobbies_watch_code", type_="unique")
        batch_op.drop_column("watch_code")
