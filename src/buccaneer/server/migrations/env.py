"""Alembic's entry point: migrate the database whose connection `migrate.upgrade` passes in."""

from __future__ import annotations

from alembic import context

from buccaneer.server.storage import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
