"""A signed-in player's seat on another device: ``GET /api/players/me/tables`` lists his
tables and ``POST /api/tables/{id}/seats/{n}/claim`` gives that browser a token of its own,
while his first device keeps playing; every other claimant is refused and the table
stays as it was."""

from __future__ import annotations

import logging
import warnings
from typing import Any

import pytest

from spieltisch.server.seats import MAX_SEAT_DEVICES

from .conftest import hello, until
from .test_life import resign
from .test_players import auth, new_player

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # as in conftest: Starlette's note on its HTTP client
    from fastapi.testclient import TestClient

PASSWORD = "correct horse battery"


def table(client: TestClient, ada: str, bob: str | None) -> tuple[str, str, str]:
    """A running Halali table: Ada (player key ``ada``) in seat 0, Bob (``bob``, or a
    guest) in seat 1; returns its id and the two seat tokens."""
    body = {"game": "halali", "seats": [{"kind": "human"}] * 2, "name": "Ada", "player": ada}
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    tid = made.json()["table"]["id"]
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bob", "player": bob})
    assert joined.status_code == 200, joined.text
    return tid, made.json()["seat_token"], joined.json()["seat_token"]


def sign_in(client: TestClient, name: str) -> str:
    """The key a second device gets by signing in with name and password."""
    r = client.post("/api/players/login", json={"name": name, "password": PASSWORD})
    assert r.status_code == 200, r.text
    key: str = r.json()["key"]
    return key


def claim(client: TestClient, tid: str, seat: int, key: str | None) -> Any:
    headers = auth(key) if key is not None else {}
    return client.post(f"/api/tables/{tid}/seats/{seat}/claim", headers=headers)


def seats_of(client: TestClient, tid: str) -> Any:
    """What the table says of its seats and its game: unchanged by a refused claim."""
    summary = client.get(f"/api/tables/{tid}").json()
    return summary["seats"], summary["status"], summary["plies"]


def refused(client: TestClient, tid: str, token: str) -> str:
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        msg = hello(ws, token)
    assert msg["type"] == "error", msg
    code: str = msg["code"]
    return code


def test_a_player_signed_in_on_a_second_device_plays_his_seat_and_the_first_plays_on(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    ada = new_player(client, "Ada", PASSWORD)
    bob = new_player(client, "Bob")
    tid, first, _bob_token = table(client, ada["key"], bob["key"])
    phone = sign_in(client, "Ada")

    mine = client.get("/api/players/me/tables", headers=auth(phone))
    assert mine.status_code == 200, mine.text
    assert [(tb["id"], tb["seat"], tb["status"]) for tb in mine.json()] == [(tid, 0, "running")]
    assert client.get("/api/players/me/tables", headers=auth(bob["key"])).json()[0]["seat"] == 1

    got = claim(client, tid, 0, phone)
    assert got.status_code == 200, got.text
    second = got.json()["seat_token"]
    assert got.json()["seat"] == 0 and second != first

    # Both devices are seat 0 at once; a move from the phone reaches the desktop.
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as desk,
        client.websocket_connect(f"/ws/tables/{tid}") as hand,
    ):
        assert hello(desk, first)["seat"] == 0
        welcome = hello(hand, second)
        assert welcome["seat"] == 0
        hand.send_json({"type": "act", "action": welcome["view"]["legal_actions"][0]})
        assert until(hand, "step")["seat"] == 0
        assert until(desk, "step")["seat"] == 0
    # The seat's tokens never reach a log, nor does the player's key.
    text = "\n".join(f"{r.getMessage()} {r.__dict__}" for r in caplog.records)
    for secret in (first, second, phone.split(".")[1]):
        assert secret not in text


def test_claims_by_anyone_else_are_refused_and_change_nothing(client: TestClient) -> None:
    ada = new_player(client, "Ada", PASSWORD)
    bob = new_player(client, "Bob")
    tid, first, guest_token = table(client, ada["key"], None)
    before = seats_of(client, tid)

    # Another player's identity: Bob is no player of seat 0 (nor of the guest's seat 1).
    assert claim(client, tid, 0, bob["key"]).json()["error"]["code"] == "table/seat_not_yours"
    assert claim(client, tid, 0, bob["key"]).status_code == 403
    # A guest's seat stays in the guest's browser, even for a signed-in player.
    assert claim(client, tid, 1, ada["key"]).json()["error"]["code"] == "table/seat_guest"
    # A seat token is no player key; no key at all; a key with a wrong secret.
    assert claim(client, tid, 0, first).json()["error"]["code"] == "player/bad_key"
    assert claim(client, tid, 0, guest_token).json()["error"]["code"] == "player/bad_key"
    assert claim(client, tid, 0, None).json()["error"]["code"] == "auth/missing_token"
    player_id, secret = ada["key"].split(".")
    wrong = f"{player_id}.{'y' if secret[0] == 'x' else 'x'}{secret[1:]}"  # one letter off
    assert claim(client, tid, 0, wrong).json()["error"]["code"] == "player/bad_key"
    # A guessed table id, a seat that does not exist.
    assert claim(client, "AAAAAAAAAAAA", 0, ada["key"]).json()["error"]["code"] == "table/not_found"
    assert claim(client, tid, 5, ada["key"]).json()["error"]["code"] == "table/no_such_seat"
    assert claim(client, tid, 9, ada["key"]).json()["error"]["code"] == "request/invalid"
    assert seats_of(client, tid) == before

    # A token of one table is nobody's seat at another, claimed or not.
    other, _, _ = table(client, bob["key"], None)
    stolen = claim(client, tid, 0, ada["key"]).json()["seat_token"]
    assert refused(client, other, stolen) == "auth/bad_token"
    assert refused(client, other, first) == "auth/bad_token"


def test_the_oldest_device_token_goes_stale_after_too_many_claims(client: TestClient) -> None:
    ada = new_player(client, "Ada", PASSWORD)
    tid, first, _ = table(client, ada["key"], None)
    tokens = [claim(client, tid, 0, ada["key"]).json()["seat_token"] for _ in range(3)]
    tokens += [claim(client, tid, 0, ada["key"]).json()["seat_token"] for _ in range(2)]
    assert len(tokens) == MAX_SEAT_DEVICES + 1
    stale = tokens[0]
    assert refused(client, tid, stale) == "auth/bad_token"
    for token in [first, *tokens[1:]]:  # the seat's own token and the newest devices
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            assert hello(ws, token)["seat"] == 0
    # The stale token takes nothing back over HTTP either.
    back = client.post(f"/api/tables/{tid}/seats/0/human", headers=auth(stale))
    assert back.json()["error"]["code"] == "auth/bad_token"


def test_a_claimed_device_asks_for_the_rematch_of_a_finished_game(client: TestClient) -> None:
    ada = new_player(client, "Ada", PASSWORD)
    bob = new_player(client, "Bob")
    tid, _first, _bob = table(client, ada["key"], bob["key"])
    phone = claim(client, tid, 0, sign_in(client, "Ada")).json()["seat_token"]
    resign(client, tid, phone, 0)  # two players: the game ends
    assert client.get(f"/api/tables/{tid}").json()["status"] == "finished"
    again = client.post(f"/api/tables/{tid}/rematch", headers=auth(phone))
    assert again.status_code == 200, again.text
    assert again.json()["seat"] == 0
