"""Settings of a server on SQLite (a temporary file) or on the real PostgreSQL (a schema
of its own, dropped afterwards), for the attack tests that run on both."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

from spieltisch.server import Settings
from tests.store.conftest import PG_URL

DATABASES = ["sqlite", "postgresql"]


@contextmanager
def database(kind: str, tmp_path: Path, **overrides: Any) -> Iterator[Settings]:
    """Settings on ``kind`` (one of :data:`DATABASES`), bots without delay, plus
    ``overrides``."""
    if kind == "sqlite":
        yield Settings(db_url=f"sqlite:///{tmp_path / 'server.db'}", bot_delay=0.0, **overrides)
        return
    schema = f"st_att_{uuid.uuid4().hex[:12]}"
    try:
        yield Settings(db_url=PG_URL, db_schema=schema, bot_delay=0.0, **overrides)
    finally:
        engine = create_engine(PG_URL)
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        engine.dispose()
