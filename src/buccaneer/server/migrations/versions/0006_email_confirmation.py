"""Email addresses are confirmed before any notification email goes to them (double opt-in:
docs/server.md, "Notifications"): accounts gain `email_confirmed`, the confirmation links are
kept (hashed) in `email_confirmations`, and every one-off email about an account is counted
in `account_mails`, for the hourly caps per address and per account. Addresses set before are
unconfirmed: they get no more notification email until their owner saves them again and
follows the link (a stranger may have set them).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN (no batch copy): SQLite cannot copy `accounts` while other tables'
    # foreign keys point at it.
    op.add_column(
        "accounts",
        sa.Column("email_confirmed", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "email_confirmations",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("email", sa.String(200), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("used_at", sa.Float, nullable=True),
    )
    op.create_index("ix_email_confirmations_account", "email_confirmations", ["account_id"])
    op.create_table(
        "account_mails",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("address", sa.String(200), nullable=False),
        sa.Column("account_id", sa.Integer, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("sent_at", sa.Float, nullable=True),
        sa.Column("error", sa.String(500), nullable=True),
    )
    op.create_index("ix_account_mails_address", "account_mails", ["address", "created_at"])
    op.create_index("ix_account_mails_account", "account_mails", ["account_id", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_account_mails_account", "account_mails")
    op.drop_index("ix_account_mails_address", "account_mails")
    op.drop_table("account_mails")
    op.drop_index("ix_email_confirmations_account", "email_confirmations")
    op.drop_table("email_confirmations")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("email_confirmed")
