"""Alembic's entry point: hands over to :func:`spieltisch.store.schema.run_migrations`,
which runs on the connection the caller passed in, or on the configured URL."""

from alembic import context

from spieltisch.store.schema import run_migrations

run_migrations(context)
