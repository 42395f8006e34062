"""Hostile clients against the fair bell, on the real server process (HG-R8, HG-R4).

Each test plays one attack from the outside review over real websockets: forged clock-sync
answers, echoes held back by the same amount every time (fake lag), a ring before the card
is shown, reading the card before it is shown, a flood of rings naming a version never
shown.
Each ends with the attacker gaining nothing, the game going on, and a bystander table
exactly as it was.
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from spieltisch.games.halligalli.bell import is_bell_valid
from spieltisch.games.halligalli.cards import card_by_name
from spieltisch.server import tcpinfo
from spieltisch.server.main import lan_address

from .procserver import Server, recv_type

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """The server; ``"off"`` (indirect parameter) runs it without the kernel's bound,
    ``"lan"`` listens on every interface as well as loopback."""
    param = getattr(request, "param", "on")
    env = {"SPIELTISCH_BELL_TCP_RTT": "off" if param == "off" else "on"}
    if param == "lan":
        env["SPIELTISCH_HOST"] = "0.0.0.0"
    path: Path = tmp_path_factory.mktemp("bell") / "bell.db"
    srv = Server(f"sqlite:///{path}", bot_delay=0.0, env=env)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def _valid(view: dict[str, Any]) -> bool:
    return is_bell_valid(card_by_name(p[-1]) for p in view["table"] if p)


def _until(ws: ClientConnection, kind: str, seen: list[dict[str, Any]]) -> dict[str, Any]:
    """The next message of type ``kind``; every other message read on the way is kept in
    ``seen``."""
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if msg["type"] == kind:
            return msg
        seen.append(msg)


def _drain(ws: ClientConnection, seconds: float) -> list[dict[str, Any]]:
    """Every message arriving within ``seconds``."""
    out: list[dict[str, Any]] = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            out.append(json.loads(ws.recv(timeout=left)))
        except TimeoutError:
            break
    return out


class Table:
    """A three-seat Halli Galli table of scripted players on the server."""

    def __init__(
        self, srv: Server, headers: dict[str, str] | None = None, host: str = "127.0.0.1"
    ) -> None:
        """``headers`` and ``host``: seat 0's socket sends these upgrade headers, to that
        address of the server."""
        made = httpx.post(
            f"{srv.base}/api/tables",
            json={
                "game": "halligalli",
                "seats": [{"kind": "human"}] * 3,
                "name": "p0",
                "options": {"stray_cards": False, "first_flipper": 0},
            },
        ).json()
        self.id: str = made["table"]["id"]
        tokens = [made["seat_token"]]
        for name in ("p1", "p2"):
            joined = httpx.post(f"{srv.base}/api/tables/{self.id}/join", json={"name": name})
            tokens.append(joined.json()["seat_token"])
        self.url = f"ws://127.0.0.1:{srv.port}/ws/tables/{self.id}"
        self.stack = contextlib.ExitStack()
        seat0 = f"ws://{host}:{srv.port}/ws/tables/{self.id}"
        self.socks = [self.stack.enter_context(connect(seat0, additional_headers=headers))]
        self.socks += [self.stack.enter_context(connect(self.url)) for _ in tokens[1:]]
        self.step: dict[str, Any] = {}
        for ws, token in zip(self.socks, tokens, strict=True):
            ws.send(json.dumps({"type": "hello", "token": token}))
            self.step = recv_type(ws, "welcome")

    def close(self) -> None:
        self.stack.close()

    def sync(self, seat: int, hold: float = 0.0) -> None:
        """One honest clock-sync round trip; ``hold`` makes the link look slower."""
        ws = self.socks[seat]
        ws.send(json.dumps({"type": "ping", "t0": time.monotonic()}))
        pong = recv_type(ws, "pong")
        time.sleep(hold)
        ws.send(json.dumps({"type": "sync", "ts": pong["ts"]}))

    def flip_to_valid(self) -> dict[str, Any]:
        """Flip in turn until the table is valid; the step message that made it so."""
        for _ in range(80):
            view = self.step["view"]
            if _valid(view) and self.step["type"] == "step":
                return self.step
            assert view["to_flip"] is not None, "the round ended without a valid table"
            self.socks[view["to_flip"]].send(
                json.dumps({"type": "act", "action": "flip", "ply": None})
            )
            steps = [recv_type(ws, "step") for ws in self.socks]  # everybody sees it
            self.step = steps[0]
        raise AssertionError("no valid table within 80 flips")

    def ring(self, seat: int, version: int, reaction_ms: int) -> None:
        msg = {"type": "ring", "version": version, "reaction_ms": reaction_ms}
        self.socks[seat].send(json.dumps(msg))

    def bell_winner(self) -> int:
        for _ in range(20):
            step = recv_type(self.socks[1], "step")
            for e in step["events"]:
                if e["type"] == "bell":
                    return int(e["seat"])
        raise AssertionError("no bell")


@pytest.fixture(scope="module")
def bystander(server: Server) -> Iterator[dict[str, Any]]:
    """Another table in play: after every attack it must look exactly as before."""
    table = Table(server)
    table.socks[0].send(json.dumps({"type": "act", "action": "flip", "ply": None}))
    recv_type(table.socks[0], "step")
    table.close()
    yield _spectate(server, table.id)


def _spectate(srv: Server, tid: str) -> dict[str, Any]:
    with connect(f"ws://127.0.0.1:{srv.port}/ws/tables/{tid}") as ws:
        ws.send(json.dumps({"type": "hello", "token": None}))
        welcome = recv_type(ws, "welcome")
    return {"id": tid, "ply": welcome["ply"], "view": welcome["view"]}


def _intact(srv: Server, bystander: dict[str, Any]) -> None:
    assert _spectate(srv, bystander["id"]) == bystander
    assert httpx.get(f"{srv.base}/healthz").status_code == 200


def test_HG_R8_forged_clock_sync_answers_buy_nothing(
    server: Server, bystander: dict[str, Any]
) -> None:
    """Seat 0 answers with a server time it held back for a second, with one the server
    never sent, then holds a real answer back a second; seat 1 syncs honestly. Seat 0
    rings 50 ms later than seat 1 but claims 100 ms: seat 1 wins, seat 0 earns no
    latency credit."""
    t = Table(server)
    try:
        attacker = t.socks[0]
        attacker.send(json.dumps({"type": "ping", "t0": 1.0}))
        held = recv_type(attacker, "pong")["ts"]
        time.sleep(1.0)
        attacker.send(json.dumps({"type": "ping", "t0": 2.0}))
        fresh = recv_type(attacker, "pong")["ts"]
        attacker.send(json.dumps({"type": "sync", "ts": held}))  # a second old
        attacker.send(json.dumps({"type": "sync", "ts": fresh - 5.0}))  # never sent
        t.sync(0, hold=1.0)  # a real answer, held back a second
        t.sync(1)
        step = t.flip_to_valid()
        v = step["view"]["version"]
        time.sleep(max(0.0, step["show_at"] - step["server_now"]) + 0.250)
        t.ring(1, v, 250)
        time.sleep(0.050)
        t.ring(0, v, 100)
        honest = recv_type(t.socks[1], "rang")["claim"]
        forged = recv_type(attacker, "rang")["claim"]
        assert t.bell_winner() == 1
        assert forged["reaction_ms"] >= 290  # what the server timed, not the 100 claimed
        assert forged["credit_ms"] == 0 and not forged["trusted"]
        assert honest["credit_ms"] <= 50
    finally:
        t.close()
    _intact(server, bystander)


def _fake_lag_race(t: Table, later: float) -> tuple[dict[str, Any], dict[str, Any], int]:
    """Seat 0 holds every clock-sync echo back 160 ms from its first ping on (its link
    looks 80 ms longer than it is), seat 1 syncs honestly; on a valid table seat 1 rings
    300 ms after the show, seat 0 ``later`` seconds after it, claiming 100 ms. Seat 0's
    claim, seat 1's, and the winner."""
    for _ in range(3):
        t.sync(0, hold=0.160)
        t.sync(1)
    step = t.flip_to_valid()
    v = step["view"]["version"]
    time.sleep(max(0.0, step["show_at"] - step["server_now"]) + 0.300)
    t.ring(1, v, 300)
    time.sleep(later)
    t.ring(0, v, 100)
    honest = recv_type(t.socks[1], "rang")["claim"]
    faked = recv_type(t.socks[0], "rang")["claim"]
    return faked, honest, t.bell_winner()


MARGIN_MS = round(1000 * tcpinfo.MARGIN)
LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="TCP_INFO is Linux's")
PROXY = {"X-Forwarded-For": "203.0.113.9"}
"""What a proxy on this machine adds to a player's upgrade request."""
FAR = {**PROXY, "X-Tcp-Rtt": "100000"}
"""... and, with ``proxy_set_header X-Tcp-Rtt $tcpinfo_rtt``, his link's round trip (µs)
as the proxy's kernel timed it: 100 ms."""


@LINUX
def test_HG_R8_echoes_held_back_every_time_earn_no_more_than_the_kernel_round_trip(
    server: Server, bystander: dict[str, Any]
) -> None:
    """By its echoes alone seat 0's link looks 80 ms long, and it would win a race it is
    40 ms slower in. The kernel times the same loopback connection at well under a
    millisecond, so the bell credits at most that and the margin: seat 1, faster, wins."""
    t = Table(server)
    try:
        faked, honest, winner = _fake_lag_race(t, later=0.040)
        assert faked["credit_ms"] <= MARGIN_MS + 1  # not the 80 faked
        assert honest["credit_ms"] <= MARGIN_MS + 1
        assert winner == 1
    finally:
        t.close()
    _intact(server, bystander)


def test_HG_R8_behind_a_proxy_held_back_echoes_earn_no_more_than_the_proxys_round_trip(
    server: Server, bystander: dict[str, Any]
) -> None:
    """Seat 0 comes through a proxy on this machine that passes its link's round trip,
    100 ms, in ``X-Tcp-Rtt``; its echoes, held back, make it look 130 ms. The bell credits
    half the proxy's round trip and the margin, 55 ms, not the 80+ the echoes claim: 70 ms
    slower than seat 1, seat 0 loses the race it would have won by its echoes."""
    t = Table(server, headers=FAR)
    try:
        faked, honest, winner = _fake_lag_race(t, later=0.070)
        assert 50 <= faked["credit_ms"] <= 50 + MARGIN_MS + 1, faked
        assert honest["credit_ms"] <= MARGIN_MS + 1
        assert winner == 1
    finally:
        t.close()
    _intact(server, bystander)


def test_HG_R8_behind_a_proxy_that_sends_no_round_trip_the_echoes_alone_count(
    server: Server, bystander: dict[str, Any]
) -> None:
    """The limit left (docs/halligalli-fairness.md): through a proxy on this machine that
    does not pass ``X-Tcp-Rtt``, the server's kernel times only the hop to the proxy and
    bounds nothing; seat 0 is credited the 80 ms its held-back echoes fake."""
    t = Table(server, headers=PROXY)
    try:
        faked, _, _ = _fake_lag_race(t, later=0.040)
        assert 78 <= faked["credit_ms"] <= 95, faked
    finally:
        t.close()
    _intact(server, bystander)


@LINUX
@pytest.mark.parametrize("server", ["lan"], indirect=True)
def test_HG_R8_a_round_trip_header_from_a_peer_that_is_no_trusted_proxy_is_ignored(
    server: Server, bystander: dict[str, Any]
) -> None:
    """Seat 0 connects straight to the server's network address, not through a proxy, and
    sends the proxy's headers itself, claiming a 100 ms link; the server's kernel times its
    connection at well under a millisecond, and that is the bound: no 55 ms, no 80 ms."""
    lan = lan_address()
    if lan is None:
        pytest.skip("this machine has no network address but loopback")
    t = Table(server, headers=FAR, host=lan)
    try:
        faked, _, winner = _fake_lag_race(t, later=0.040)
        assert faked["credit_ms"] <= MARGIN_MS + 1, faked
        assert winner == 1
    finally:
        t.close()
    _intact(server, bystander)


UNBOUNDED = pytest.mark.parametrize("server", ["off"], indirect=True)
"""On loopback a long link can only be faked, by holding echoes back, and the kernel's
bound cuts such a credit: tests of what a long link does to everybody else run without
it."""


@UNBOUNDED
def test_HG_R8_a_ring_before_the_card_is_shown_is_not_a_fast_ring(
    server: Server, bystander: dict[str, Any]
) -> None:
    """Seat 2's link looks 150 ms long, so every card is held back; seat 0 rings the
    moment the message arrives, claiming 100 ms. It is refused, opens no window, and the
    honest ring that comes 300 ms after the show wins."""
    t = Table(server)
    try:
        for _ in range(2):
            t.sync(2, hold=0.300)
        t.sync(0)
        t.sync(1)
        step = t.flip_to_valid()
        v = step["view"]["version"]
        assert step["show_at"] - step["server_now"] > 0.05  # the card is not shown yet
        t.ring(0, v, 100)
        error = recv_type(t.socks[0], "error")
        assert error["rule"] == "HG-R8"
        time.sleep(max(0.0, step["show_at"] - step["server_now"]) + 0.300)
        t.ring(1, v, 300)
        assert recv_type(t.socks[1], "rang")["claim"]["seat"] == 1
        assert t.bell_winner() == 1
    finally:
        t.close()
    _intact(server, bystander)


@UNBOUNDED
def test_HG_R8_a_fast_link_gets_the_card_no_sooner_than_it_can_be_shown(
    server: Server, bystander: dict[str, Any]
) -> None:
    """Seat 2's link looks 150 ms long, so cards are shown 150 ms after a flip. Seat 0,
    on loopback, would have the message at once and could react to it before the card
    shows; it gets the step only a slack before the show time."""
    t = Table(server)
    try:
        for _ in range(2):
            t.sync(2, hold=0.300)
        t.sync(0)
        flipper = t.step["view"]["to_flip"]
        assert flipper is not None
        sent = time.monotonic()
        t.socks[flipper].send(json.dumps({"type": "act", "action": "flip", "ply": None}))
        step = recv_type(t.socks[0], "step")
        waited = time.monotonic() - sent
        lead = step["show_at"] - step["server_now"]
        assert lead > 0.1
        assert waited >= lead - 0.030 - 0.010  # the slack, and a little for the clock
    finally:
        t.close()
    _intact(server, bystander)


def test_HG_R8_a_stale_version_ring_flood_blocks_no_flip(
    server: Server, bystander: dict[str, Any]
) -> None:
    """Seat 2 rings naming a version never shown every 310 ms while everybody flips in
    turn: every flip goes through, every flood ring is refused at once, and after three
    refusals the flooder may not ring at all for a while — not even on the table as it
    is."""
    t = Table(server)
    seen: list[list[dict[str, Any]]] = [[], [], []]
    try:
        sent = 0
        for i in range(8):
            t.ring(2, -1, 100)
            sent += 1
            if i == 3:  # cooling down: even a ring naming the current version is refused
                t.ring(2, t.step["view"]["version"], 300)
                sent += 1
            flipper = t.step["view"]["to_flip"]
            assert flipper is not None, "the round ended"
            t.socks[flipper].send(json.dumps({"type": "act", "action": "flip", "ply": None}))
            steps = [_until(ws, "step", seen[s]) for s, ws in enumerate(t.socks)]
            assert steps[0]["view"]["version"] == t.step["view"]["version"] + 1
            t.step = steps[0]
            time.sleep(0.310)
        for s, ws in enumerate(t.socks):
            seen[s] += _drain(ws, 0.3)
        assert not [m for m in seen[0] + seen[1] if m["type"] == "error"]  # no flip refused
        answers = [m for m in seen[2] if m["type"] in ("error", "rang")]
        assert len(answers) == sent and all(m["type"] == "error" for m in answers)
        assert all(m["rule"] == "HG-R8" for m in answers)
        assert sum("too many" in m["message"] for m in answers) >= 2
    finally:
        t.close()
    _intact(server, bystander)
