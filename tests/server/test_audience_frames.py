"""Each audience's message is built and encoded once per step: the devices of one seat,
and all spectators, get the very same text; each seat still only its own view."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.store import jsontext

from .conftest import hello, two_humans


def test_one_encoding_per_audience_and_the_same_text_for_all_of_it(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    encoded: Counter[str] = Counter()
    dumps = jsontext.dumps

    def counting(message: dict[str, Any]) -> str:
        encoded[message["type"]] += 1
        return dumps(message)

    monkeypatch.setattr(jsontext, "dumps", counting)
    tid, t0, t1 = two_humans(client)
    url = f"/ws/tables/{tid}"
    with (
        client.websocket_connect(url) as phone,
        client.websocket_connect(url) as laptop,
        client.websocket_connect(url) as bob,
        client.websocket_connect(url) as watcher1,
        client.websocket_connect(url) as watcher2,
    ):
        for ws, token in ((phone, t0), (laptop, t0), (bob, t1), (watcher1, None), (watcher2, None)):
            hello(ws, token)
        encoded.clear()
        phone.send_json({"type": "act", "action": "flip b2", "ply": 0})
        steps = {
            name: _step_text(ws)
            for name, ws in (
                ("phone", phone),
                ("laptop", laptop),
                ("bob", bob),
                ("watcher1", watcher1),
                ("watcher2", watcher2),
            )
        }
    # three encodings for five sockets: seat 0 (two devices), seat 1, the spectators
    assert encoded["step"] == 3
    assert steps["phone"] == steps["laptop"] and steps["watcher1"] == steps["watcher2"]
    assert len({steps["phone"], steps["bob"], steps["watcher1"]}) == 3
    assert json.loads(steps["phone"])["action"] == "flip b2"  # the mover's own
    assert "action" not in json.loads(steps["bob"])


def _step_text(ws: Any) -> str:
    for _ in range(20):
        text: str = ws.receive_text()
        if json.loads(text)["type"] == "step":
            return text
    raise AssertionError("no step")
