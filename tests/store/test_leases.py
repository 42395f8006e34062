"""Leases in PostgreSQL: a table is never up for adoption between its creation and its
first claim."""

from __future__ import annotations

import pytest

from spieltisch.store import SeatRecord, Store
from spieltisch.store.leases import Leases


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


@pytest.mark.parametrize("store", ["postgresql"], indirect=True)  # leases need PostgreSQL
def test_a_table_is_created_with_its_creators_lease(store: Store) -> None:
    creator, other = Leases(store, "creator", 30), Leases(store, "other", 30)
    creator.beat()
    other.beat()
    _create(store, "t-owned", owner="creator")
    _create(store, "t-bare", owner=None)
    # The bare table is what the old order of store-then-claim left for a moment: any
    # sweeping process could adopt it before its creator claimed it.
    assert other.orphans(10) == ["t-bare"]
    assert other.claim(["t-owned"]) == set()
    assert creator.mine() == {"t-owned"}
