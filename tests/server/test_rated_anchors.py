"""A table is rated only against bot levels with a measured strength (an anchor in
the anchors file): against a level without one (here Halali's Experte, taken out of the
file) a table is not rated, and asking for it is refused in words; the profile never
calls such a game rated."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.server import Settings, create_app, ratings
from spieltisch.store import Store
from spieltisch.store.players import Players
from tests.helpers.anchors import anchors_without


@pytest.fixture
def settings(settings: Settings, tmp_path: Path) -> Iterator[Settings]:
    unmeasured = anchors_without(tmp_path, "halali", "expert")
    yield settings.model_copy(update=dict(anchors_file=unmeasured))
    ratings.use_anchors(None)  # the process's anchors again, for the tests after these


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


def test_the_server_rates_with_the_anchors_of_its_setting(client: TestClient) -> None:
    assert not ratings.anchored("halali", "expert")
    assert ratings.anchored("halali", "strong")
    levels = client.get("/api/ratings").json()["games"]["halali"]
    assert "expert" not in levels and "strong" in levels


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


def test_the_shipped_anchors_measure_every_level_of_every_rated_game(db_url: str) -> None:
    with TestClient(create_app(Settings(db_url=db_url))) as client:
        games = client.get("/api/ratings").json()["games"]
    assert set(games["halali"]) == {"random", "rules", "ismcts", "strong", "expert"}
    assert set(games["hydra"]) == set(games["kalooki"]) == set(games["halali"])
