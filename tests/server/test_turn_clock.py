"""Turn clocks: a person who takes too long over a move has his seat played by a bot
(the stand-in's level), takes it back with his token, and the clock outlives a restart.

The tables run on a simulated clock: time moves only when the test says so, and the
table's driver is woken to notice (as a real clock's timer would wake it).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.server import Settings, create_app
from spieltisch.server.tables import RESTORE_LEAST
from spieltisch.table import SimClock

from .conftest import hello, until

START = 1000.0
MINUTE = {"mode": "move", "seconds": 60}
DAY = {"mode": "correspondence", "seconds": 86_400}


@contextmanager
def server(settings: Settings, clock: SimClock) -> Iterator[TestClient]:
    with TestClient(create_app(settings, clock=clock)) as c:
        yield c


def wake(client: TestClient, tid: str) -> None:
    """Let the table notice that simulated time moved."""
    live = client.app.state.manager.tables[tid]  # type: ignore[attr-defined]
    client.portal.call(live.wake.set)  # type: ignore[union-attr]


def clocked(client: TestClient, clock: dict[str, Any]) -> tuple[str, str, str]:
    """Ada and Bob at a clocked Halali table, no bots seated (so a seat that runs out of
    time goes to the game's first level above random): (table, Ada's, Bob's token)."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = client.post(
        "/api/tables", json={"game": "halali", "seats": seats, "name": "Ada", "clock": clock}
    )
    assert made.status_code == 201, made.text
    tid = made.json()["table"]["id"]
    bob = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"}).json()["seat_token"]
    return tid, made.json()["seat_token"], bob


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def table(client: TestClient, tid: str) -> dict[str, Any]:
    data: dict[str, Any] = client.get(f"/api/tables/{tid}").json()
    return data


def mover(client: TestClient, tid: str) -> int:
    left = table(client, tid)["clock"]["left"]
    moving = [seat for seat, s in enumerate(left) if s is not None]
    assert len(moving) == 1, left
    return moving[0]


def test_a_move_clock_runs_out_a_bot_plays_and_the_player_takes_his_seat_back(
    settings: Settings,
) -> None:
    clock = SimClock(START)
    with server(settings, clock) as client:
        tid, ada, bob = clocked(client, MINUTE)
        shown = table(client, tid)["clock"]
        assert shown["mode"] == "move" and shown["seconds"] == 60
        first = mover(client, tid)
        assert shown["left"][first] == pytest.approx(60)
        tokens = {0: ada, 1: bob}
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            welcome = hello(ws, tokens[first])
            assert welcome["table"]["clock"]["left"][first] == pytest.approx(60)
            clock.advance(59)  # thinking, within the time
            wake(client, tid)
            assert table(client, tid)["seats"][first]["kind"] == "human"
            assert table(client, tid)["clock"]["left"][first] == pytest.approx(1)
            clock.advance(2)  # the time is up
            wake(client, tid)
            out = until(ws, "timeout")
            assert out["seat"] == first and out["level"] != "random"
            assert until(ws, "step")["seat"] == first  # the bot moved for him
            assert table(client, tid)["seats"][first]["kind"] == "bot"
            ws.send_json({"type": "take_back"})
            for _ in range(20):
                if until(ws, "table")["table"]["seats"][first]["kind"] == "human":
                    break
            assert table(client, tid)["seats"][first]["kind"] == "human"


def test_the_clock_follows_the_moves_and_survives_a_restart(settings: Settings) -> None:
    clock = SimClock(START)
    with server(settings, clock) as client:
        tid, ada, bob = clocked(client, MINUTE)
        first = mover(client, tid)
        tokens = {0: ada, 1: bob}
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            view = hello(ws, tokens[first])["view"]
            clock.advance(50)
            ws.send_json({"type": "act", "action": view["legal_actions"][0]})
            step = until(ws, "step")
        second = 1 - first
        # Whoever moved now waits with no deadline; the other has a full minute.
        assert step["table"]["clock"]["left"] == [
            pytest.approx(60) if s == second else None for s in (0, 1)
        ]
        clock.advance(20)  # 40 s left when the server stops
    restarted = SimClock(clock.now() + 10)  # down for ten seconds: the clock kept running
    with server(settings, restarted) as client:
        assert table(client, tid)["clock"]["left"][second] == pytest.approx(30)
        restarted.advance(29)
        wake(client, tid)
        assert table(client, tid)["seats"][second]["kind"] == "human"
        restarted.advance(2)
        wake(client, tid)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, tokens[second])
            for _ in range(20):
                if table(client, tid)["seats"][second]["kind"] == "bot":
                    break
                until(ws, "table")
            assert table(client, tid)["seats"][second]["kind"] == "bot"


def test_a_correspondence_table_keeps_its_deadline_over_a_restart(settings: Settings) -> None:
    clock = SimClock(START)
    with server(settings, clock) as client:
        tid, _ada, _bob = clocked(client, DAY)
        first = mover(client, tid)
        clock.advance(3600)
        assert table(client, tid)["clock"]["left"][first] == pytest.approx(86_400 - 3600)
    later = SimClock(START + 5 * 3600)  # five hours later
    with server(settings, later) as client:
        shown = table(client, tid)["clock"]
        assert shown["mode"] == "correspondence"
        assert shown["left"][first] == pytest.approx(86_400 - 5 * 3600)
        assert table(client, tid)["seats"][first]["kind"] == "human"
    # Down past the deadline: the player, who could not move then, gets a moment.
    much_later = SimClock(START + 2 * 86_400)
    with server(settings, much_later) as client:
        assert table(client, tid)["clock"]["left"][first] == pytest.approx(RESTORE_LEAST)


def test_a_table_without_a_clock_says_nothing_of_one(client: TestClient) -> None:
    made = client.post(
        "/api/tables", json={"game": "halali", "seats": [{"kind": "human"}, {"kind": "human"}]}
    )
    assert "clock" not in made.json()["table"]


def test_only_games_with_turns_take_a_clock_and_only_in_range(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games["halali"]["turn_clock"] and not games["halligalli"]["turn_clock"]
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    bell = [{"kind": "human"}, *[{"kind": "bot", "level": "random"}] * 2]
    refused = client.post(
        "/api/tables", json={"game": "halligalli", "seats": bell, "clock": MINUTE}
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "table/clock_not_turns"
    for bad in ({"mode": "move", "seconds": 5}, {"mode": "correspondence", "seconds": 60}):
        refused = client.post("/api/tables", json={"game": "halali", "seats": seats, "clock": bad})
        assert refused.status_code == 400
        error = refused.json()["error"]
        assert error["code"] == "table/clock_invalid" and error["text"]["de"]


def test_a_rematch_keeps_the_turn_clock(settings: Settings) -> None:
    with server(settings, SimClock(START)) as client:
        tid, ada, _bob = clocked(client, DAY)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, ada)
            ws.send_json({"type": "resign"})
            until(ws, "step")
        assert table(client, tid)["status"] == "finished"
        again = client.post(
            f"/api/tables/{tid}/rematch", headers={"authorization": f"Bearer {ada}"}
        )
        assert again.status_code == 200, again.text
        shown = again.json()["table"]["clock"]
        assert shown["mode"] == "correspondence" and shown["seconds"] == 86_400


def test_a_host_cannot_refill_his_clock_by_handing_his_seat_to_a_bot_and_back(
    settings: Settings,
) -> None:
    """Attack: a minute per move; with 18 s left the host hands his own seat to a bot and
    takes it straight back. The clock belongs to the seat: 18 s are left, not 60."""
    clock = SimClock(START)
    # The bot has not moved yet; the host's own seat is his to hand over at once.
    settings = settings.model_copy(update=dict(bot_delay=5.0, seat_away_grace=0.0))
    with server(settings, clock) as client:
        seats = [{"kind": "human"}, {"kind": "human"}]
        made = client.post(
            "/api/tables", json={"game": "halali", "seats": seats, "name": "Ada", "clock": MINUTE}
        ).json()
        tid, ada, host = made["table"]["id"], made["seat_token"], made["host_token"]
        bob = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"}).json()["seat_token"]
        if mover(client, tid) == 1:
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                view = hello(ws, bob)["view"]
                ws.send_json({"type": "act", "action": view["legal_actions"][0]})
                until(ws, "step")
        assert mover(client, tid) == 0
        clock.advance(42)
        for _ in range(3):
            r = client.post(
                f"/api/tables/{tid}/seats/0/bot", json={"level": "random"}, headers=bearer(host)
            )
            assert r.status_code == 200, r.text
            r = client.post(f"/api/tables/{tid}/seats/0/human", headers=bearer(ada))
            assert r.status_code == 200, r.text
            assert table(client, tid)["clock"]["left"][0] == pytest.approx(18)
