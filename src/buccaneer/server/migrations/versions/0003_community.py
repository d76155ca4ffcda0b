"""A place people come back to: roles, bans and notification addresses on accounts; rated
tables with a seed commitment; forfeited seats; ratings and their history; idle-seat votes,
mutes and reports; the notification outbox; the quick-play queue; the server's shared flags.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs (no batch copy): SQLite cannot copy `accounts` or `tables` while
    # other tables' foreign keys point at them.
    add = op.add_column
    add("accounts", sa.Column("role", sa.String(10), nullable=False, server_default="player"))
    add("accounts", sa.Column("banned", sa.Boolean, nullable=False, server_default=sa.false()))
    add("accounts", sa.Column("email", sa.String(200), nullable=True))
    add("accounts", sa.Column("webhook_url", sa.String(500), nullable=True))
    add("accounts", sa.Column("notify_email", sa.Boolean, nullable=False, server_default=sa.true()))
    add(
        "accounts",
        sa.Column("notify_webhook", sa.Boolean, nullable=False, server_default=sa.true()),
    )
    add("accounts", sa.Column("unsubscribe_key", sa.String(64), nullable=True))
    op.create_index("ix_accounts_unsubscribe_key", "accounts", ["unsubscribe_key"], unique=True)
    add("tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    add("tables", sa.Column("rated_done", sa.Boolean, nullable=False, server_default=sa.false()))
    add("tables", sa.Column("commitment", sa.String(64), nullable=True))
    add("tables", sa.Column("salt", sa.String(64), nullable=True))
    add("tables", sa.Column("created_by", sa.Integer, nullable=True))
    add("seats", sa.Column("forfeited", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_game", "ratings", ["game"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_rating_history_account", "rating_history", ["account_id", "game", "at"])
    op.create_table(
        "votes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("voter", sa.Integer, primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "mutes",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("muted_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("reporter_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("reporter_seat", sa.Integer, nullable=True),
        sa.Column("reported_seat", sa.Integer, nullable=False),
        sa.Column("reported_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("reason", sa.String(1000), nullable=False),
        sa.Column("evidence", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("resolved_at", sa.Float, nullable=True),
    )
    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("channel", sa.String(10), nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("sent_at", sa.Float, nullable=True),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("error", sa.String(500), nullable=True),
    )
    op.create_index("ix_notifications_unsent", "notifications", ["channel", "sent_at"])
    op.create_index(
        "ix_notifications_account_table", "notifications", ["account_id", "table_id", "channel"]
    )
    op.create_table(
        "queue",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("bot", sa.String(200), nullable=False),
        sa.Column("wait", sa.Float, nullable=False),
        sa.Column("rating", sa.Float, nullable=True),
        sa.Column("joined_at", sa.Float, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("seat_token", sa.String(64), nullable=True),
    )
    op.create_index("ix_queue_game", "queue", ["game", "players", "table_id"])
    op.create_table(
        "server_flags",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for name in (
        "server_flags",
        "queue",
        "notifications",
        "reports",
        "mutes",
        "votes",
        "rating_history",
        "ratings",
    ):
        op.drop_table(name)
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("forfeited")
    with op.batch_alter_table("tables") as batch:
        for column in ("created_by", "salt", "commitment", "rated_done", "rated"):
            batch.drop_column(column)
    op.drop_index("ix_accounts_unsubscribe_key", "accounts")
    with op.batch_alter_table("accounts") as batch:
        for column in (
            "unsubscribe_key",
            "notify_webhook",
            "notify_email",
            "webhook_url",
            "email",
            "banned",
            "role",
        ):
            batch.drop_column(column)
