"""The fair bell over links with real delay, which the server's kernel sees (HG-R8).

The server runs in a network namespace behind a relay that holds every packet back
(``netlag``): seats 0 and 1 are 50 ms away each way, seat 2 is 5 ms away. Seat 0 holds
every clock-sync echo back 160 ms more, so by its echoes its link looks 130 ms long. The
kernel times the connection at 100 ms round trip: seat 0 is credited no more than its
real 50 ms (and the margin), while honest seat 1 gets its whole 50 ms.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from spieltisch.games.halligalli.bell import is_bell_valid
from spieltisch.games.halligalli.cards import card_by_name
from spieltisch.server import tcpinfo

from .netlag import LagNet, LagNetUnavailable, LagServer
from .procserver import recv_type

pytestmark = pytest.mark.slow

LINKS = [0.050, 0.050, 0.005]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LagServer]:
    path: Path = tmp_path_factory.mktemp("netlag") / "bell.db"
    with contextlib.ExitStack() as stack:
        try:
            net = stack.enter_context(LagNet(sorted(set(LINKS))))
        except LagNetUnavailable as exc:
            pytest.skip(f"no network namespace with a delayed link here: {exc}")
        srv = LagServer(f"sqlite:///{path}", net)
        stack.callback(srv.stop)
        srv.start()
        yield srv


def _valid(view: dict[str, Any]) -> bool:
    return is_bell_valid(card_by_name(p[-1]) for p in view["table"] if p)


def test_HG_R8_fake_lag_on_a_real_link_earns_only_the_real_latency(server: LagServer) -> None:
    made = httpx.post(
        f"{server.base}/api/tables",
        json={
            "game": "halligalli",
            "seats": [{"kind": "human"}] * 3,
            "name": "p0",
            "options": {"stray_cards": False, "first_flipper": 0},
        },
    ).json()
    tid = made["table"]["id"]
    tokens = [made["seat_token"]]
    for name in ("p1", "p2"):
        joined = httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": name})
        tokens.append(joined.json()["seat_token"])
    with contextlib.ExitStack() as stack:
        socks = [
            stack.enter_context(connect(f"ws://{server.host(lag)}:{server.port}/ws/tables/{tid}"))
            for lag in LINKS
        ]
        step: dict[str, Any] = {}
        for ws, token in zip(socks, tokens, strict=True):
            ws.send(json.dumps({"type": "hello", "token": token}))
            step = recv_type(ws, "welcome")
        for _ in range(3):
            for seat, ws in enumerate(socks):
                ws.send(json.dumps({"type": "ping", "t0": time.monotonic()}))
                pong = recv_type(ws, "pong")
                time.sleep(0.160 if seat == 0 else 0.0)
                ws.send(json.dumps({"type": "sync", "ts": pong["ts"]}))
        time.sleep(0.2)  # the last echoes arrive
        for _ in range(80):
            view = step["view"]
            if _valid(view) and step["type"] == "step":
                break
            assert view["to_flip"] is not None, "the round ended without a valid table"
            socks[view["to_flip"]].send(json.dumps({"type": "act", "action": "flip", "ply": None}))
            steps = [recv_type(ws, "step") for ws in socks]  # everybody sees it
            step = steps[0]
        else:
            raise AssertionError("no valid table within 80 flips")
        v = step["view"]["version"]
        time.sleep(max(0.0, step["show_at"] - step["server_now"]) + 0.300)
        for seat in (0, 1):
            socks[seat].send(json.dumps({"type": "ring", "version": v, "reaction_ms": 300}))
        faked = recv_type(socks[0], "rang")["claim"]
        honest = recv_type(socks[1], "rang")["claim"]
    margin = round(1000 * tcpinfo.MARGIN)
    assert 45 <= honest["credit_ms"] <= 50 + margin + 2  # a real 50 ms link, credited in full
    assert faked["credit_ms"] <= 50 + margin + 2  # not the 130 its echoes say
