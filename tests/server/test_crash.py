"""Kill -9 in the middle of a game: the restarted server continues from the same position.

The server runs as a real process; the test plays over real websockets, kills it with
SIGKILL right after an action was acknowledged (the bot not yet answered), restarts it on
the same SQLite file, and checks the position, the seat token and that the bot resumes.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from .procserver import Server, recv_type


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'crash.db'}", bot_delay=0.4)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def _hello(ws: ClientConnection, token: str) -> dict[str, Any]:
    ws.send(json.dumps({"type": "hello", "token": token}))
    return recv_type(ws, "welcome")


def _url(srv: Server) -> str:
    return f"ws://127.0.0.1:{srv.port}/ws/tables/{TABLE['id']}"


TABLE: dict[str, str] = {}


@pytest.mark.slow
def test_kill_9_mid_game_loses_nothing_and_bots_resume(server: Server) -> None:
    made = httpx.post(
        f"{server.base}/api/tables",
        json={
            "game": "halali",
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
            "name": "Ada",
        },
    ).json()
    TABLE["id"] = made["table"]["id"]
    token = made["seat_token"]
    rng = random.Random(1)
    seen: list[list[dict[str, Any]]] = []
    with connect(_url(server)) as ws:
        view = _hello(ws, token)["view"]
        for _ in range(5):  # my move, then wait for the bot's answer
            ws.send(json.dumps({"type": "act", "action": rng.choice(view["legal_actions"])}))
            seen.append(recv_type(ws, "step")["events"])
            step = recv_type(ws, "step")
            seen.append(step["events"])
            view = step["view"]
        ws.send(json.dumps({"type": "act", "action": rng.choice(view["legal_actions"])}))
        acknowledged = recv_type(ws, "step")  # stored before it was sent to us
        seen.append(acknowledged["events"])
        server.kill()  # almost surely before the bot (0.4 s) answers

    server.bot_delay = 1.5  # the restarted bots wait long enough for us to look first
    server.start()
    with connect(_url(server)) as ws:
        _continue(ws, _hello(ws, token), seen, acknowledged)


def _continue(
    ws: ClientConnection,
    again: dict[str, Any],
    seen: list[list[dict[str, Any]]],
    acknowledged: dict[str, Any],
) -> None:
    assert again["seat"] == 0
    assert [entry["events"] for entry in again["log"]][:11] == seen
    if again["ply"] == 11:  # the usual case: the bot had not answered before the kill
        assert again["view"] == acknowledged["view"]
        bot_step = recv_type(ws, "step")  # the bot resumes on its own
        assert bot_step["seat"] == 1 and bot_step["ply"] == 12
    else:
        assert again["ply"] == 12
        bot_step = again
    ws.send(json.dumps({"type": "act", "action": bot_step["view"]["legal_actions"][0]}))
    assert recv_type(ws, "step")["ply"] == 13
