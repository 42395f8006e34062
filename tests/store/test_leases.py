"""Leases in PostgreSQL: a table is never up for adoption between its creation and its
first claim."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text

from spieltisch.store import SeatRecord, Store
from spieltisch.store.leases import Leases

from .conftest import PG_URL


@pytest.fixture
def pg_store() -> Iterator[Store]:
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


def _create(store: Store, table_id: str, owner: str | None) -> None:
    seats = [SeatRecord(0, "human", None, "Ada", "h"), SeatRecord(1, "human")]
    store.create_table(
        table_id=table_id,
        game="halali",
        options={},
        players=2,
        seed=1,
        host_hash="h",
        seats=seats,
        owner=owner,
    )


def test_a_table_is_created_with_its_creators_lease(pg_store: Store) -> None:
    creator, other = Leases(pg_store, "creator", 30), Leases(pg_store, "other", 30)
    creator.beat()
    other.beat()
    _create(pg_store, "t-owned", owner="creator")
    _create(pg_store, "t-bare", owner=None)
    # The bare table is what the old order of store-then-claim left for a moment: any
    # sweeping process could adopt it before its creator claimed it.
    assert other.orphans(10) == ["t-bare"]
    assert other.claim(["t-owned"]) == set()
    assert creator.mine() == {"t-owned"}
