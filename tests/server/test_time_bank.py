"""Time banks on the server: each seat's bank is shown per seat, runs on its turn only,
gains the increment, runs out like a per-move clock (a bot plays the seat) and is kept
over a restart. On a simulated clock, as the turn clock tests."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from spieltisch.server import Settings
from spieltisch.table import SimClock

from .conftest import hello, until
from .test_turn_clock import START, clocked, mover, server, table, wake

BANK = {"mode": "bank", "seconds": 180, "increment": 2}


def test_the_banks_are_shown_per_seat_and_the_increment_is_added(settings: Settings) -> None:
    clock = SimClock(START)
    with server(settings, clock) as client:
        tid, ada, bob = clocked(client, BANK)
        shown = table(client, tid)["clock"]
        assert (shown["mode"], shown["seconds"], shown["increment"]) == ("bank", 180, 2)
        assert shown["bank"] == [180, 180]
        first = mover(client, tid)
        second = 1 - first
        tokens = {0: ada, 1: bob}
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            view = hello(ws, tokens[first])["view"]
            clock.advance(40)
            ws.send_json({"type": "act", "action": view["legal_actions"][0]})
            step = until(ws, "step")
        shown = step["table"]["clock"]
        assert shown["bank"][first] == pytest.approx(142)
        assert shown["left"][first] is None and shown["left"][second] == pytest.approx(180)
        clock.advance(30)
        assert table(client, tid)["clock"]["left"][second] == pytest.approx(150)


def test_a_bank_that_runs_out_hands_the_seat_to_a_bot(settings: Settings) -> None:
    clock = SimClock(START)
    with server(settings, clock) as client:
        tid, ada, bob = clocked(client, {"mode": "bank", "seconds": 10, "increment": 1})
        first = mover(client, tid)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, {0: ada, 1: bob}[first])
            clock.advance(9)
            wake(client, tid)
            assert table(client, tid)["seats"][first]["kind"] == "human"
            clock.advance(2)
            wake(client, tid)
            out = until(ws, "timeout")
            assert out["seat"] == first
            assert until(ws, "step")["seat"] == first  # the bot moved for him
            assert table(client, tid)["seats"][first]["kind"] == "bot"


def test_the_banks_survive_a_restart(settings: Settings) -> None:
    clock = SimClock(START)
    with server(settings, clock) as client:
        tid, ada, bob = clocked(client, BANK)
        first = mover(client, tid)
        second = 1 - first
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            view = hello(ws, {0: ada, 1: bob}[first])["view"]
            clock.advance(100)
            ws.send_json({"type": "act", "action": view["legal_actions"][0]})
            until(ws, "step")
        clock.advance(50)  # the second player thinks; 130 s on his bank when it stops
    restarted = SimClock(clock.now() + 10)  # down for ten seconds: his bank ran on
    with server(settings, restarted) as client:
        shown = table(client, tid)["clock"]
        assert shown["bank"][first] == pytest.approx(82)  # 180 - 100 + 2, kept
        assert shown["left"][second] == pytest.approx(120)
        assert shown["left"][first] is None


def test_a_bank_out_of_range_or_for_a_real_time_game_is_refused(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    bell = [{"kind": "human"}, *[{"kind": "bot", "level": "random"}] * 2]
    refused = client.post("/api/tables", json={"game": "halligalli", "seats": bell, "clock": BANK})
    assert refused.json()["error"]["code"] == "table/clock_not_turns"
    for bad in (
        {"mode": "bank", "seconds": 5, "increment": 2},
        {"mode": "bank", "seconds": 180, "increment": 900},
        {"mode": "move", "seconds": 60, "increment": 2},
    ):
        refused = client.post("/api/tables", json={"game": "halali", "seats": seats, "clock": bad})
        assert refused.status_code == 400
        error = refused.json()["error"]
        assert error["code"] == "table/clock_invalid" and error["text"]["de"]


def test_a_rematch_keeps_the_time_bank_with_full_banks(settings: Settings) -> None:
    with server(settings, SimClock(START)) as client:
        tid, ada, _bob = clocked(client, BANK)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, ada)
            ws.send_json({"type": "resign"})
            until(ws, "step")
        again = client.post(
            f"/api/tables/{tid}/rematch", headers={"authorization": f"Bearer {ada}"}
        )
        assert again.status_code == 200, again.text
        shown = again.json()["table"]["clock"]
        assert (shown["mode"], shown["seconds"], shown["increment"]) == ("bank", 180, 2)
        assert shown["bank"] == [180, 180]
