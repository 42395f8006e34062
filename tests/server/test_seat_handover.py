"""The host hands only a seat away for minutes (or idle at a table without a turn clock)
to a bot; its own player takes it back.

The attack: a host who hands the opponent's seat to a ``random`` bot on each of the
opponent's turns, and back, plays the opponent's moves. The table's clock decides what
"idle" means (a simulated clock here), so the grace period is tested without waiting.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.server import Settings, create_app
from spieltisch.table import SimClock

from .conftest import hello, until

GRACE = 180.0
"""The default idle and away graces (``seat_idle_grace``, ``seat_away_grace``)."""


@pytest.fixture
def clock() -> SimClock:
    return SimClock(1000.0)


@pytest.fixture
def table_client(settings: Settings, clock: SimClock) -> Iterator[TestClient]:
    with TestClient(create_app(settings, clock=clock)) as c:
        yield c


def hosted(client: TestClient) -> tuple[str, str, str, str]:
    """Ada hosts (seat 0), Bob joins (seat 1): (table, host token, Ada's, Bob's)."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = client.post("/api/tables", json={"game": "halali", "seats": seats, "name": "Ada"})
    tid = made.json()["table"]["id"]
    bob = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"}).json()["seat_token"]
    return tid, made.json()["host_token"], made.json()["seat_token"], bob


def to_bot(client: TestClient, tid: str, token: str, level: str | None = "random") -> Any:
    return client.post(
        f"/api/tables/{tid}/seats/1/bot",
        json={"level": level},
        headers={"authorization": f"Bearer {token}"},
    )


def play(ws: Any, view: dict[str, Any]) -> dict[str, Any]:
    ws.send_json({"type": "act", "action": view["legal_actions"][0]})
    return until(ws, "step")


def seat_kind(client: TestClient, tid: str) -> str:
    kind: str = client.get(f"/api/tables/{tid}").json()["seats"][1]["kind"]
    return kind


def test_a_connected_opponent_on_turn_cannot_be_handed_to_a_bot(
    table_client: TestClient, clock: SimClock
) -> None:
    client = table_client
    tid, host, ada, bob = hosted(client)
    forced = 0
    with client.websocket_connect(f"/ws/tables/{tid}") as a:
        view = hello(a, ada)["view"]
        with client.websocket_connect(f"/ws/tables/{tid}") as b:
            bob_view = hello(b, bob)["view"]
            for _ in range(10):
                step = play(a, view)  # Ada moves: now it is Bob's turn
                bob_view = until(b, "step")["view"]
                clock.advance(GRACE - 1)  # Bob thinks long, but within the grace
                refused = to_bot(client, tid, host)
                assert refused.status_code == 409
                error = refused.json()["error"]
                assert error["code"] == "table/seat_in_use" and error["text"]["de"]
                assert seat_kind(client, tid) == "human"
                step = play(b, bob_view)  # Bob's own decision
                forced += step["seat"] != 1
                view = until(a, "step")["view"]
            assert forced == 0
            # Idle past the grace on his turn: now the host may let a bot play for him ...
            play(a, view)
            until(b, "step")
            clock.advance(GRACE + 1)
            assert to_bot(client, tid, host, "strong").status_code == 200
            assert seat_kind(client, tid) == "bot"
            assert until(b, "step")["seat"] == 1  # the bot moved for him
            # ... and he takes the seat back with a message, at any time.
            b.send_json({"type": "take_back"})
            for _ in range(10):
                if until(b, "table")["table"]["seats"][1]["kind"] == "human":
                    break
            assert seat_kind(client, tid) == "human"


def test_an_away_seat_goes_to_a_bot_after_its_grace_and_its_token_takes_it_back(
    table_client: TestClient, clock: SimClock
) -> None:
    client = table_client
    tid, host, ada, bob = hosted(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as a:
        hello(a, ada)
        # Bob never connected: away, since the table went live, for the whole grace.
        clock.advance(GRACE)
        assert to_bot(client, tid, "x").json()["error"]["code"] == "auth/not_host"
        # A seated player hands an away seat over, but gives none back: its own token does.
        assert to_bot(client, tid, ada, None).json()["error"]["code"] == "auth/not_host"
        assert to_bot(client, tid, host, "nonsense").json()["error"]["code"] == "bot/unknown_level"
        assert to_bot(client, tid, host).status_code == 200
        back = f"/api/tables/{tid}/seats/1/human"
        for token in (host, ada, "x"):
            refused = client.post(back, headers={"authorization": f"Bearer {token}"})
            assert refused.status_code == 403
            assert refused.json()["error"]["code"] == "auth/bad_token"
        assert seat_kind(client, tid) == "bot"
        taken = client.post(back, headers={"authorization": f"Bearer {bob}"})
        assert taken.status_code == 200 and taken.json()["seats"][1]["kind"] == "human"
    with client.websocket_connect(f"/ws/tables/{tid}") as s:
        hello(s, None)
        s.send_json({"type": "take_back"})
        assert until(s, "error")["code"] == "auth/spectator"


def seats_when(ws: Any, ready: Any) -> list[dict[str, Any]]:
    """The seats of the first table update that is ``ready``."""
    for _ in range(20):
        seats: list[dict[str, Any]] = until(ws, "table")["table"]["seats"]
        if ready(seats):
            return seats
    raise AssertionError("no such table update")


def test_anyone_seated_hands_an_away_seat_to_a_bot_after_its_grace(
    table_client: TestClient, clock: SimClock
) -> None:
    client = table_client
    tid, _host, ada, bob = hosted(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as a:
        welcome = hello(a, ada)
        with client.websocket_connect(f"/ws/tables/{tid}") as b:
            hello(b, bob)
            seats = seats_when(a, lambda seats: seats[1]["online"])
            assert seats[1]["handover_in"] is None  # connected, waiting for his turn: no
        # Bob's page closed: the table says in how long his seat may go to a bot.
        seats = seats_when(a, lambda seats: not seats[1]["online"])
        assert seats[1]["handover_in"] == GRACE
        assert seats[0]["handover_in"] == GRACE  # Ada on her turn: idle within its grace
        clock.advance(GRACE - 1)
        refused = to_bot(client, tid, ada)
        assert refused.json()["error"]["code"] == "table/seat_in_use"
        assert "180" in refused.json()["error"]["message"]
        assert seat_kind(client, tid) == "human"
        clock.advance(1)
        done = to_bot(client, tid, ada, "strong")  # Ada, not the host: she is seated
        assert done.status_code == 200, done.text
        assert done.json()["seats"][1]["kind"] == "bot"
        assert done.json()["seats"][1]["level"] == "strong"
        assert done.json()["seats"][1]["handover_in"] is None
        play(a, welcome["view"])
