"""Hydra and Kalooki over websockets: no message to one seat carries another seat's cards.

Every seat (and a spectator) is connected while the seats play random legal actions to
the end of a whole game. Each message must be exactly the core's view for its receiver
(the core decides what a seat may know; the server adds nothing), hold no other hand,
and carry the action text only to the seat that acted (a Hydra ``give D9`` is secret).
"""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.engine.registry import load
from spieltisch.server import Settings

from .conftest import hello, until


@pytest.fixture
def settings(db_url: str) -> Settings:
    """Fast random play: lift the per-socket message rate (its own test is elsewhere)."""
    return Settings(db_url=db_url, bot_delay=0.0, ws_rate=10_000.0, ws_burst=10_000)


CASES = [("hydra", 5, {"games": 1}), ("kalooki", 3, {})]


def _table(
    client: TestClient, game: str, players: int, options: dict[str, Any]
) -> tuple[str, list[str]]:
    seats = [{"kind": "human"}] * players
    r = client.post(
        "/api/tables", json={"game": game, "seats": seats, "options": options, "name": "P0"}
    )
    assert r.status_code == 201, r.text
    made = r.json()
    tid, tokens = made["table"]["id"], [made["seat_token"]]
    for i in range(1, players):
        tokens.append(
            client.post(f"/api/tables/{tid}/join", json={"name": f"P{i}"}).json()["seat_token"]
        )
    return tid, tokens


def _check(msg: dict[str, Any], seat: int | None, state: Any, acted: int | None) -> None:
    assert msg["view"] == state.view(seat)
    if seat is not None:
        # Only the receiver's own hand: other seats appear as sizes (and public cards).
        assert msg["view"]["hand"] == state.view(seat)["hand"]
        assert len(msg["view"]["hand"]) == msg["view"]["hand_sizes"][seat]
    if not msg["view"]["over"]:
        assert '"seed"' not in json.dumps(msg)  # the deal's secret until the end
    assert ("action" in msg) == (acted is not None and acted == seat)
    for event in msg.get("events", []):
        if event["type"] == "give":
            assert set(event) == {"type", "seat", "secret"}
        if event["type"] == "draw":
            assert "card" not in event or event["from"] == "discard"


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_HY_R4_KA_R1_no_message_carries_another_seats_cards(
    client: TestClient, game: str, players: int, options: dict[str, Any]
) -> None:
    tid, tokens = _table(client, game, players, options)
    rng = random.Random(11)
    with ExitStack() as stack:
        sockets = [
            stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}")) for _ in tokens
        ]
        spectator = stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}"))
        views = [hello(ws, token) for ws, token in zip(sockets, tokens, strict=True)]
        hello(spectator, None)
        record = client.app.state.manager.store.record(tid)  # type: ignore[attr-defined]
        state = load(game, **record["options"]).new_state(players, seed=record["seed"])
        for seat, msg in enumerate(views):
            _check(msg, seat, state, None)
        for _ in range(3000):
            if state.is_over():
                break
            seat = state.active_seats()[0]
            action = rng.choice(state.legal_actions(seat))
            sockets[seat].send_json({"type": "act", "action": str(action)})
            state.apply(seat, action)
            for s, ws in enumerate(sockets):
                _check(until(ws, "step"), s, state, seat)
            _check(until(spectator, "step"), None, state, seat)
        assert state.is_over()
