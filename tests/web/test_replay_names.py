"""The replay of a game that ended by resignation, in German on a phone: the seat a bot
played for a person keeps the person's name, and no stray word ("null") shows; each step
is named as who made it (the person's own move, then the bot's after a hand-over)."""

from __future__ import annotations

import json
import time
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


def _handed_over_table(server: Server) -> tuple[str, int, int]:
    """Ada and Bob play until Bob has moved himself, Bob goes home, the host hands his
    seat to a bot, the bot moves, Ada resigns: (table, Bob's own ply, the bot's ply)."""
    made = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "halali", "seats": [{"kind": "human"}] * 2, "name": "Ada"},
    ).json()
    tid = str(made["table"]["id"])
    bob = httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"}).json()
    url = server.base.replace("http", "ws") + f"/ws/tables/{tid}"
    with connect(url, origin=Origin(server.base)) as a:
        a.send(json.dumps({"type": "hello", "token": made["seat_token"]}))
        views = {0: recv_type(a, "welcome")["view"]}
        own = None
        with connect(url, origin=Origin(server.base)) as b:
            b.send(json.dumps({"type": "hello", "token": bob["seat_token"]}))
            views[1] = recv_type(b, "welcome")["view"]
            socks = {0: a, 1: b}
            while own is None or not views[0]["legal_actions"]:
                mover = 0 if views[0]["legal_actions"] else 1
                action = views[mover]["legal_actions"][0]
                socks[mover].send(json.dumps({"type": "act", "action": action}))
                for seat, ws in socks.items():
                    step = recv_type(ws, "step")
                    views[seat] = step["view"]
                if step["seat"] == 1:
                    own = int(step["ply"]) - 1
        for _ in range(100):  # Bob is away once the server has seen his socket close
            handed = httpx.post(
                f"{server.base}/api/tables/{tid}/seats/1/bot",
                json={"level": "rules"},
                headers={"Authorization": f"Bearer {made['host_token']}"},
            )
            if handed.status_code == 200:
                break
            time.sleep(0.05)
        handed.raise_for_status()
        a.send(json.dumps({"type": "act", "action": views[0]["legal_actions"][0]}))
        while (step := recv_type(a, "step"))["seat"] != 1:
            pass
        by_bot = int(step["ply"]) - 1
        assert step["bot"] == "rules"
        a.send(json.dumps({"type": "resign"}))
        while not recv_type(a, "step")["view"]["over"]:
            pass
    assert own is not None
    return tid, own, by_bot


@pytest.mark.slow
def test_the_replay_names_each_step_as_who_made_it(server: Server, browser: Any) -> None:
    tid, own, by_bot = _handed_over_table(server)
    page = new_page(browser, "de")
    page.goto(f"{server.base}/replay/{tid}?ply={own + 1}")
    page.wait_for_selector("#replay-step")
    text = page.inner_text("#replay-step")
    assert "Bob (" in text and "Bot" not in text, text
    page.goto(f"{server.base}/replay/{tid}?ply={by_bot + 1}")
    page.wait_for_selector("#replay-step")
    text = page.inner_text("#replay-step")
    assert "Bob (Bot: Regelbot" in text, text
    shot(page, "replay-bot-step-de")
    assert not page.errors, page.errors
    page.context.close()
