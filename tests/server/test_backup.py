"""``spieltisch backup`` during play and ``spieltisch restore`` into a new server.

A real server process plays a game against a bot while the test takes backups (the
moves keep coming: the bot answers at once). The restored file is served by a second
server: every table is where the backup caught it, and play goes on from there. A
restore into the file of a running server is refused, as is a second server on it.
"""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from spieltisch.store.backup import BackupError, backup, restore

from .procserver import Server, recv_type


def _create(srv: Server, seats: list[dict[str, Any]]) -> dict[str, Any]:
    made = httpx.post(
        f"{srv.base}/api/tables", json={"game": "halali", "seats": seats, "name": "Ada"}
    )
    assert made.status_code == 201, made.text
    data: dict[str, Any] = made.json()
    return data


def _hello(ws: ClientConnection, token: str) -> dict[str, Any]:
    ws.send(json.dumps({"type": "hello", "token": token}))
    return recv_type(ws, "welcome")


def _play(srv: Server, tid: str, token: str, stop: threading.Event, moves: list[int]) -> None:
    """Seat 0 moves whenever it may (a random legal move) until ``stop`` or the end."""
    rng = random.Random(7)
    with connect(f"ws://127.0.0.1:{srv.port}/ws/tables/{tid}") as ws:
        view = _hello(ws, token)["view"]
        while not stop.is_set() and view is not None:
            if view["legal_actions"]:
                time.sleep(0.05)  # a person's pace, so the game outlasts the backups
                ws.send(json.dumps({"type": "act", "action": rng.choice(view["legal_actions"])}))
                moves.append(1)
            try:
                msg = recv_type(ws, "step", timeout=3.0)
            except TimeoutError:
                return  # the game is over
            view = msg["view"]


def _plies(db: Path) -> dict[str, int]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT t.id, count(a.ply) FROM st_tables t "
            "LEFT JOIN st_actions a ON a.table_id = t.id GROUP BY t.id"
        ).fetchall()
    return {tid: plies for tid, plies in rows}


def _actions(db: Path, tid: str) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT ply, seat, action FROM st_actions WHERE table_id = ? ORDER BY ply", (tid,)
        ).fetchall()


@pytest.mark.slow
def test_a_backup_during_play_restores_into_a_new_server_where_every_table_resumes(
    tmp_path: Path,
) -> None:
    live_db, copy, restored = tmp_path / "live.db", tmp_path / "copy.db", tmp_path / "new.db"
    srv = Server(f"sqlite:///{live_db}", bot_delay=0.0)
    srv.start()
    stop = threading.Event()
    try:
        busy = _create(srv, [{"kind": "human"}, {"kind": "bot", "level": "random"}])
        idle = _create(srv, [{"kind": "human"}, {"kind": "human"}])
        joined = httpx.post(
            f"{srv.base}/api/tables/{idle['table']['id']}/join", json={"name": "Bob"}
        )
        assert joined.status_code == 200, joined.text
        waiting = _create(srv, [{"kind": "human"}, {"kind": "human"}])
        moves: list[int] = []
        player = threading.Thread(
            target=_play, args=(srv, busy["table"]["id"], busy["seat_token"], stop, moves)
        )
        player.start()
        while len(moves) < 5 and player.is_alive():
            time.sleep(0.01)
        for _ in range(2):  # each one while moves are being written, and more after it
            said = backup(str(live_db), str(copy), force=True)
            assert said.tables == 3 and copy.stat().st_size == said.bytes
            after = len(moves)
            while len(moves) <= after + 1 and player.is_alive():
                time.sleep(0.01)
        stop.set()
        player.join(30)

        with pytest.raises(BackupError, match="a server is running on"):
            restore(str(copy), str(live_db), force=True)
        second = subprocess.run(
            [sys.executable, "-m", "spieltisch.server", "--db", f"sqlite:///{live_db}"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 1
        assert second.stderr.strip() == f"spieltisch: a server is running on {live_db}"
    finally:
        stop.set()
        srv.stop()

    caught = _plies(copy)
    busy_id = busy["table"]["id"]
    assert 0 < caught[busy_id] < len(_actions(live_db, busy_id))  # caught mid-game
    assert _actions(copy, busy_id) == _actions(live_db, busy_id)[: caught[busy_id]]

    with pytest.raises(BackupError, match="exists; give --force"):
        restore(str(copy), str(live_db))
    restore(str(copy), str(restored))
    again = Server(f"sqlite:///{restored}", bot_delay=1.5)  # we look before a bot moves
    again.start()
    try:
        for made in (busy, idle):
            tid = made["table"]["id"]
            with connect(f"ws://127.0.0.1:{again.port}/ws/tables/{tid}") as ws:
                welcome = _hello(ws, made["seat_token"])
                assert welcome["ply"] == caught[tid] and len(welcome["log"]) == caught[tid]
        with connect(f"ws://127.0.0.1:{again.port}/ws/tables/{busy_id}") as ws:
            view = _hello(ws, busy["seat_token"])["view"]
            while not view["legal_actions"]:  # the bot's answer, if the backup caught its turn
                view = recv_type(ws, "step")["view"]
            ws.send(json.dumps({"type": "act", "action": view["legal_actions"][0]}))
            assert recv_type(ws, "step")["seat"] == 0
            assert recv_type(ws, "step")["seat"] == 1  # and the bot plays on
        table = httpx.get(f"{again.base}/api/tables/{waiting['table']['id']}").json()
        assert table["status"] == "open"
        joined = httpx.post(
            f"{again.base}/api/tables/{waiting['table']['id']}/join", json={"name": "Bob"}
        )
        assert joined.status_code == 200, joined.text
    finally:
        again.stop()
