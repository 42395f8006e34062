"""The store keeps tables, seats and the action record, on SQLite and PostgreSQL alike."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import event, text

import spieltisch
from spieltisch.bots import make
from spieltisch.store import SeatRecord, SeatSpan, Store, StoreError


def _table(store: Store, table_id: str = "t1", status: str = "open") -> None:
    store.create_table(
        table_id=table_id,
        game="halali",
        options={"variant": "kosmos", "match": "auto"},
        players=2,
        seed=12345678901,
        host_hash="h" * 64,
        seats=[SeatRecord(0, "human"), SeatRecord(1, "bot", level="random")],
        status=status,
    )


def test_create_and_read_back(store: Store) -> None:
    _table(store)
    t = store.get_table("t1")
    assert t is not None
    assert (t.game, t.players, t.seed, t.status, t.plies) == ("halali", 2, 12345678901, "open", 0)
    assert t.options == {"variant": "kosmos", "match": "auto"}
    assert [s.kind for s in t.seats] == ["human", "bot"]
    assert [s.taken for s in t.seats] == [False, True]
    assert store.get_table("nope") is None
    assert store.ping()


def test_claim_seat_only_once(store: Store) -> None:
    _table(store)
    assert store.claim_seat("t1", 0, "Ada", "a" * 64)
    assert not store.claim_seat("t1", 0, "Eve", "e" * 64)
    assert not store.claim_seat("t1", 1, "Eve", "e" * 64)  # a bot seat is not free
    t = store.get_table("t1")
    assert t is not None and t.seats[0].name == "Ada" and t.seats[0].token_hash == "a" * 64


def test_record_replays_to_the_same_state(store: Store) -> None:
    """Principle 4: seed + actions stored = the game, byte for byte."""
    _table(store, status="running")
    game = spieltisch.load("halali")
    state = game.new_state(seed=12345678901)
    bot = make(game, "random", seed=5)
    for ply in range(60):
        seat = state.active_seats()[0]
        action = bot.plan(state.view(seat), seat, 0.0).action
        state.apply(seat, action)
        store.append_action("t1", ply, seat, action.to_json())
    again = spieltisch.replay(store.record("t1"))
    assert again.to_json() == state.to_json()
    t = store.get_table("t1")
    assert t is not None and t.plies == 60


def test_append_same_ply_twice_is_refused(store: Store) -> None:
    _table(store, status="running")
    store.append_action("t1", 0, 0, {"type": "flip", "square": "b2"})
    with pytest.raises(StoreError):
        store.append_action("t1", 0, 1, {"type": "flip", "square": "c2"})
    assert store.actions("t1") == [{"seat": 0, "action": {"type": "flip", "square": "b2"}}]


def test_append_to_unknown_table_is_refused(store: Store) -> None:
    with pytest.raises(StoreError):
        store.append_action("ghost", 0, 0, {"type": "pass"})


def test_status_listing_and_seat_handover(store: Store) -> None:
    _table(store, "a")
    _table(store, "b", status="running")
    _table(store, "c", status="finished")
    assert {t.id for t in store.list_tables(["open", "running"])} == {"a", "b"}
    store.set_status("b", "finished", {"scores": [1, 2]})
    t = store.get_table("b")
    assert t is not None and t.status == "finished" and t.result == {"scores": [1, 2]}
    store.set_seat_kind("a", 0, "bot", "random")
    t = store.get_table("a")
    assert t is not None and t.seats[0].kind == "bot" and t.seats[0].level == "random"
    with pytest.raises(StoreError):
        store.set_status("a", "weird")


def test_seat_changes_of_a_running_game_are_stored_as_spans(store: Store) -> None:
    """A hand-over with ``from_ply`` stores who plays the seat from then on, with the
    seat; a second change before the seat moved replaces the first; without ``from_ply``
    (no game running) no span is written."""
    _table(store, status="running")
    _table(store, "other", status="running")
    store.set_seat_kind("t1", 0, "bot", "rules", from_ply=4)
    t = store.get_table("t1")
    assert t is not None and (t.seats[0].kind, t.seats[0].level) == ("bot", "rules")
    store.set_seat_kind("t1", 0, "human", None, from_ply=9)
    store.set_seat_kind("t1", 0, "bot", "random", from_ply=12)
    store.set_seat_kind("t1", 0, "human", None, from_ply=12)  # taken back before it moved
    store.set_seat_kind("t1", 1, "bot", "strong", from_ply=3)
    store.set_seat_kind("other", 0, "bot", "random")
    assert store.seat_spans("t1") == [
        SeatSpan(0, 4, "rules"),
        SeatSpan(0, 9, None),
        SeatSpan(0, 12, None),
        SeatSpan(1, 3, "strong"),
    ]
    assert store.seat_spans("other") == []
    t = store.get_table("t1")
    assert t is not None and (t.seats[0].kind, t.seats[0].level) == ("human", None)


def test_a_seat_span_is_written_with_its_seat_or_not_at_all(store: Store) -> None:
    """One transaction: a span that fails to be written takes the seat change with it,
    so a restarted server never finds a bot seat without the ply it took over."""
    _table(store, status="running")

    def refuse(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("INSERT") and "st_seat_spans" in statement:
            raise RuntimeError("the database refuses the span")

    event.listen(store.engine, "before_cursor_execute", refuse)
    try:
        with pytest.raises(Exception, match="refuses the span"):
            store.set_seat_kind("t1", 0, "bot", "rules", from_ply=2)
    finally:
        event.remove(store.engine, "before_cursor_execute", refuse)
    t = store.get_table("t1")
    assert t is not None and t.seats[0].kind == "human" and t.seats[0].level is None
    assert store.seat_spans("t1") == []


def test_append_survives_a_connection_the_database_dropped(store: Store) -> None:
    """The write-ahead path keeps no ping per checkout: a pooled connection the database
    closed meanwhile (a restart) is replaced and the action still stored, once."""
    if store.engine.dialect.name != "postgresql":
        pytest.skip("PostgreSQL's write path")
    _table(store, status="running")
    store.append_action("t1", 0, 0, {"type": "flip", "square": "b2"})
    writer = store._writer
    assert writer is not None
    with writer.connect() as conn:
        pid = conn.exec_driver_sql("SELECT pg_backend_pid()").scalar()
    with store.engine.begin() as conn:
        conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    store.append_action("t1", 1, 1, {"type": "flip", "square": "c2"})
    assert [a["seat"] for a in store.actions("t1")] == [0, 1]
    t = store.get_table("t1")
    assert t is not None and t.plies == 2
