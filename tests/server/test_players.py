"""Players and ratings over the HTTP API: identities, export codes, passwords, rated games,
profiles and leaderboards (docs/players.md)."""

from __future__ import annotations

import logging
import secrets
import sqlite3
import warnings
from typing import Any

import pytest

from spieltisch.server import players as players_module
from spieltisch.server import ratings
from spieltisch.server.security import hash_token

from .conftest import hello, until
from .test_life import resign

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # as in conftest: Starlette's note on its HTTP client
    from fastapi.testclient import TestClient


def new_player(client: TestClient, name: str, password: str | None = None) -> dict[str, Any]:
    r = client.post("/api/players", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def auth(key: str) -> dict[str, str]:
    return {"authorization": f"Bearer {key}"}


def duel(client: TestClient, ada: str, bob: str | None, **extra: Any) -> tuple[str, list[str]]:
    """A running Halali table: Ada (player key ``ada``) in seat 0, Bob in seat 1, each
    with a move made (a game is rated only when every player made one of his own)."""
    body = {"game": "halali", "seats": [{"kind": "human"}] * 2, "name": "Ada", "player": ada}
    r = client.post("/api/tables", json={**body, **extra})
    assert r.status_code == 201, r.text
    tid = r.json()["table"]["id"]
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bob", "player": bob})
    assert joined.status_code == 200, joined.text
    tokens = [r.json()["seat_token"], joined.json()["seat_token"]]
    opening(client, tid, tokens)
    return tid, tokens


def opening(client: TestClient, tid: str, tokens: list[str | None]) -> None:
    """Each seat with a token plays one legal move, whoever is to move first (Halali
    alternates, and a rematch gives the other seat Blue, HA-R10); waits for the step of
    each move (and so for a bot's answer, if it is quick)."""
    pending = [seat for seat, token in enumerate(tokens) if token is not None]
    for _round in range(2 * len(tokens)):
        for seat in list(pending):
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                view = hello(ws, tokens[seat])["view"]
                if not view["legal_actions"]:
                    continue  # not this seat's turn yet
                ws.send_json({"type": "act", "action": view["legal_actions"][0]})
                while until(ws, "step")["seat"] != seat:
                    pass
            pending.remove(seat)
        if not pending:
            return
    raise AssertionError(f"seats {pending} never came to move")


def rating(client: TestClient, player_id: str, game: str = "halali") -> int | None:
    found = client.get(f"/api/players/{player_id}").json()["ratings"].get(game)
    return None if found is None else int(found["rating"])


def test_a_rated_game_moves_both_players_ratings_and_the_profile_lists_it(
    client: TestClient,
) -> None:
    ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
    tid, tokens = duel(client, ada["key"], bob["key"])
    assert rating(client, ada["player"]["id"]) is None  # no rated game yet
    resign(client, tid, tokens[1], 1)  # Bob gives up: Ada wins (HA-R9)
    assert client.get(f"/api/tables/{tid}").json()["status"] == "finished"

    winner, loser = rating(client, ada["player"]["id"]), rating(client, bob["player"]["id"])
    assert winner is not None and loser is not None and winner > 1000 > loser

    profile = client.get(f"/api/players/{ada['player']['id']}").json()
    assert profile["player"]["name"] == "Ada"
    (game,) = profile["games"]
    assert game["table"] == tid and game["game"] == "halali" and game["outcome"] == "win"
    assert game["rated"] is True and game["replay"] == f"/replay/{tid}"
    assert game["review"] == f"/replay/{tid}?review=0"  # the review of his own seat
    assert game["rating"] == {"before": 1000, "after": winner}
    (opponent,) = game["opponents"]
    assert opponent["name"] == "Bob" and opponent["player"] == bob["player"]["id"]
    assert profile["results"] == {"halali": {"games": 1, "wins": 1, "draws": 0, "losses": 0}}

    board = client.get("/api/ratings/halali").json()["entries"]
    people = [e for e in board if e["kind"] == "player"]
    assert [e["name"] for e in people] == ["Ada", "Bob"]
    assert [e["rating"] for e in board] == sorted((e["rating"] for e in board), reverse=True)


def test_the_rematch_of_a_rated_game_is_rated_for_the_same_players(client: TestClient) -> None:
    ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
    tid, tokens = duel(client, ada["key"], bob["key"])
    resign(client, tid, tokens[1], 1)
    seats = [
        client.post(f"/api/tables/{tid}/rematch", headers=auth(token)).json() for token in tokens
    ]
    nid = seats[0]["table"]["id"]
    assert client.get(f"/api/tables/{nid}").json()["status"] == "running"
    opening(client, nid, [seat["seat_token"] for seat in seats])
    resign(client, nid, seats[0]["seat_token"], 0)  # Ada gives up this time
    profile = client.get(f"/api/players/{bob['player']['id']}").json()
    assert [g["outcome"] for g in profile["games"]] == ["win", "loss"]
    assert all(g["rating"] is not None for g in profile["games"])
    assert profile["ratings"]["halali"]["games"] == 2


def test_an_unrated_game_leaves_ratings_alone_but_counts_on_the_profile(
    client: TestClient,
) -> None:
    ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
    tid, tokens = duel(client, ada["key"], bob["key"], rated=False)
    resign(client, tid, tokens[1], 1)
    assert rating(client, ada["player"]["id"]) is None
    (game,) = client.get(f"/api/players/{ada['player']['id']}").json()["games"]
    assert game["rated"] is False and game["rating"] is None and game["outcome"] == "win"


def test_a_bot_keeps_its_anchor_and_a_player_who_loses_to_it_goes_down(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ratings, "anchors", lambda: {"halali": {"random": (20.0, 1.0)}})
    ada = new_player(client, "Ada")
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    r = client.post(
        "/api/tables", json={"game": "halali", "seats": seats, "name": "Ada", "player": ada["key"]}
    )
    tid, token = r.json()["table"]["id"], r.json()["seat_token"]
    opening(client, tid, [token])
    resign(client, tid, token, 0)
    assert rating(client, ada["player"]["id"])  # rated by default: a player, a game of turns
    board = client.get("/api/ratings/halali").json()["entries"]
    bot = next(e for e in board if e["kind"] == "bot")
    assert bot == {"kind": "bot", "level": "random", "mu": 20.0, "sigma": 1.0, "rating": 1680}
    assert client.get("/api/ratings").json()["games"]["halali"] == {"random": 1680}


def test_a_game_with_a_bot_level_not_anchored_yet_is_not_rated(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ratings, "anchors", lambda: {"halali": {"random": (20.0, 1.0)}})
    ada = new_player(client, "Ada")
    seats = [{"kind": "human"}, {"kind": "bot", "level": "rules"}]
    r = client.post(
        "/api/tables", json={"game": "halali", "seats": seats, "name": "Ada", "player": ada["key"]}
    )
    resign(client, r.json()["table"]["id"], r.json()["seat_token"], 0)
    assert rating(client, ada["player"]["id"]) is None


def test_a_game_is_rated_once_however_often_it_is_asked(client: TestClient) -> None:
    ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
    tid, tokens = duel(client, ada["key"], bob["key"])
    resign(client, tid, tokens[1], 1)
    before = rating(client, ada["player"]["id"])
    manager = client.app.state.manager  # type: ignore[attr-defined]
    record = manager.store.get_table(tid)
    assert ratings.rate_finished(manager.store, record) == 0
    assert rating(client, ada["player"]["id"]) == before


def test_halli_galli_is_not_rated(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "beginner"}]
    r = client.post("/api/tables", json={"game": "halligalli", "seats": seats, "rated": True})
    assert r.status_code == 400 and r.json()["error"]["code"] == "rating/unrated_game"
    assert client.get("/api/ratings/halligalli").json()["error"]["code"] == "rating/unrated_game"


# -- identities ----------------------------------------------------------------------------------
def test_the_export_code_restores_the_identity_on_another_device(client: TestClient) -> None:
    made = new_player(client, "Ada")
    code = made["key"]
    pid, _, key = code.partition(".")
    assert pid == made["player"]["id"] and len(key) >= 43  # secrets.token_urlsafe(32)
    restored = client.post("/api/players/session", headers=auth(code))
    assert restored.status_code == 200 and restored.json()["player"]["id"] == pid


def test_a_password_signs_in_on_a_new_device_with_a_key_of_its_own(client: TestClient) -> None:
    made = new_player(client, "Ada")
    short = client.put(
        "/api/players/me/password", json={"password": "kurz"}, headers=auth(made["key"])
    )
    assert short.json()["error"]["code"] == "player/weak_password"
    ok = client.put(
        "/api/players/me/password", json={"password": "Rotkäppchen-1"}, headers=auth(made["key"])
    )
    assert ok.status_code == 200 and ok.json()["player"]["has_password"] is True
    signed = client.post("/api/players/login", json={"name": "ada", "password": "Rotkäppchen-1"})
    assert signed.status_code == 200, signed.text
    assert signed.json()["player"]["id"] == made["player"]["id"]
    assert signed.json()["key"] != made["key"]
    for key in (signed.json()["key"], made["key"]):  # both devices stay signed in
        assert client.post("/api/players/session", headers=auth(key)).status_code == 200


def test_names_are_unique_ignoring_case(client: TestClient) -> None:
    new_player(client, "Ada")
    r = client.post("/api/players", json={"name": "ADA"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "player/name_taken"


def test_identities_cannot_be_taken_over(client: TestClient) -> None:
    ada, eve = new_player(client, "Ada", "Rotkäppchen-1"), new_player(client, "Eve")
    pid = ada["player"]["id"]
    eve_key = eve["key"].partition(".")[2]
    attempts = [
        f"{pid}.{secrets.token_urlsafe(32)}",  # a guessed key
        f"{pid}.{eve_key}",  # another player's real key
        f"{pid}.{ada['key'].partition('.')[2][:-1]}x",  # one character off
        ada["key"].partition(".")[2],  # no player id
        f"{pid}.",
    ]
    for code in attempts:
        r = client.post("/api/players/session", headers=auth(code))
        assert r.status_code == 403 and r.json()["error"]["code"] == "player/bad_key", code
        joined = client.post(
            "/api/tables", json={"game": "halali", "seats": [{"kind": "human"}] * 2, "player": code}
        )
        assert joined.json()["error"]["code"] == "player/bad_key"
    wrong = client.post("/api/players/login", json={"name": "Ada", "password": "Rotkäppchen-2"})
    nobody = client.post("/api/players/login", json={"name": "Nobody", "password": "whatever1"})
    no_password = client.post("/api/players/login", json={"name": "Eve", "password": "whatever1"})
    for r in (wrong, nobody, no_password):  # one answer: which names exist is not told
        assert r.status_code == 403 and r.json()["error"]["code"] == "player/bad_login"


def test_password_attempts_are_limited_per_name(client: TestClient) -> None:
    new_player(client, "Ada", "Rotkäppchen-1")
    codes = [
        client.post("/api/players/login", json={"name": "Ada", "password": f"guess-{i:04}"}).json()[
            "error"
        ]["code"]
        for i in range(players_module.SIGN_IN_BURST + 1)
    ]
    assert codes[:-1] == ["player/bad_login"] * players_module.SIGN_IN_BURST
    assert codes[-1] == "player/sign_in_limited"
    right = client.post("/api/players/login", json={"name": "ADA", "password": "Rotkäppchen-1"})
    assert right.json()["error"]["code"] == "player/sign_in_limited"  # the name waits now


def test_keys_are_compared_in_constant_time_against_every_stored_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import hmac

    from spieltisch.store.players import Credentials, PlayerRecord

    calls: list[tuple[bytes, bytes]] = []
    real = hmac.compare_digest

    def counting(a: bytes, b: bytes) -> bool:
        calls.append((a, b))
        return bool(real(a, b))

    monkeypatch.setattr(hmac, "compare_digest", counting)  # what security.py calls
    keys = ["k" * 43, "m" * 43, "n" * 43]
    found = Credentials(
        PlayerRecord("p", "Ada", False, None),  # type: ignore[arg-type]
        tuple(hash_token(k) for k in keys),
        None,
    )
    assert players_module._check_key(found, keys[0]).name == "Ada"
    assert len(calls) == 3  # no early exit at the first match


def test_keys_and_passwords_are_stored_hashed_and_never_logged(
    client: TestClient, db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    made = new_player(client, "Ada", "Rotkäppchen-1")
    key = made["key"].partition(".")[2]
    client.post("/api/players/login", json={"name": "Ada", "password": "Rotkäppchen-1"})
    client.post("/api/players/login", json={"name": "Ada", "password": "falsch-falsch"})
    client.post("/api/players/session", headers=auth(made["key"]))
    logged = "\n".join(f"{r.getMessage()} {r.__dict__}" for r in caplog.records)
    assert key not in logged and "Rotkäppchen" not in logged and "falsch-falsch" not in logged
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as db:
        dump = "\n".join(db.iterdump())
    assert key not in dump and "Rotkäppchen" not in dump
    assert hash_token(key) in dump and "$argon2id$" in dump
    # The key travels in headers and bodies only: no route takes it in its path or query.
    for route in client.app.routes:  # type: ignore[attr-defined]
        path = getattr(route, "path", "")
        assert "key" not in path and "secret" not in path


def test_unknown_players_are_not_found(client: TestClient) -> None:
    r = client.get("/api/players/nobody")
    assert r.status_code == 404 and r.json()["error"]["code"] == "player/not_found"
    assert client.get("/p/nobody").status_code == 200  # the page says so itself
