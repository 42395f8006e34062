"""A signed-in player's lesson progress is kept on the server (SQLite and PostgreSQL):
his key reads and writes only his own, another device resumes from it, and anything
that is no step of the game's lesson is refused and changes nothing."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest

from spieltisch.server import create_app

from .bothdbs import DATABASES, database

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # as in conftest: Starlette's note on its HTTP client
    from fastapi.testclient import TestClient


def auth(key: str) -> dict[str, str]:
    return {"authorization": f"Bearer {key}"}


def new_player(client: TestClient, name: str, password: str | None = None) -> str:
    r = client.post("/api/players", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    key: str = r.json()["key"]
    return key


def code(response: Any) -> str:
    value: str = response.json()["error"]["code"]
    return value


@pytest.mark.parametrize("kind", DATABASES)
def test_progress_is_kept_per_player_and_read_on_another_device(kind: str, tmp_path: Path) -> None:
    with database(kind, tmp_path) as settings, TestClient(create_app(settings)) as client:
        ada = new_player(client, "Ada", "correct horse battery")
        bob = new_player(client, "Bob")
        steps = [s["key"] for s in client.get("/api/lessons/kalooki").json()["steps"]]
        assert client.get("/api/players/me/lessons", headers=auth(ada)).json() == []
        r = client.put(
            "/api/players/me/lessons", json={"game": "kalooki", "step": steps[2]}, headers=auth(ada)
        )
        assert r.status_code == 200, r.text
        assert (r.json()["game"], r.json()["step"], r.json()["done"]) == (
            "kalooki",
            steps[2],
            False,
        )
        client.put(
            "/api/players/me/lessons", json={"game": "halali", "done": True}, headers=auth(ada)
        )
        # Ada signs in on her phone: a new key, the same progress.
        signed = client.post(
            "/api/players/login", json={"name": "ada", "password": "correct horse battery"}
        )
        assert signed.status_code == 200, signed.text
        phone = signed.json()["key"]
        places = client.get("/api/players/me/lessons", headers=auth(phone)).json()
        assert [(p["game"], p["step"], p["done"]) for p in places] == [
            ("halali", None, True),
            ("kalooki", steps[2], False),
        ]
        # The last write wins; Bob sees nothing of Ada's.
        client.put(
            "/api/players/me/lessons",
            json={"game": "kalooki", "step": steps[3]},
            headers=auth(phone),
        )
        again = client.get("/api/players/me/lessons", headers=auth(ada)).json()
        assert [p["step"] for p in again if p["game"] == "kalooki"] == [steps[3]]
        assert client.get("/api/players/me/lessons", headers=auth(bob)).json() == []


@pytest.mark.parametrize("kind", DATABASES)
def test_bad_progress_is_refused_and_changes_nothing(kind: str, tmp_path: Path) -> None:
    with database(kind, tmp_path) as settings, TestClient(create_app(settings)) as client:
        ada = new_player(client, "Ada")
        good = {"game": "halali", "step": "flip"}
        assert (
            client.put("/api/players/me/lessons", json=good, headers=auth(ada)).status_code == 200
        )
        before = client.get("/api/players/me/lessons", headers=auth(ada)).json()
        refused = [
            ({"game": "halali", "step": "no-such-step"}, auth(ada), "request/not_found"),
            ({"game": "chess", "step": None}, auth(ada), "game/unknown"),
            ({"game": "halali", "step": "x" * 41}, auth(ada), "request/invalid"),
            ({"game": "halali", "done": "yes please"}, auth(ada), "request/invalid"),
            (good, {}, "auth/missing_token"),
            (good, auth("nobody.guessed"), "player/bad_key"),
            (good, auth(ada + "x"), "player/bad_key"),
        ]
        for body, headers, expected in refused:
            r = client.put("/api/players/me/lessons", json=body, headers=headers)
            assert code(r) == expected, (body, r.text)
            assert r.json()["error"]["text"]["de"]
        assert code(client.get("/api/players/me/lessons")) == "auth/missing_token"
        assert client.get("/api/players/me/lessons", headers=auth(ada)).json() == before
