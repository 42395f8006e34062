"""A finished table's rematch is made once, however many players ask at once."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from spieltisch.store import SeatRecord, Store


def _table(store: Store, table_id: str) -> None:
    store.create_table(
        table_id=table_id,
        game="halali",
        options={},
        players=2,
        seed=1,
        host_hash="h" * 64,
        seats=[SeatRecord(0, "human", None, "Anna", "a" * 64), SeatRecord(1, "bot", "random")],
    )


def _rematch(table_id: str) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "game": "halali",
        "options": {},
        "players": 2,
        "seed": 2,
        "host_hash": "g" * 64,
        "seats": [SeatRecord(0, "human", None, "Anna"), SeatRecord(1, "bot", "random")],
    }


def test_second_rematch_of_a_table_returns_the_first(store: Store) -> None:
    _table(store, "old")
    assert store.create_rematch("old", **_rematch("new1")) == ("new1", True)
    assert store.create_rematch("old", **_rematch("new2")) == ("new1", False)
    assert store.get_table("new2") is None  # rolled back with its link
    assert store.rematch_links("old") == (None, "new1")
    assert store.rematch_links("new1") == ("old", None)
    made = store.get_table("new1")
    assert made is not None and made.status == "open" and made.seats[1].level == "random"


def test_rematches_asked_at_once_make_one_table(store: Store) -> None:
    _table(store, "old")
    with ThreadPoolExecutor(8) as pool:
        answers = list(
            pool.map(lambda i: store.create_rematch("old", **_rematch(f"n{i}")), range(8))
        )
    assert len({next_id for next_id, _ in answers}) == 1
    assert sum(made for _, made in answers) == 1
