"""Browsers that gave an account's password (`devices`, OWASP's "device cookie"): their
logins have a hashing lane of their own, which a flood of guesses from elsewhere cannot fill
(docs/server.md, "Security").

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "devices",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_devices_account", "devices", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_devices_account", "devices")
    op.drop_table("devices")
