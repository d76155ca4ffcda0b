"""The notification outbox gains `next_at`: when a row may next be tried. A sender's claim
pushes it forward (a lease, so that no other process sends the row meanwhile) and a failure
pushes it to the retry's time (docs/server.md, "Notifications").

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("notifications", sa.Column("next_at", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("notifications") as batch:
        batch.drop_column("next_at")
