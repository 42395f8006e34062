"""Writes ``spieltisch-55cd1d9.db``: a database made by the code at main ``55cd1d9``, the
last schema before migrations, for the upgrade tests (``test_upgrade.py``).

Run it with that commit's sources first on the path (it drives the old app through its
HTTP and websocket API, so what is stored is what the old server wrote)::

    mkdir -p /tmp/old && git archive 55cd1d9 src | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old/src python tests/store/legacy/make_55cd1d9.py

It leaves an open table, a running one (tokens in ``spieltisch-55cd1d9.json``), a rated
finished one with chat and a finished review, two players (one with a password) and
their ratings.
"""

from __future__ import annotations

import json
import sqlite3
import time
import warnings
from pathlib import Path
from typing import Any

from spieltisch.server import Settings, create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

HERE = Path(__file__).parent
DB = HERE / "spieltisch-55cd1d9.db"


def _until(ws: Any, kind: str) -> dict[str, Any]:
    for _ in range(100):
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")


def _move(client: TestClient, tid: str, token: str) -> bool:
    """Seat of ``token`` plays its first legal move, if it is to move."""
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": token})
        welcome = _until(ws, "welcome")
        if not welcome["view"]["legal_actions"]:
            return False
        ws.send_json({"type": "act", "action": welcome["view"]["legal_actions"][0]})
        while _until(ws, "step")["seat"] != welcome["seat"]:
            pass
        return True


def _duel(client: TestClient, ada: str | None, bob: str | None) -> tuple[str, list[str]]:
    body = {"game": "halali", "seats": [{"kind": "human"}] * 2, "name": "Ada", "player": ada}
    made = client.post("/api/tables", json=body).json()
    tid = made["table"]["id"]
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bob", "player": bob}).json()
    return tid, [made["seat_token"], joined["seat_token"]]


def main() -> None:
    DB.unlink(missing_ok=True)
    settings = Settings(db_url=f"sqlite:///{DB}", bot_delay=0.0, review_worlds=2)
    with TestClient(create_app(settings)) as client:
        ada = client.post("/api/players", json={"name": "Ada", "password": "Rotkäppchen-1"}).json()
        bob = client.post("/api/players", json={"name": "Bob"}).json()
        finished, tokens = _duel(client, ada["key"], bob["key"])
        moved: set[int] = set()
        for _ in range(8):  # each plays a move of his own: the game is rated
            for seat in (0, 1):
                if seat not in moved and _move(client, finished, tokens[seat]):
                    moved.add(seat)
        with client.websocket_connect(f"/ws/tables/{finished}") as ws:
            ws.send_json({"type": "hello", "token": tokens[0]})
            _until(ws, "welcome")
            ws.send_json({"type": "chat", "quick": "gl"})
            _until(ws, "chat")
            ws.send_json({"type": "chat", "text": "Waidmannsheil!"})
            _until(ws, "chat")
            ws.send_json({"type": "resign"})
            _until(ws, "step")
        review = client.post(f"/api/tables/{finished}/review", json={"seat": 1}).json()
        for _ in range(600):
            if review["status"] in ("done", "failed"):
                break
            time.sleep(0.5)
            review = client.get(f"/api/tables/{finished}/review/1").json()
        assert review["status"] == "done", review
        running, run_tokens = _duel(client, None, None)
        for _ in range(3):
            for token in run_tokens:
                _move(client, running, token)
        opened = client.post(
            "/api/tables",
            json={"game": "kalooki", "seats": [{"kind": "human"}] * 3, "name": "Cleo"},
        ).json()
        state = {
            "finished": finished,
            "finished_tokens": tokens,
            "running": running,
            "running_tokens": run_tokens,
            "open": opened["table"]["id"],
            "open_token": opened["seat_token"],
            "players": {"Ada": ada["player"]["id"], "Bob": bob["player"]["id"]},
            "password": "Rotkäppchen-1",
        }
    with sqlite3.connect(DB) as conn:  # one self-contained file, no write-ahead log beside it
        conn.execute("PRAGMA journal_mode=DELETE")
        conn.execute("VACUUM")
    (HERE / "spieltisch-55cd1d9.json").write_text(json.dumps(state, indent=2) + "\n")


if __name__ == "__main__":
    main()
