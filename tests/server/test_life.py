"""Resign and rematch over websockets in every game (HA-R9, HG-R14, HY-R11, KA-R11)."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

import spieltisch
from spieltisch.server import Settings, create_app

from .conftest import hello, until

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # as in conftest: Starlette's note on its HTTP client
    from fastapi.testclient import TestClient

PLAYERS = {"halali": 2, "halligalli": 3, "hydra": 5, "kalooki": 2}
RULINGS = {"halali": "HA-R9", "halligalli": "HG-R14", "hydra": "HY-R11", "kalooki": "KA-R11"}


def table(client: TestClient, game: str, bots: int = 0) -> tuple[str, list[str]]:
    """A running table of ``game`` with humans Ada, Bob, ... and ``bots`` random bots last."""
    n = PLAYERS[game]
    seats = [{"kind": "human"}] * (n - bots) + [{"kind": "bot", "level": "random"}] * bots
    r = client.post("/api/tables", json={"game": game, "seats": seats, "name": "P0"})
    assert r.status_code == 201, r.text
    tid, tokens = r.json()["table"]["id"], [r.json()["seat_token"]]
    for i in range(1, n - bots):
        joined = client.post(f"/api/tables/{tid}/join", json={"name": f"P{i}"}).json()
        tokens.append(joined["seat_token"])
    assert client.get(f"/api/tables/{tid}").json()["status"] == "running"
    return tid, tokens


def resign(client: TestClient, tid: str, token: str, seat: int) -> dict[str, Any]:
    """Resign ``seat`` over its socket; the step that carries the resignation."""
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert hello(ws, token)["seat"] == seat
        ws.send_json({"type": "resign"})
        while True:
            step = first(ws, "step")
            if any(e["type"] == "resign" and e["seat"] == seat for e in step["events"]):
                return step


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_resign_ends_the_game_when_one_is_left_and_rematch_seats_everyone(
    client: TestClient, game: str
) -> None:
    tid, tokens = table(client, game)
    n = PLAYERS[game]
    for seat in range(n - 1, 0, -1):  # everyone but P0 gives up, the last ends the game
        step = resign(client, tid, tokens[seat], seat)
        event = next(e for e in step["events"] if e["type"] == "resign")
        assert event["rule"] == RULINGS[game]
        assert event["ends"] is (seat == 1)
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "finished"
    assert summary["result"]["reason"] == "resigned"
    assert summary["result"]["winners"] == [0]
    assert summary["result"]["details"]["resigned"] == list(range(n - 1, 0, -1))

    # Rematch: the first asker makes it (and is its host); every seat waits for its player.
    first = client.post(f"/api/tables/{tid}/rematch", headers=auth(tokens[1]))
    assert first.status_code == 200, first.text
    made = first.json()
    nid = made["table"]["id"]
    assert made["seat"] == 1 and made["host_token"] and made["seat_token"]
    assert made["table"]["game"] == game and made["table"]["status"] == "open"
    # The options rotate as the game's rules rotate them between games (KA-R1, HG-R13).
    rotated = spieltisch.load(game, **summary["options"]).next_options(summary["result"], n)
    assert made["table"]["options"] == rotated
    assert [s["name"] for s in made["table"]["seats"]] == [f"P{i}" for i in range(n)]
    twice = client.post(f"/api/tables/{tid}/rematch", headers=auth(tokens[1])).json()
    assert twice["table"]["id"] == nid and twice["seat_token"] == made["seat_token"]  # a 2nd tab
    stranger = client.post(f"/api/tables/{nid}/join", json={"name": "Eve"})
    assert stranger.json()["error"]["code"] == "table/full"  # seats wait for their players
    for seat in [0, *range(2, n)]:
        again = client.post(f"/api/tables/{tid}/rematch", headers=auth(tokens[seat])).json()
        assert again["table"]["id"] == nid and again["seat"] == seat
        assert again["host_token"] is None
        with client.websocket_connect(f"/ws/tables/{nid}") as ws:
            assert hello(ws, again["seat_token"])["seat"] == seat
    new = client.get(f"/api/tables/{nid}").json()
    assert new["status"] == "running"
    assert client.get(f"/api/tables/{tid}/rematch").json() == {"previous": None, "next": nid}
    assert client.get(f"/api/tables/{nid}/rematch").json() == {"previous": tid, "next": None}


@pytest.mark.parametrize("game", ["halligalli", "hydra"])
def test_resigned_seat_goes_to_a_stand_in_bot_and_the_game_goes_on(
    client: TestClient, game: str
) -> None:
    """HG-R14, HY-R11: more than one seat is left, so a bot of the table's level plays on."""
    tid, tokens = table(client, game, bots=PLAYERS[game] - 2)
    resign(client, tid, tokens[1], 1)
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "running"
    assert summary["seats"][1]["kind"] == "bot" and summary["seats"][1]["level"] == "random"
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, tokens[1])
        ws.send_json({"type": "resign"})
        assert first(ws, "error")["code"] == "action/illegal"  # ENGINE-RESIGN: once only


def test_resign_by_act_text_takes_the_same_way(client: TestClient) -> None:
    tid, tokens = table(client, "halali")
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, tokens[0])
        ws.send_json({"type": "act", "action": "resign", "ply": 0})
        step = until(ws, "step")
    assert step["events"][0]["type"] == "resign"
    assert step["table"]["status"] == "finished"
    assert step["view"]["over"] is True


def test_spectators_cannot_resign_or_rematch(client: TestClient) -> None:
    tid, tokens = table(client, "halali")
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, None)
        ws.send_json({"type": "resign"})
        assert until(ws, "error")["code"] == "auth/spectator"
    running = client.post(f"/api/tables/{tid}/rematch", headers=auth(tokens[0]))
    assert running.json()["error"]["code"] == "table/not_finished"
    resign(client, tid, tokens[0], 0)
    bad = client.post(f"/api/tables/{tid}/rematch", headers=auth("not-a-token"))
    assert bad.json()["error"]["code"] == "auth/bad_token"


def test_resignation_survives_a_restart(settings: Settings) -> None:
    """The record is the truth: a restarted server shows the resigned game as it ended."""
    with TestClient(create_app(settings)) as client:
        tid, tokens = table(client, "kalooki")
        resign(client, tid, tokens[0], 0)
        before = client.get(f"/api/tables/{tid}").json()
    with TestClient(create_app(settings)) as client:
        after = client.get(f"/api/tables/{tid}").json()
        assert after["status"] == "finished" and after["result"] == before["result"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            welcome = hello(ws, tokens[1])
        assert welcome["view"]["over"] is True
        assert welcome["view"]["result"]["winners"] == [1]
        assert welcome["log"][-1]["events"][0]["type"] == "resign"


def first(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of ``kind``, past any number of bots' steps."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind:
            return msg


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def test_a_resigned_player_does_not_take_his_seat_back(client: TestClient) -> None:
    """HY-R11: the stand-in plays the seat to the end; neither the player nor the host
    gives it back to him."""
    tid, tokens = table(client, "hydra", bots=3)
    resign(client, tid, tokens[1], 1)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, tokens[1])
        ws.send_json({"type": "take_back"})
        assert first(ws, "error")["code"] == "table/seat_resigned"
    back = client.post(f"/api/tables/{tid}/seats/1/human", headers=auth(tokens[1]))
    assert back.json()["error"]["code"] == "table/seat_resigned"
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["kind"] == "bot"


def stand_in_for_seat_1(client: TestClient, game: str, levels: list[str | None]) -> str:
    """The level that plays on for seat 1 of a table of ``game`` once its person resigns;
    ``levels`` gives each seat's bot level, or ``None`` for a person (seats 0 and 1)."""
    seats = [{"kind": "human"} if lv is None else {"kind": "bot", "level": lv} for lv in levels]
    made = client.post("/api/tables", json={"game": game, "seats": seats, "name": "P0"})
    tid = made.json()["table"]["id"]
    tokens = [
        client.post(f"/api/tables/{tid}/join", json={"name": f"P{i}"}).json()["seat_token"]
        for i in range(1, levels.count(None))
    ]
    resign(client, tid, tokens[0], 1)
    level: str = client.get(f"/api/tables/{tid}").json()["seats"][1]["level"]
    return level


def test_stand_in_plays_at_the_level_the_host_chose_for_the_tables_bots(
    client: TestClient,
) -> None:
    """The stand-in is the strongest bot level the host seated; with none, the game's
    rules bot, or its first level above random without one."""
    seated = [None, None, "random", "rules", "random"]
    assert stand_in_for_seat_1(client, "hydra", seated) == "rules"

    tid, tokens = table(client, "halligalli")  # three people, no bot
    resign(client, tid, tokens[2], 2)
    levels = next(g for g in client.get("/api/games").json() if g["name"] == "halligalli")
    stand_in = client.get(f"/api/tables/{tid}").json()["seats"][2]
    assert stand_in["kind"] == "bot" and stand_in["level"] == levels["bot_levels"][1]


def test_the_stand_in_is_the_strongest_level_in_the_games_own_ladder_order(
    client: TestClient,
) -> None:
    """Kalooki's ``ismcts`` sits below ``rules`` (``GameBots.order``): a table with both
    gets a ``rules`` stand-in, and so does one with no bot, not the level at index 1."""
    games = client.get("/api/games").json()
    assert next(g for g in games if g["name"] == "kalooki")["bot_levels"][1] == "ismcts"
    assert stand_in_for_seat_1(client, "kalooki", [None, None, "ismcts", "rules"]) == "rules"
    assert stand_in_for_seat_1(client, "kalooki", [None, None, None]) == "rules"  # two play on


def test_the_replay_shows_the_resignation(client: TestClient) -> None:
    tid, tokens = table(client, "halali")
    resign(client, tid, tokens[1], 1)
    plies = client.get(f"/api/tables/{tid}").json()["plies"]
    last = client.get(f"/api/tables/{tid}/replay/{plies}").json()
    assert last["events"][0]["type"] == "resign" and last["view"]["over"] is True


def test_a_stand_in_survives_a_restart(settings: Settings) -> None:
    """HY-R11 after a restart: the record replays the resignation, the stand-in plays on."""
    with TestClient(create_app(settings)) as client:
        tid, tokens = table(client, "hydra", bots=3)
        resign(client, tid, tokens[1], 1)
    with TestClient(create_app(settings)) as client:
        summary = client.get(f"/api/tables/{tid}").json()
        assert summary["status"] == "running" and summary["seats"][1]["kind"] == "bot"
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            welcome = hello(ws, tokens[1])
            assert any(e["type"] == "resign" for s in welcome["log"] for e in s["events"])
            ws.send_json({"type": "resign"})
            assert first(ws, "error")["code"] == "action/illegal"


def test_a_rematch_keeps_the_spectator_chat_the_host_chose(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = client.post(
        "/api/tables",
        json={"game": "halali", "seats": seats, "name": "P0", "spectator_chat": "write"},
    ).json()
    tid, ada = made["table"]["id"], made["seat_token"]
    bob = client.post(f"/api/tables/{tid}/join", json={"name": "P1"}).json()["seat_token"]
    resign(client, tid, bob, 1)
    nid = client.post(f"/api/tables/{tid}/rematch", headers=auth(ada)).json()["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{nid}") as ws:
        assert hello(ws, None)["chat"]["spectators"] == "write"


def test_a_rematch_rotates_the_kalooki_dealer_and_the_halli_galli_first_flipper(
    client: TestClient,
) -> None:
    """KA-R1: the deal rotates from pot to pot; HG-R13: the next game begins left of the
    winner. Both reach the rematch through the game's own next_options."""
    for game, key, expected in (("kalooki", "first_dealer", 0), ("halligalli", "first_flipper", 1)):
        tid, tokens = table(client, game)
        for seat in range(PLAYERS[game] - 1, 0, -1):
            resign(client, tid, tokens[seat], seat)
        made = client.post(f"/api/tables/{tid}/rematch", headers=auth(tokens[0])).json()
        assert made["table"]["options"][key] == expected, game


def test_HA_R10_a_halali_rematch_swaps_the_colours(client: TestClient) -> None:
    """HA-R10: seat 0 plays Blue in the first match; its rematch gives seat 1 Blue, and the
    rematch of that one gives it back to seat 0."""
    tid, tokens = table(client, "halali")
    for expected in (1, 0):
        resign(client, tid, tokens[1], 1)
        taken = [
            client.post(f"/api/tables/{tid}/rematch", headers=auth(tokens[seat])).json()
            for seat in (0, 1)
        ]
        assert taken[0]["table"]["options"]["blue_seat"] == expected
        tid, tokens = taken[0]["table"]["id"], [t["seat_token"] for t in taken]
        for seat in (0, 1):
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                assert hello(ws, tokens[seat])["seat"] == seat
        assert client.get(f"/api/tables/{tid}").json()["status"] == "running"
