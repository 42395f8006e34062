"""The replay of a game that ended by resignation, in German on a phone: the seat a bot
played for a person keeps the person's name, and no stray word ("null") shows."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect
from websockets.typing import Origin

from tests.server.procserver import Server, recv_type

from .conftest import new_page, shot


def _resigned_table(server: Server) -> str:
    """Ada and Bob sit down, Bob goes home and the host hands his seat to a bot, Ada resigns."""
    made = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "halali", "seats": [{"kind": "human"}] * 2, "name": "Ada"},
    ).json()
    tid = str(made["table"]["id"])
    httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"}).raise_for_status()
    httpx.post(
        f"{server.base}/api/tables/{tid}/seats/1/bot",
        json={"level": "rules"},
        headers={"Authorization": f"Bearer {made['host_token']}"},
    ).raise_for_status()
    url = server.base.replace("http", "ws") + f"/ws/tables/{tid}"
    with connect(url, origin=Origin(server.base)) as ws:
        ws.send(json.dumps({"type": "hello", "token": made["seat_token"]}))
        recv_type(ws, "welcome")
        ws.send(json.dumps({"type": "resign"}))
        while not recv_type(ws, "step")["view"]["over"]:
            pass
    assert httpx.get(f"{server.base}/api/tables/{tid}").json()["status"] == "finished"
    return tid


@pytest.mark.slow
def test_the_replay_names_the_person_a_bot_played_for(server: Server, browser: Any) -> None:
    tid = _resigned_table(server)
    page = new_page(browser, "de", mobile=True, touch=True)
    page.goto(f"{server.base}/replay/{tid}")
    page.wait_for_selector("#to-review")
    status = page.inner_text(".status-bar")
    assert "Bob (Bot: Regelbot)" in status and "Bot 2" not in status
    text = page.inner_text("#app")
    assert "null" not in text and "undefined" not in text
    page.click("#last")
    page.wait_for_selector("#result")
    assert "Ada hat aufgegeben" in page.inner_text("#replay-step")
    shot(page, "replay-resigned-de-phone")
    assert "null" not in page.inner_text("#app")
    assert not page.errors, page.errors
    page.context.close()
