"""A seat's device tokens and a table's last presence, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

from spieltisch.store import Store

from .test_repository import _table


def test_a_seat_keeps_the_newest_device_tokens_beside_its_own(store: Store) -> None:
    _table(store)
    assert store.claim_seat("t1", 0, "Ada", "a" * 64)
    for digit in "12345":
        store.add_seat_device("t1", 0, digit * 64, keep=3)
        time.sleep(0.01)  # distinct creation times, as devices claim one after another
    table = store.get_table("t1")
    assert table is not None
    seat = table.seats[0]
    assert seat.device_hashes == ("3" * 64, "4" * 64, "5" * 64)
    assert seat.holds("a" * 64) and seat.holds("5" * 64)
    assert not seat.holds("1" * 64) and not seat.holds("b" * 64)
    assert table.seats[1].device_hashes == ()


def test_the_last_presence_is_stored_and_moved_on(store: Store) -> None:
    _table(store, "t1", "running")
    _table(store, "t2", "running")
    assert store.last_present(["t1", "t2"]) == {}
    before = datetime.now(UTC) - timedelta(minutes=5)
    store.mark_present(["t1"], before)
    assert store.last_present(["t1", "t2"]) == {"t1": before}
    now = datetime.now(UTC)
    store.mark_present(["t1", "t2"], now)
    assert store.last_present(["t1", "t2"]) == {"t1": now, "t2": now}
