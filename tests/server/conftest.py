"""The real app on a real SQLite file, driven through Starlette's TestClient."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spieltisch.server import Settings, create_app

with warnings.catch_warnings():
    # Starlette suggests another HTTP client package; httpx is what TestClient uses today.
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.db'}"


@pytest.fixture
def settings(db_url: str) -> Settings:
    return Settings(db_url=db_url, bot_delay=0.0)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as c:
        yield c


def create(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": "halali", "seats": seats, **extra})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def two_humans(client: TestClient) -> tuple[str, str, str]:
    """A running human-vs-human Halali table: (id, token of seat 0, token of seat 1)."""
    made = create(client, [{"kind": "human"}, {"kind": "human"}], name="Ada")
    tid = made["table"]["id"]
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"}).json()
    assert joined["seat"] == 1
    return tid, made["seat_token"], joined["seat_token"]


def hello(ws: Any, token: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token})
    msg: dict[str, Any] = ws.receive_json()
    return msg


def until(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (skipping table updates)."""
    for _ in range(50):
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")
