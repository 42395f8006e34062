"""A table's setup (:mod:`spieltisch.server.setup`): validated once, stored with the
table in one store call, read back as it was chosen, and copied by the rematch."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.server.errors import ApiError, ErrorCode
from spieltisch.server.setup import SeatSpec, TableSetup
from spieltisch.server.tables import TableManager
from spieltisch.store import SeatRecord, Store

TWO_HUMANS = [SeatSpec("human"), SeatSpec("human")]


def test_creating_a_table_is_one_store_call(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    store = manager.store
    calls: list[str] = []
    for name in ("create_table", "set_table_settings", "save_turn_clock"):
        method = getattr(store, name)

        def counted(*args: Any, _name: str = name, _method: Any = method, **kw: Any) -> Any:
            calls.append(_name)
            return _method(*args, **kw)

        monkeypatch.setattr(store, name, counted)
    body = {
        "game": "hydra",
        "seats": [{"kind": "human"}] * 5,
        "name": "Ada",
        "clock": {"mode": "move", "seconds": 60},
        "spectator_chat": "read",
    }
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    assert calls == ["create_table"]
    tid = r.json()["table"]["id"]
    assert store.table_settings(tid) == {"chat": "read", "rated": False}
    clock = store.turn_clocks([tid])[tid]
    assert (clock.mode, clock.seconds, clock.ply) == ("move", 60, 0)


def test_a_setup_is_read_back_as_it_was_chosen_and_the_rematch_copies_it(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'setup.db'}")
    setup, _game = TableSetup.build(
        "halali", {}, TWO_HUMANS, clock=("correspondence", 86400), chat="write", rated=True
    )
    seats = [SeatRecord(0, "human"), SeatRecord(1, "human")]
    common: dict[str, Any] = {
        "game": setup.game,
        "options": setup.options,
        "players": 2,
        "seed": 1,
        "host_hash": "h",
        "seats": seats,
        "settings": setup.settings_json(),
        "turn_clock": setup.turn_clock(),
    }
    store.create_table(table_id="first", **common)
    store.create_rematch("first", table_id="second", **common)
    for table_id in ("first", "second"):
        record = store.get_table(table_id)
        assert record is not None
        stored = TableSetup.stored(
            record, store.table_settings(table_id), store.turn_clocks([table_id])[table_id]
        )
        assert stored == setup
    store.close()


def test_a_setup_is_validated_when_it_is_built() -> None:
    with pytest.raises(ApiError) as bad_clock:
        TableSetup.build("halligalli", {}, [SeatSpec("human")] * 3, clock=("move", 60))
    assert bad_clock.value.code is ErrorCode.TABLE_CLOCK_NOT_TURNS
    with pytest.raises(ApiError) as bad_level:
        TableSetup.build("halali", {}, [SeatSpec("human"), SeatSpec("bot", "nobody")])
    assert bad_level.value.code is ErrorCode.BOT_UNKNOWN_LEVEL
    unrated, _game = TableSetup.build("halligalli", {}, [SeatSpec("human")] * 3, by_player=True)
    rated, _game = TableSetup.build("halali", {}, TWO_HUMANS, by_player=True)
    assert (unrated.rated, rated.rated) == (False, True)  # real-time games are not rated
