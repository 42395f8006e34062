"""Hostile clients of the audit's low findings: predicting the bots, claiming the search
pool's priority, filling the review line and the lobby, look-alike names, a leaked
identity key, and writes on a full disk. Each attack gains nothing and is answered with
a coded error (``text`` in German and English)."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.bots import RandomBot
from spieltisch.server import Settings, create_app
from spieltisch.server.context import bot_seed
from spieltisch.table.workers import SearchPool

from .conftest import create, hello, until


def coded(error: dict[str, Any], code: str) -> None:
    assert error["code"] == code, error
    assert error["text"]["de"] and error["text"]["en"]


def manager_of(client: TestClient) -> Any:
    return client.app.state.manager  # type: ignore[attr-defined]


# -- a: bots cannot be predicted from the public table id ------------------------------
def test_a_bot_cannot_be_predicted_from_the_table_id_yet_is_the_same_after_a_restart(
    settings: Settings,
) -> None:
    with TestClient(create_app(settings)) as client:
        made = create(client, [{"kind": "human"}, {"kind": "bot", "level": "random"}], name="Ada")
        tid = made["table"]["id"]
        bot = manager_of(client).tables[tid].runtime.bots[1]
        public = hashlib.sha256(f"{tid}:1:random".encode()).digest()  # what a guesser has
        guessed = random.Random(int.from_bytes(public[:8], "big"))
        assert bot.rng.getstate() != guessed.getstate()
        first = bot.rng.getstate()
    with TestClient(create_app(settings)) as client:  # restored from the store
        again = manager_of(client).tables[tid].runtime.bots[1]
        assert again.rng.getstate() == first
        seed = manager_of(client).tables[tid].record.seed
        assert first == random.Random(bot_seed(seed, 1, "random")).getstate()


# -- b: the search pool's priority belongs to people still playing ---------------------
def test_a_resigned_seat_left_connected_does_not_claim_the_foreground(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    lanes: list[bool] = []

    async def recorded(
        self: SearchPool, key: str, bot: Any, view: Any, seat: int, clock: float, **kw: Any
    ) -> Any:
        lanes.append(bool(kw.get("background")))
        return bot.plan(view, seat, clock)

    monkeypatch.setattr(RandomBot, "thinks", True)  # every bot plan goes through the pool
    monkeypatch.setattr(SearchPool, "plan", recorded)
    bots = [{"kind": "bot", "level": "random"} for _ in range(4)]
    made = client.post(
        "/api/tables", json={"game": "hydra", "seats": [{"kind": "human"}, *bots], "name": "Ada"}
    ).json()
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert hello(ws, made["seat_token"])["seat"] == 0
        ws.send_json({"type": "resign"})
        until(ws, "step")
        before = len(lanes)
        for _ in range(400):  # the bots play on while the resigned seat stays connected
            if len(lanes) > before + 3 or until(ws, "step")["view"]["over"]:
                break
        after = lanes[before + 1 :]  # the plan under way when the seat resigned aside
    assert after, "the bots played on"
    assert all(after), "a resigned seat's socket put the bots' searches in front"


# -- d: one address cannot fill the lobby with open tables -----------------------------
def test_one_address_cannot_fill_the_lobby_with_open_tables(db_url: str) -> None:
    capped = Settings(db_url=db_url, bot_delay=0.0, max_open_tables_per_address=3)
    seats = [{"kind": "human"}, {"kind": "human"}]
    app = create_app(capped)
    with TestClient(app) as client:
        made = [create(client, seats, name="Spam")["table"]["id"] for _ in range(3)]
        r = client.post("/api/tables", json={"game": "halali", "seats": seats, "name": "Spam"})
        assert r.status_code == 429
        coded(r.json()["error"], "table/too_many_open")
        other = TestClient(app, client=("10.0.0.7", 5000))  # the same app, another address
        create(other, seats, name="Ada")  # is not held up
        # a table that starts (or is closed) no longer counts
        assert client.post(f"/api/tables/{made[0]}/join", json={"name": "Bob"}).status_code == 200
        create(client, seats, name="Spam")
        running = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
        create(client, running, name="Spam")  # full at once: never open, never counted
