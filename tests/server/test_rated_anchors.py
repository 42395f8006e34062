"""A table is rated only against bot levels with a measured strength (an anchor in
``arena/anchors.json``): Halali's Experte has none, so a table against it is not rated,
and asking for it is refused in words; the profile never calls such a game rated."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from spieltisch.server import ratings
from spieltisch.store import Store
from spieltisch.store.players import Players


def key_of(client: TestClient, name: str) -> str:
    made = client.post("/api/players", json={"name": name}).json()
    return str(made["key"])


def create(client: TestClient, level: str, rated: bool | None, key: str) -> Any:
    seats = [{"kind": "human"}, {"kind": "bot", "level": level}]
    body = {"game": "halali", "seats": seats, "name": "Ada", "player": key, "rated": rated}
    return client.post("/api/tables", json=body)


def is_rated(client: TestClient, table_id: str) -> bool:
    store: Store = client.app.state.manager.store  # type: ignore[attr-defined]
    return Players(store).is_rated(table_id)


def test_halali_expert_has_no_anchor_and_strong_has() -> None:
    assert not ratings.anchored("halali", "expert")
    assert ratings.anchored("halali", "strong")


def test_a_rated_table_against_an_unanchored_level_is_refused_in_words(
    client: TestClient,
) -> None:
    answer = create(client, "expert", True, key_of(client, "Ada"))
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert error["code"] == "rating/unanchored_level"
    assert "nicht gewertet" in error["text"]["de"] and "not rated" in error["text"]["en"]
    assert client.get("/api/tables").json() == []  # nothing was made


def test_by_default_a_table_against_an_unanchored_level_is_not_rated(
    client: TestClient,
) -> None:
    key = key_of(client, "Ada")
    plain = create(client, "expert", None, key)
    assert plain.status_code == 201, plain.text
    assert not is_rated(client, plain.json()["table"]["id"])
    anchored = create(client, "strong", None, key)
    assert is_rated(client, anchored.json()["table"]["id"])
