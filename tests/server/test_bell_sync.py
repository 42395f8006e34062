"""The fair bell over websockets: clock sync, show times, a timed ring (HG-R8)."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from spieltisch.games.halligalli.bell import is_bell_valid
from spieltisch.games.halligalli.cards import card_by_name
from spieltisch.table import RealtimeRuntime

from .conftest import create, hello, until


def _valid(view: dict[str, Any]) -> bool:
    return is_bell_valid(card_by_name(p[-1]) for p in view["table"] if p)


def test_HG_R8_clock_sync_show_at_and_a_timed_ring(client: TestClient) -> None:
    seats = [{"kind": "human"}] * 3
    made = create(
        client,
        seats,
        game="halligalli",
        name="Ada",
        options={"stray_cards": False, "first_flipper": 0},
    )
    tid = made["table"]["id"]
    tokens = [made["seat_token"]]
    for name in ("Bob", "Cem"):
        tokens.append(
            client.post(f"/api/tables/{tid}/join", json={"name": name}).json()["seat_token"]
        )
    live = client.app.state.manager.tables[tid]  # type: ignore[attr-defined]
    rt = live.runtime
    assert isinstance(rt, RealtimeRuntime)
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as a,
        client.websocket_connect(f"/ws/tables/{tid}") as b,
        client.websocket_connect(f"/ws/tables/{tid}") as c,
    ):
        socks = [a, b, c]
        views = [hello(ws, tok) for ws, tok in zip(socks, tokens, strict=True)]
        assert all("show_at" in v and "server_now" in v for v in views)
        # NTP-style sync: ping with the client's time, pong with the server's, echo.
        a.send_json({"type": "ping", "t0": 1234.5})
        p = until(a, "pong")
        assert p["t0"] == 1234.5 and isinstance(p["ts"], float)
        a.send_json({"type": "sync", "ts": p["ts"]})
        a.send_json({"type": "ping"})  # the reply proves the sync was handled
        assert until(a, "pong") == {"type": "pong"}
        assert 0.0 <= rt.latency[0] <= 0.5  # half the round trip, capped at 500 ms
        view = views[0]["view"]
        for _ in range(80):
            if _valid(view) or view["to_flip"] is None:
                break
            sent = rt.clock.now()
            socks[view["to_flip"]].send_json({"type": "act", "action": "flip", "ply": None})
            steps = [until(ws, "step") for ws in socks]
            # Shown one lead (≤ 500 ms) after the flip: never before the flip was sent, and
            # never more than a lead after the message's own server time. (A stall of the
            # machine between the flip and the message only makes server_now later.)
            assert sent <= steps[0]["show_at"] <= steps[0]["server_now"] + 0.5
            view = steps[0]["view"]
        assert _valid(view), "no valid table within 80 flips"
        # React like a person: a ring sooner after the show time than anybody could
        # react is refused (HG-R8).
        time.sleep(max(0.0, steps[0]["show_at"] - steps[0]["server_now"]) + 0.25)
        b.send_json({"type": "ring", "version": view["version"], "reaction_ms": 240})
        rang = until(b, "rang")
        assert rang["claim"]["seat"] == 1 and rang["claim"]["version"] == view["version"]
        step = until(b, "step")  # after the collection window
        bells = [e for e in step["events"] if e["type"] == "bell"]
        assert bells and bells[0]["seat"] == 1
        mine = [r for r in step["rings"] if r["seat"] == 1]
        assert mine and "reaction_ms" in mine[0]  # he sees his own reaction time
        other = until(a, "step")
        assert all("reaction_ms" not in r for r in other["rings"])  # not others' times
