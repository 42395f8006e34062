"""A seat's device tokens and a table's last presence, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import threading
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


def test_marks_racing_for_a_new_table_both_land(store: Store) -> None:
    """The presence sweep and a visit may mark the same table for the first time at
    once; a read-then-insert let the second fail on the key (seen in CI)."""
    ids = [f"r{i}" for i in range(40)]
    for tid in ids:
        _table(store, tid, "running")
    at = datetime.now(UTC)
    errors: list[BaseException] = []

    def mark(offset: int) -> None:
        try:
            for tid in ids:
                store.mark_present([tid], at + timedelta(seconds=offset))
        except BaseException as exc:
            errors.append(exc)

    workers = [threading.Thread(target=mark, args=(k,)) for k in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert errors == []
    assert set(store.last_present(ids)) == set(ids)
