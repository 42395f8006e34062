"""Kill -9 during a burst of moves on many tables: no acknowledged move is lost.

With group commit several tables' moves share one transaction; a move is acknowledged
(its step reaches the mover) only after that transaction committed. Here eight tables
play as fast as their players can answer, the server process is killed with SIGKILL in
the middle, and the record of every table must hold every move its player saw
acknowledged, in order. On SQLite and PostgreSQL.
"""

from __future__ import annotations

import json
import random
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.sync.client import ClientConnection, connect

import spieltisch
from spieltisch.store import Store
from tests.store.conftest import PG_URL

from .procserver import Server, recv_type

HALALI = spieltisch.load("halali")
TABLES = 8
BURST = 1.5
"""Seconds the tables play before the kill."""


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Server, Store]]:
    if request.param == "sqlite":
        url, schema = f"sqlite:///{tmp_path / 'burst.db'}", None
    else:
        url, schema = PG_URL, f"st_burst_{uuid.uuid4().hex[:12]}"
    srv = Server(url, bot_delay=0.0, schema=schema)
    srv.start()
    store = Store(url, schema=schema, create=False)
    try:
        yield srv, store
    finally:
        srv.stop()
        store.close()
        if schema is not None:
            engine = create_engine(PG_URL)
            with engine.begin() as conn:
                conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
            engine.dispose()


def _table(srv: Server) -> tuple[str, str, str]:
    made = httpx.post(
        f"{srv.base}/api/tables",
        json={"game": "halali", "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Ada"},
    ).json()
    tid = made["table"]["id"]
    joined = httpx.post(f"{srv.base}/api/tables/{tid}/join", json={"name": "Bob"}).json()
    return tid, made["seat_token"], joined["seat_token"]


def _play(srv: Server, tid: str, tokens: tuple[str, str], acked: list[dict[str, Any]]) -> None:
    """Both seats of one table, as fast as the server answers, until the socket dies."""
    rng = random.Random(tid)
    url = f"ws://127.0.0.1:{srv.port}/ws/tables/{tid}"
    try:
        with connect(url) as a, connect(url) as b:
            socks: list[ClientConnection] = [a, b]
            views = []
            for ws, token in zip(socks, tokens, strict=True):
                ws.send(json.dumps({"type": "hello", "token": token}))
                views.append(recv_type(ws, "welcome"))
            view, ply = views[0]["view"], views[0]["ply"]
            while not view["over"]:
                seat = view["active_seat"]
                mover, other = socks[seat], socks[1 - seat]
                mine = views[seat]["view"]
                action = rng.choice(mine["legal_actions"])
                mover.send(json.dumps({"type": "act", "action": action, "ply": ply}))
                step = recv_type(mover, "step")  # the acknowledgement: stored before it
                acked.append({"seat": seat, "action": action, "ply": step["ply"]})
                views[seat] = step
                views[1 - seat] = recv_type(other, "step")
                view, ply = step["view"], step["ply"]
    except Exception:  # the kill: the sockets die mid-game
        return


@pytest.mark.slow
def test_kill_9_during_a_burst_loses_no_acknowledged_move(
    server: tuple[Server, Store],
) -> None:
    srv, store = server
    tables = [_table(srv) for _ in range(TABLES)]
    acked: dict[str, list[dict[str, Any]]] = {tid: [] for tid, _a, _b in tables}
    threads = [
        threading.Thread(target=_play, args=(srv, tid, (t0, t1), acked[tid]), daemon=True)
        for tid, t0, t1 in tables
    ]
    for thread in threads:
        thread.start()
    time.sleep(BURST)
    srv.kill()
    for thread in threads:
        thread.join(10)
    assert sum(len(moves) for moves in acked.values()) > TABLES  # a real burst
    for tid, moves in acked.items():
        stored = store.actions(tid)
        assert len(stored) >= len(moves), f"table {tid} lost acknowledged moves"
        for n, move in enumerate(moves):
            assert move["ply"] == n + 1
            assert stored[n]["seat"] == move["seat"]
            assert HALALI.parse_action(move["action"]).to_json() == stored[n]["action"]
    srv.start()  # and the restarted server serves every table from its record
    for tid, _t0, _t1 in tables:
        assert httpx.get(f"{srv.base}/api/tables/{tid}").status_code == 200
