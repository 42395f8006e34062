"""A seat's own view of a finished game's replay (its hand at every ply) goes to that
seat's player only, by his seat token or the key of the player linked to the seat.
Attacks: no credential, a spectator's guess, another seat's token, another player's key,
a malformed key, a seat out of range; each is refused and shows no hand."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import spieltisch
from spieltisch.server import Settings, create_app
from spieltisch.store import Store
from spieltisch.store.players import Players
from tests.web.finished import bot_record, store_finished_people

TOKENS = ["kalooki-seat-token-of-ada-0001", "kalooki-seat-token-of-bruno-002"]
TABLE = "ka-finished"


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return bot_record("kalooki", {}, 2, 11)


@pytest.fixture
def client(db_url: str, record: dict[str, Any]) -> Iterator[TestClient]:
    store = Store(db_url)
    store_finished_people(store, TABLE, record, TOKENS)
    store.close()
    with TestClient(create_app(Settings(db_url=db_url, bot_delay=0.0))) as c:
        yield c


def step(client: TestClient, ply: int, seat: int | None, credential: str | None) -> Any:
    query = "" if seat is None else f"?seat={seat}"
    headers = {"authorization": f"Bearer {credential}"} if credential else {}
    return client.get(f"/api/tables/{TABLE}/replay/{ply}{query}", headers=headers)


def player(client: TestClient, name: str) -> tuple[str, str]:
    """A new player's id and his key (``<player id>.<key>``)."""
    made = client.post("/api/players", json={"name": name}).json()
    return made["player"]["id"], made["key"]


def test_the_seats_token_shows_its_own_hand_at_every_ply(
    client: TestClient, record: dict[str, Any]
) -> None:
    plies = len(record["actions"])
    for ply in (0, 1, plies // 2, plies):
        state = spieltisch.replay({**record, "actions": record["actions"][:ply]})
        for seat, token in enumerate(TOKENS):
            answer = step(client, ply, seat, token)
            assert answer.status_code == 200, answer.text
            data = answer.json()
            assert data["viewer"] == seat
            assert data["view"] == state.view(seat)
            assert data["view"]["hand"] == state.view(seat)["hand"]
    public = step(client, 0, None, None).json()
    assert public["view"]["hand"] is None and public["viewer"] is None
    assert len(step(client, 0, 0, TOKENS[0]).json()["view"]["hand"]) == 13


def test_the_linked_players_key_shows_his_seat_and_no_other(client: TestClient) -> None:
    ada, key = player(client, "Ada")
    store: Store = client.app.state.manager.store  # type: ignore[attr-defined]
    Players(store).link_seat(TABLE, 0, ada)
    code = key  # "<player id>.<key>"
    assert step(client, 3, 0, code).status_code == 200
    assert step(client, 3, 1, code).json()["error"]["code"] == "replay/not_your_seat"


@pytest.mark.parametrize(
    ("seat", "credential"),
    [
        (0, None),  # a spectator
        (0, "a-guessed-seat-token-of-no-seat"),
        (0, TOKENS[1]),  # the other seat
        (1, TOKENS[0]),
        (0, "nobody.not-a-key-of-anybody-at-all-here"),
        (0, "."),
        (2, TOKENS[0]),  # no such seat at a table of two
    ],
)
def test_anybody_else_is_refused(client: TestClient, seat: int, credential: str | None) -> None:
    answer = step(client, 5, seat, credential)
    assert answer.status_code == 403, answer.text
    error = answer.json()["error"]
    assert error["code"] == "replay/not_your_seat"
    assert error["text"]["de"] and error["text"]["en"]
    assert "hand" not in answer.text


def test_another_players_key_is_refused(client: TestClient) -> None:
    ada, _ = player(client, "Ada")
    store: Store = client.app.state.manager.store  # type: ignore[attr-defined]
    Players(store).link_seat(TABLE, 0, ada)
    mallory, key = player(client, "Mallory")
    assert key.startswith(f"{mallory}.")
    answer = step(client, 5, 0, key)
    assert answer.status_code == 403 and "hand" not in answer.text


def test_a_running_table_has_no_seat_replay(client: TestClient) -> None:
    made = client.post(
        "/api/tables", json={"game": "halali", "seats": [{"kind": "human"}, {"kind": "human"}]}
    ).json()
    tid, token = made["table"]["id"], made["seat_token"]
    answer = client.get(
        f"/api/tables/{tid}/replay/0?seat=0", headers={"authorization": f"Bearer {token}"}
    )
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "table/not_finished"
