"""The live socket's JSON encoder (orjson) writes what the standard library wrote.

Clients parse the text of every step; a faster encoder must not change it. Compared
on the messages that really travel: every seat's and a spectator's view and events over
random play of each game, and the odd values orjson refuses (kept by a fallback).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import spieltisch
from spieltisch.server.cluster import down_text
from spieltisch.server.live import Shared, encode
from spieltisch.store import jsontext
from spieltisch.table import events_for

PLIES = 120


def _stdlib(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("name", spieltisch.game_names())
def test_step_messages_are_encoded_as_before(name: str) -> None:
    game = spieltisch.load(name)
    state = game.new_state(players=game.info.min_players, seed=7)
    rng = random.Random(7)
    for ply in range(PLIES):
        if state.is_over():
            break
        seat = rng.choice(state.active_seats())
        action = rng.choice(state.legal_actions(seat))
        events = state.apply(seat, action)
        for audience in [None, *range(state.players)]:
            message = Shared(
                type="step",
                ply=ply + 1,
                seat=seat,
                events=events_for(events, audience),
                view=state.view(audience),
            )
            assert encode(message) == _stdlib(message)
            assert encode(dict(message)) == _stdlib(message)


def test_odd_values_fall_back_to_the_standard_library() -> None:
    for message in (
        {"type": "chat", "text": "broken \ud800 surrogate"},
        {"type": "x", "n": 2**70},
        {"type": "x", "by_seat": {0: "a", 1: ["ü", "€"]}},
        {"type": "x", "text": "line\u2028separator <script>"},
    ):
        assert encode(message) == _stdlib(message)
        assert encode(Shared(message)) == _stdlib(message)


def test_what_crosses_redis_reads_back_as_it_was_sent() -> None:
    """The bus between processes reads what it wrote (orjson, or the standard library
    for what orjson refuses), and a relayed step keeps its text."""
    for message in (
        {"k": "up", "c": "c1", "m": {"type": "act", "action": "a1-b1", "ply": 3}},
        {"k": "x", "n": 2**70, "text": "ü € \u2028"},
    ):
        text = jsontext.dumps(message)
        assert jsontext.loads(text) == message
        assert jsontext.loads(text.encode()) == message
    step = Shared(type="step", ply=4, view={"board": [[None, "x"]]}, text="ä")
    assert jsontext.loads(down_text("c1", step)) == {"k": "down", "c": "c1", "m": dict(step)}
    with pytest.raises(ValueError):
        jsontext.loads("{not json")
