"""kill -9 of a real server process right after resignations: the audit left 6 of 25
tables stalled after the restart (the resigned seat still a person's, with nobody to
play it). Every stored resignation comes back with its stand-in seated, on SQLite and on
PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from spieltisch.engine.resign import RESIGN
from spieltisch.server import Settings
from spieltisch.store import Store

from .bothdbs import DATABASES, database
from .procserver import Server, recv_type

TABLES = 8
"""Tables whose seat 1 resigns just before the kill."""

HYDRA = [{"kind": "human"}] * 2 + [{"kind": "bot", "level": "random"}] * 3


@pytest.fixture(params=DATABASES)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Settings]:
    with database(request.param, tmp_path) as settings:
        yield settings


@pytest.fixture
def server(db: Settings) -> Iterator[Server]:
    srv = Server(db.db_url, bot_delay=0.05, schema=db.db_schema)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def hydra_table(srv: Server) -> tuple[str, str]:
    """A running Hydra table of two people and three bots: its id and seat 1's token."""
    made = httpx.post(
        f"{srv.base}/api/tables", json={"game": "hydra", "seats": HYDRA, "name": "P0"}
    ).json()
    tid = made["table"]["id"]
    joined = httpx.post(f"{srv.base}/api/tables/{tid}/join", json={"name": "P1"}).json()
    return tid, joined["seat_token"]


@pytest.mark.slow
def test_kill_9_right_after_resignations_leaves_no_resigned_seat_unplayed(
    server: Server, db: Settings
) -> None:
    tables = [hydra_table(server) for _ in range(TABLES)]
    ws_base = server.base.replace("http", "ws")
    with ExitStack() as stack:
        sockets = [stack.enter_context(connect(f"{ws_base}/ws/tables/{tid}")) for tid, _ in tables]
        for ws, (_tid, token) in zip(sockets, tables, strict=True):
            ws.send(json.dumps({"type": "hello", "token": token}))
            recv_type(ws, "welcome")
        for ws in sockets:
            ws.send(json.dumps({"type": "resign"}))
        recv_type(sockets[0], "step")  # one resignation is stored: the rest are on the way
        server.kill()
    server.start()
    resigned = 0
    store = Store(db.db_url, schema=db.db_schema, create=False)
    try:
        stored = {tid: store.actions(tid) for tid, _ in tables}
    finally:
        store.close()
    for tid, _token in tables:
        if {"seat": 1, "action": RESIGN.to_json()} not in stored[tid]:
            continue  # the kill came before it was stored: nothing was promised
        resigned += 1
        seat = httpx.get(f"{server.base}/api/tables/{tid}").json()["seats"][1]
        assert seat["kind"] == "bot", f"table {tid}: resigned seat 1 has no stand-in"
    assert resigned > 0
