"""Alembic migrations of the server's database (run on start by `buccaneer.server.migrate`)."""
