"""A store on SQLite (a temporary file) and on the real PostgreSQL, each test isolated."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from spieltisch.store import Store

PG_URL = os.environ.get("SPIELTISCH_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        st = Store(f"sqlite:///{tmp_path / 'test.db'}")
        yield st
        st.close()
        return
    yield from _postgres_store()


@pytest.fixture
def pg_store() -> Iterator[Store]:
    """A store on PostgreSQL alone (what only it does: writing on the event loop)."""
    yield from _postgres_store()


def _postgres_store() -> Iterator[Store]:
    schema = f"st_test_{uuid.uuid4().hex[:12]}"
    st = Store(PG_URL, schema=schema)
    try:
        yield st
    finally:
        st.close()
        admin = create_engine(PG_URL)
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()
