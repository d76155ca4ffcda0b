"""Sessions gain `last_seen_at`, so that one left unused expires (and every one expires at
last: `session_idle_days`, `session_days`); password reset links are kept, hashed, in
`password_resets`; an account gains `deleted_at`, set when its owner deletes it (its games and
ratings stay, under an anonymous name) (docs/server.md, "Accounts"). A mute keeps the name its
maker knew the muted account by (`mutes.name`, a seat's shown name), so the list of mutes
never names the account behind a seat. A table counts the changes of its seats
(`seats_version`), and a move is stored only on the seats it was judged on.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs (no batch copy): SQLite cannot copy `accounts` while other tables'
    # foreign keys point at it.
    op.add_column("sessions", sa.Column("last_seen_at", sa.Float, nullable=True))
    op.add_column("accounts", sa.Column("deleted_at", sa.Float, nullable=True))
    op.add_column("mutes", sa.Column("name", sa.String(40), nullable=True))
    op.add_column(
        "tables", sa.Column("seats_version", sa.Integer, nullable=False, server_default="0")
    )
    op.create_table(
        "password_resets",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("used_at", sa.Float, nullable=True),
    )
    op.create_index("ix_password_resets_account", "password_resets", ["account_id"])
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("seats_version")
    with op.batch_alter_table("mutes") as batch:
        batch.drop_column("name")
    op.drop_index("ix_sessions_account_id", "sessions")
    op.drop_index("ix_password_resets_account", "password_resets")
    op.drop_table("password_resets")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("deleted_at")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("last_seen_at")
