"""Tables gain the owner their bots are charged to: `owner_account` (the account that made
the table, or the first person of a quick-play table) and `owner_address` (a hash of the
address it was made from), and `costly_bots`, whether a bot of it searches long. The bot pool
is shared fairly between owners, and an account or address may have only a few tables with
costly bots at a time (docs/server.md, "Bots"). Tables made before have no owner: each is
its own.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("owner_account", sa.Integer, nullable=True))
    op.add_column("tables", sa.Column("owner_address", sa.String(64), nullable=True))
    op.add_column(
        "tables",
        sa.Column("costly_bots", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_index("ix_tables_owner_account", "tables", ["owner_account"])
    op.create_index("ix_tables_owner_address", "tables", ["owner_address"])


def downgrade() -> None:
    op.drop_index("ix_tables_owner_address", "tables")
    op.drop_index("ix_tables_owner_account", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("costly_bots")
        batch.drop_column("owner_address")
        batch.drop_column("owner_account")
