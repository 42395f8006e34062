"""Hold under faults, farming and floods: a host who has a bot play his opponent's seat
(offline, after a blip, thinking within his own clock, in a rated game), players who
press "Nochmal" together, a server killed between a resignation and its stand-in, and an
open table expiring under its waiting creator; on SQLite and on PostgreSQL."""

from __future__ import annotations

import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spieltisch.engine.resign import RESIGN
from spieltisch.server import Settings, create_app
from spieltisch.store import Store, StoreError
from spieltisch.table import SimClock

from .bothdbs import DATABASES, database
from .conftest import hello, until
from .test_life import first, resign, table
from .test_players import new_player

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # as in conftest: Starlette's note on its HTTP client
    from fastapi.testclient import TestClient

AWAY = 180.0
"""The default away grace (``seat_away_grace``)."""

DAY = {"mode": "correspondence", "seconds": 86_400}
LIVE = {"mode": "move", "seconds": 180}


@pytest.fixture(params=DATABASES)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Settings]:
    """The lobby's write limit lifted: an attacker has addresses to spare."""
    with database(request.param, tmp_path, http_rate=1e3, http_burst=1000) as settings:
        yield settings


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def duel(client: TestClient, **extra: Any) -> tuple[str, str, str, str]:
    """Ada hosts a Halali table (seat 0), Bob joins (seat 1): table, host, Ada, Bob."""
    body = {"game": "halali", "seats": [{"kind": "human"}] * 2, "name": "Ada", **extra}
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    tid = made.json()["table"]["id"]
    bob = client.post(f"/api/tables/{tid}/join", json={"name": "Bob", **extra.get("bob", {})})
    assert bob.status_code == 200, bob.text
    return tid, made.json()["host_token"], made.json()["seat_token"], bob.json()["seat_token"]


def to_bot(client: TestClient, tid: str, host: str) -> Any:
    return client.post(
        f"/api/tables/{tid}/seats/1/bot", json={"level": "random"}, headers=bearer(host)
    )


def seat_kind(client: TestClient, tid: str, seat: int = 1) -> str:
    kind: str = client.get(f"/api/tables/{tid}").json()["seats"][seat]["kind"]
    return kind


# -- 3. the host hands a person's seat to a bot ---------------------------------------------
def test_an_offline_or_blipping_seat_is_handed_over_only_after_minutes_away(
    db: Settings,
) -> None:
    """The audit: 15/15 moves of an offline correspondence player and 10/10 after a 0.3 s
    blip were played by the host's bot. Now the seat must have been away for the grace."""
    clock = SimClock(1000.0)
    with TestClient(create_app(db, clock=clock)) as client:
        tid, host, _ada, bob = duel(client)
        refused = to_bot(client, tid, host)  # Bob is offline, but only just
        assert refused.status_code == 409
        assert refused.json()["error"]["code"] == "table/seat_in_use"
        clock.advance(AWAY - 10)
        with client.websocket_connect(f"/ws/tables/{tid}") as b:
            hello(b, bob)  # a blip: connected and gone again
        clock.advance(AWAY - 1)  # long after the table went live, not after the blip
        assert to_bot(client, tid, host).status_code == 409
        assert seat_kind(client, tid) == "human"
        clock.advance(2)  # away for the whole grace: gone, the host keeps the table going
        assert to_bot(client, tid, host).status_code == 200
        assert seat_kind(client, tid) == "bot"


def test_an_offline_correspondence_player_is_never_handed_over(db: Settings) -> None:
    """The audit: 15/15 moves of an offline correspondence player were played by the
    host's bot. Away between moves is how correspondence is played: only his day-long
    clock hands his seat to a bot."""
    clock = SimClock(1000.0)
    with TestClient(create_app(db, clock=clock)) as client:
        tid, host, _ada, _bob = duel(client, clock=DAY)
        for _ in range(15):
            clock.advance(3600.0)  # hours offline, within his day
            refused = to_bot(client, tid, host)
            assert refused.status_code == 409
            assert refused.json()["error"]["code"] == "table/seat_in_use"
        assert seat_kind(client, tid) == "human"


def test_a_connected_seat_at_a_clocked_table_is_never_handed_over(db: Settings) -> None:
    """The audit: Bob thinking longer than 60 s within his own clock had his move played.
    With a turn clock only the clock hands a connected seat to a bot."""
    clock = SimClock(1000.0)
    with TestClient(create_app(db, clock=clock)) as client:
        tid, host, ada, bob = duel(client, clock=LIVE)
        with (
            client.websocket_connect(f"/ws/tables/{tid}") as a,
            client.websocket_connect(f"/ws/tables/{tid}") as b,
        ):
            view = hello(a, ada)["view"]
            hello(b, bob)
            a.send_json({"type": "act", "action": view["legal_actions"][0]})
            until(b, "step")  # Bob's turn now
            clock.advance(120.0)  # two minutes of thought, within his three
            refused = to_bot(client, tid, host)
            assert refused.status_code == 409
            assert refused.json()["error"]["code"] == "table/seat_in_use"
            assert seat_kind(client, tid) == "human"


def test_a_rated_game_is_never_handed_over(db: Settings) -> None:
    """The audit: in a rated game the victim lost 1000 -> 927 to the host's bot. A
    person's seat in a rated game goes to a bot only by his own clock or choice."""
    clock = SimClock(1000.0)
    with TestClient(create_app(db, clock=clock)) as client:
        ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
        tid, host, _a, _b = duel(client, player=ada["key"], rated=True, bob={"player": bob["key"]})
        clock.advance(AWAY * 10)  # Bob long gone
        refused = to_bot(client, tid, host)
        assert refused.status_code == 409
        assert refused.json()["error"]["code"] == "table/seat_in_use"
        assert seat_kind(client, tid) == "human"


# -- 5. "Nochmal" pressed together ---------------------------------------------------------
REMATCH_TABLES = 10
REMATCH_REQUESTS = 8


def press_together(client: TestClient, tid: str, tokens: list[str]) -> list[Any]:
    """``REMATCH_REQUESTS`` rematch requests of finished ``tid``, the two seats' tokens
    in turn, let go at one moment from as many threads; their responses."""
    answers: list[Any] = []
    start = threading.Barrier(REMATCH_REQUESTS)

    def ask(token: str) -> None:
        start.wait()
        answers.append(client.post(f"/api/tables/{tid}/rematch", headers=bearer(token)))

    threads = [threading.Thread(target=ask, args=(tokens[i % 2],)) for i in range(REMATCH_REQUESTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def test_concurrent_rematch_requests_start_the_rematch_and_keep_every_token(
    db: Settings,
) -> None:
    """The audit: both players pressing "Nochmal" together left the rematch ``open`` for
    good and a returned token refused. Many requests from both seats at once: the rematch
    starts and every token it answered takes its seat."""
    with TestClient(create_app(db)) as client:
        for _ in range(REMATCH_TABLES):
            tid, tokens = table(client, "halali")
            resign(client, tid, tokens[1], 1)
            answers = press_together(client, tid, tokens)
            assert [a.status_code for a in answers] == [200] * REMATCH_REQUESTS
            taken = [a.json() for a in answers]
            nid = taken[0]["table"]["id"]
            assert {a["table"]["id"] for a in taken} == {nid}
            assert client.get(f"/api/tables/{nid}").json()["status"] == "running"
            for answer in taken:
                with client.websocket_connect(f"/ws/tables/{nid}") as ws:
                    assert hello(ws, answer["seat_token"])["seat"] == answer["seat"]


# -- 6. kill between a resignation and its stand-in ------------------------------------------
def test_a_resignation_and_its_stand_in_are_one_write(db: Settings) -> None:
    """``Store.resign_seat``: the action, the seat's kind and its span together, or none."""
    with TestClient(create_app(db)) as client:
        tid, _tokens = table(client, "hydra", bots=3)
        store: Store = client.app.state.manager.store  # type: ignore[attr-defined]
        ply = len(store.actions(tid))
    store = Store(db.db_url, schema=db.db_schema)
    try:
        store.resign_seat(tid, ply, 1, RESIGN.to_json(), None, "rules")
        record = store.get_table(tid)
        assert record is not None and record.seats[1].kind == "bot"
        assert record.seats[1].level == "rules"
        assert store.actions(tid)[ply] == {"seat": 1, "action": RESIGN.to_json()}
        spans = [(1, ply + 1, "rules")]
        assert [(s.seat, s.from_ply, s.level) for s in store.seat_spans(tid)] == spans
        with pytest.raises(StoreError):  # the ply is taken: nothing of this one is written
            store.resign_seat(tid, ply, 0, RESIGN.to_json(), None, "rules")
        record = store.get_table(tid)
        assert record is not None and record.seats[0].kind == "human"
        assert [(s.seat, s.from_ply, s.level) for s in store.seat_spans(tid)] == spans
        assert len(store.actions(tid)) == ply + 1
    finally:
        store.close()


def test_restore_seats_the_stand_in_an_older_crash_left_out(db: Settings) -> None:
    """The audit: 6 of 25 tables killed ~20 ms after a resignation stalled after the
    restart. A record with resignations whose seats are still a person's: start-up seats
    their stand-ins and the game moves on."""
    with TestClient(create_app(db)) as client:
        tid, _tokens = table(client, "hydra", bots=3)
        store: Store = client.app.state.manager.store  # type: ignore[attr-defined]
        ply = len(store.actions(tid))
    old = Store(db.db_url, schema=db.db_schema)
    try:  # what an older version stored before the kill: the resignations only
        old.append_action(tid, ply, 0, RESIGN.to_json())
        old.append_action(tid, ply + 1, 1, RESIGN.to_json())
    finally:
        old.close()
    with TestClient(create_app(db)) as client:
        summary = client.get(f"/api/tables/{tid}").json()
        assert [s["kind"] for s in summary["seats"][:2]] == ["bot", "bot"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, None)
            step = first(ws, "step")  # the stand-ins and the bots play on
            assert step["ply"] >= ply + 2


# -- low: an open table expiring under its creator -----------------------------------------
TTL = 1.0
"""Seconds an untouched open table lives in the expiry test."""


@pytest.mark.parametrize("kind", DATABASES)
def test_an_open_table_with_a_connected_seat_does_not_expire(tmp_path: Path, kind: str) -> None:
    """The audit: an open table expired under its creator, connected and waiting for his
    friends. Both tables are past their time to live here; the connected one stays."""
    with (
        database(kind, tmp_path, open_table_ttl=TTL) as settings,
        TestClient(create_app(settings)) as client,
    ):
        manager = client.app.state.manager  # type: ignore[attr-defined]
        seats = [{"kind": "human"}, {"kind": "human"}]
        body = {"game": "halali", "seats": seats, "name": "Ada"}
        waiting = client.post("/api/tables", json=body).json()
        idle = client.post("/api/tables", json={"game": "halali", "seats": seats}).json()
        with client.websocket_connect(f"/ws/tables/{waiting['table']['id']}") as ws:
            hello(ws, waiting["seat_token"])
            time.sleep(TTL * 1.5)  # the sweeper may expire them too: it does the same
            client.portal.call(manager.expire_open_tables)  # type: ignore[union-attr]
            assert client.get(f"/api/tables/{idle['table']['id']}").json()["status"] == "expired"
            assert client.get(f"/api/tables/{waiting['table']['id']}").json()["status"] == "open"
