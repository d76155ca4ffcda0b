"""Seat modes: each seat says how it is filled (me, invite, open or bot), and a seat given up
before the start remembers its last token, so that link can say what became of it.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Every person's seat made before modes existed was an invite (its token was handed out
    # as a link); bot seats are bots.
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("mode", sa.String(10), nullable=False, server_default="invite"))
        batch.add_column(sa.Column("former_token_hash", sa.String(64), nullable=True))
        batch.create_index("ix_seats_former_token_hash", ["former_token_hash"])
    op.execute("UPDATE seats SET mode = 'bot' WHERE kind = 'bot'")


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_former_token_hash")
        batch.drop_column("former_token_hash")
        batch.drop_column("mode")
