"""Seats gain `owner_key_hash`: the device key of whoever claimed the seat, without which its
token no longer opens it (docs/server.md, "Seat owners"). Seats claimed before keep none until
their player's next hello with a key. And the rating history gains an index by game and time,
from which a season's standings are computed.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("owner_key_hash", sa.String(64), nullable=True))
    op.create_index("ix_rating_history_game_at", "rating_history", ["game", "at"])


def downgrade() -> None:
    op.drop_index("ix_rating_history_game_at", "rating_history")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("owner_key_hash")
