"""The whole server on the real PostgreSQL: a bot game to the end, then a restart."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from spieltisch.server import Settings, create_app
from tests.store.conftest import PG_URL


@pytest.fixture
def pg_settings() -> Iterator[Settings]:
    schema = f"st_srv_{uuid.uuid4().hex[:12]}"
    yield Settings(db_url=PG_URL, db_schema=schema, bot_delay=0.0)
    engine = create_engine(PG_URL)
    with engine.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
    engine.dispose()


def test_postgres_bot_game_finishes_and_a_human_table_survives_a_restart(
    pg_settings: Settings,
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    with TestClient(create_app(pg_settings)) as client:
        made = client.post(
            "/api/tables", json={"game": "halali", "seats": seats, "name": "Ada"}
        ).json()
        tid, token = made["table"]["id"], made["seat_token"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_json({"type": "hello", "token": token})
            ws.receive_json()
            ws.send_json({"type": "act", "action": "flip b2"})
            while (msg := ws.receive_json())["type"] != "step" or msg["ply"] < 2:
                pass
            before = msg["view"]
        bots = client.post(
            "/api/tables",
            json={"game": "halali", "seats": [seats[1], seats[1]], "options": {"match": "single"}},
        ).json()["table"]["id"]
        for _ in range(600):
            if client.get(f"/api/tables/{bots}").json()["status"] == "finished":
                break
            time.sleep(0.05)
        assert client.get(f"/api/tables/{bots}").json()["status"] == "finished"
    with (
        TestClient(create_app(pg_settings)) as client,
        client.websocket_connect(f"/ws/tables/{tid}") as ws,
    ):
        ws.send_json({"type": "hello", "token": token})
        welcome = ws.receive_json()
        assert welcome["seat"] == 0 and welcome["ply"] == 2 and welcome["view"] == before
