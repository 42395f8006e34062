"""Tips at the first real game: the rules bot's move for the asking seat, from its own
view, for its own token only; every refusal has its code and leaves the table as it was."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.server import Settings, create_app
from spieltisch.server.setup import SeatSpec, TableSetup
from spieltisch.server.tables import TableManager

from .conftest import create, hello


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def tipped_duel(client: TestClient, **extra: Any) -> tuple[str, list[str]]:
    """A running Halali table of two people: its id and both seat tokens."""
    made = create(client, [{"kind": "human"}, {"kind": "human"}], name="Ada", **extra)
    tid = made["table"]["id"]
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"}).json()
    return tid, [made["seat_token"], joined["seat_token"]]


def envelope_of(client: TestClient, tid: str, token: str) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        envelope: dict[str, Any] = hello(ws, token)["envelope"]
        return envelope


def mover(client: TestClient, tid: str, tokens: list[str]) -> int:
    """The seat whose turn it is."""
    return next(s for s, t in enumerate(tokens) if envelope_of(client, tid, t)["legal_actions"])


def tip(client: TestClient, tid: str, seat: int, token: str | None) -> Any:
    headers = auth(token) if token is not None else {}
    return client.post(f"/api/tables/{tid}/seats/{seat}/tip", headers=headers)


def plies(client: TestClient, tid: str) -> int:
    value: int = client.get(f"/api/tables/{tid}").json()["plies"]
    return value


def code(response: Any) -> str:
    value: str = response.json()["error"]["code"]
    return value


def test_the_tip_is_a_legal_move_of_the_asking_seat_and_changes_nothing(
    client: TestClient,
) -> None:
    tid, tokens = tipped_duel(client, tips=True)
    assert client.get(f"/api/tables/{tid}/tips").json() == {"tips": True}
    seat = mover(client, tid, tokens)
    before = plies(client, tid)
    r = tip(client, tid, seat, tokens[seat])
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["seat"] == seat and answer["ply"] == before
    assert answer["action"] in envelope_of(client, tid, tokens[seat])["legal_actions"]
    assert tip(client, tid, seat, tokens[seat]).json() == answer  # the same bot, the same view
    assert plies(client, tid) == before


def test_only_the_seats_own_token_asks_and_only_on_its_turn(client: TestClient) -> None:
    tid, tokens = tipped_duel(client, tips=True)
    seat = mover(client, tid, tokens)
    other = 1 - seat
    before = plies(client, tid)
    assert code(tip(client, tid, seat, tokens[other])) == "auth/bad_token"
    assert tip(client, tid, seat, tokens[other]).status_code == 403
    assert code(tip(client, tid, seat, None)) == "auth/missing_token"  # a spectator
    assert code(tip(client, tid, seat, "guessed-token")) == "auth/bad_token"
    assert code(tip(client, tid, 7, tokens[seat])) == "auth/bad_token"
    assert code(tip(client, tid, other, tokens[other])) == "hint/not_your_turn"
    assert code(tip(client, "nosuchtable", seat, tokens[seat])) == "table/not_found"
    assert plies(client, tid) == before


def test_a_table_made_without_tips_gives_none(client: TestClient) -> None:
    tid, tokens = tipped_duel(client)
    assert client.get(f"/api/tables/{tid}/tips").json() == {"tips": False}
    seat = mover(client, tid, tokens)
    r = tip(client, tid, seat, tokens[seat])
    assert (r.status_code, code(r)) == (409, "hint/tips_off")
    assert r.json()["error"]["text"]["de"] == "An diesem Tisch gibt es keine Tipps"


def test_tips_are_refused_at_a_rated_table_and_for_the_bell(client: TestClient) -> None:
    r = client.post(
        "/api/tables",
        json={"game": "halali", "seats": [{"kind": "human"}] * 2, "tips": True, "rated": True},
    )
    assert (r.status_code, code(r)) == (400, "hint/tips_rated")
    assert r.json()["error"]["text"]["en"] == "Tips are only given at unrated tables"
    r = client.post(
        "/api/tables", json={"game": "halligalli", "seats": [{"kind": "human"}] * 3, "tips": True}
    )
    assert (r.status_code, code(r)) == (400, "hint/tips_realtime")
    listed = client.get("/api/tables").json()
    assert listed == []  # nothing was made


def test_a_players_table_with_tips_is_not_rated(client: TestClient) -> None:
    made = client.post("/api/players", json={"name": "Ada", "password": None}).json()
    r = client.post(
        "/api/tables",
        json={
            "game": "halali",
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "rules"}],
            "name": "Ada",
            "player": made["key"],
            "tips": True,
        },
    )
    assert r.status_code == 201, r.text
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    settings = manager.store.table_settings(r.json()["table"]["id"])
    assert settings == {"chat": "none", "rated": False, "tips": True}


def test_a_finished_table_gives_no_tips(client: TestClient) -> None:
    tid, tokens = tipped_duel(client, tips=True)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, tokens[0])
        ws.send_json({"type": "resign"})
        for _ in range(50):
            if ws.receive_json().get("type") == "step":
                break
    assert client.get(f"/api/tables/{tid}").json()["status"] == "finished"
    r = tip(client, tid, 1, tokens[1])
    assert code(r) in ("table/not_running", "table/not_live")


@pytest.fixture
def flood_client(db_url: str) -> Any:
    """The lobby's own per-address limit set high, so only the tips' limit answers."""
    settings = Settings(db_url=db_url, bot_delay=0.0, http_rate=1000.0, http_burst=1000)
    with TestClient(create_app(settings)) as c:
        yield c


def test_a_flood_of_tips_is_rate_limited_per_seat(flood_client: TestClient) -> None:
    client = flood_client
    tid, tokens = tipped_duel(client, tips=True)
    seat = mover(client, tid, tokens)
    codes = [tip(client, tid, seat, tokens[seat]).status_code for _ in range(25)]
    assert codes[0] == 200 and 429 in codes
    limited = tip(client, tid, seat, tokens[seat])
    assert code(limited) == "request/rate_limited"
    assert plies(client, tid) == 0


@pytest.mark.parametrize(("game", "players"), [("halali", 2), ("hydra", 5), ("kalooki", 2)])
def test_the_first_game_against_the_rules_bot_gets_a_legal_tip(
    client: TestClient, game: str, players: int
) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "rules"}] * (players - 1)
    r = client.post("/api/tables", json={"game": game, "seats": seats, "name": "Ada", "tips": True})
    assert r.status_code == 201, r.text
    tid, token = r.json()["table"]["id"], r.json()["seat_token"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        msg = hello(ws, token)
        for _ in range(500):  # the bots play until it is the person's turn
            if (msg.get("envelope") or {}).get("legal_actions"):
                break
            msg = ws.receive_json()
        legal = msg["envelope"]["legal_actions"]
        answer = tip(client, tid, 0, token).json()
    assert answer["seat"] == 0 and answer["action"] in legal


def test_a_stored_setup_keeps_tips_only_where_the_table_is_unrated() -> None:
    setup, _game = TableSetup.build("halali", {}, [SeatSpec("human")] * 2, tips=True)
    assert setup.tips and not setup.rated
    assert setup.settings_json() == {"chat": "none", "rated": False, "tips": True}
    plain, _game = TableSetup.build("halali", {}, [SeatSpec("human")] * 2)
    assert plain.settings_json() == {"chat": "none", "rated": False}
