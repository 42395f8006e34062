"""The view envelope the browser reads instead of each game's own keys: it says what every
view says its own way (whose turn, over, the seat's legal actions, the result), and the
server sends it beside the view in a table socket's welcome and steps."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

import spieltisch
from spieltisch.engine.envelope import envelope
from tests.server.procserver import Server, recv_type

TURN_KEY = {"halali": "active_seat", "hydra": "turn", "kalooki": "to_move"}
"""Each turn-based game's own name for the one seat to move."""


@pytest.mark.parametrize("name", spieltisch.game_names())
def test_the_envelope_says_what_each_view_says(name: str) -> None:
    game = spieltisch.load(name)
    state = game.new_state(seed=3)
    rng = random.Random(3)
    for _ in range(60):
        active = state.active_seats()
        for seat in [None, *range(state.players)]:
            view, env = state.view(seat), envelope(state, seat)
            assert env["over"] is view["over"]
            assert env["to_move"] == ([] if view["over"] else sorted(active))
            assert env["legal_actions"] == ([] if seat is None else view["legal_actions"])
            assert env["result"] == view["result"]
            if name in TURN_KEY and len(active) == 1:
                assert env["to_move"] == [view[TURN_KEY[name]]]
            json.dumps(env)
        if state.is_over():
            break
        seat = rng.choice(active)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_welcome_and_step_carry_the_envelope_beside_the_view(server: Server) -> None:
    made = httpx.post(
        f"{server.base}/api/tables",
        json={
            "game": "halali",
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
            "name": "Ada",
        },
    ).json()
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{made['table']['id']}"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "token": made["seat_token"]}))
        welcome: dict[str, Any] = recv_type(ws, "welcome")
        env, view = welcome["envelope"], welcome["view"]
        assert env["to_move"] == [view["active_seat"]] and env["over"] is False
        assert env["legal_actions"] == view["legal_actions"] and env["result"] is None
        if env["to_move"] == [welcome["seat"]]:
            ws.send(json.dumps({"type": "act", "action": env["legal_actions"][0], "ply": 0}))
        step = recv_type(ws, "step")
        assert step["envelope"]["to_move"] == [step["view"]["active_seat"]]
        assert step["envelope"]["legal_actions"] == step["view"]["legal_actions"]
