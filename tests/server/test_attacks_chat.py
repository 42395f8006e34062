"""Hostile clients against the table chat: a writer who reconnects for every message
gets no fresh bucket, and one address cannot flood through many seats and tables."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spieltisch.server import Settings, create_app

from .bothdbs import DATABASES, database
from .conftest import create, hello

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # as in conftest: Starlette's note on its HTTP client
    from fastapi.testclient import TestClient


@pytest.fixture(params=DATABASES)
def settings(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Settings]:
    """The server's settings on SQLite and on PostgreSQL (this module's ``client`` uses
    them)."""
    with database(request.param, tmp_path) as found:
        yield found


FLOOD = 30


def writing_table(client: TestClient) -> tuple[str, str]:
    """A running Halali table whose spectators may write: (id, seat 0's token)."""
    made = create(client, [{"kind": "human"}] * 2, name="Ada", spectator_chat="write")
    tid = made["table"]["id"]
    client.post(f"/api/tables/{tid}/join", json={"name": "Bob"})
    return tid, made["seat_token"]


def answer(ws: Any) -> str:
    """What the server said to a chat message: ``chat`` (stored) or the error's code."""
    for _ in range(50):
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "chat":
            return "chat"
        if msg["type"] == "error":
            code: str = msg["code"]
            return code
    raise AssertionError("no answer to the chat message")


def post_reconnecting(client: TestClient, tid: str, token: str | None, n: int) -> list[str]:
    """``n`` chat messages, each on a socket of its own."""
    answers = []
    for i in range(n):
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, token)
            ws.send_json({"type": "chat", "text": f"spam {i}"})
            answers.append(answer(ws))
    return answers


def stored(client: TestClient, tid: str) -> int:
    manager = client.app.state.manager  # type: ignore[attr-defined]
    return len(manager.store.chat(tid, 1000))


def bound(seconds: float, rate: float, burst: int) -> int:
    """The most a bucket of ``rate`` and ``burst`` lets through in ``seconds``."""
    return burst + int(seconds * rate) + 1


def test_a_spectator_reconnecting_for_every_message_gets_no_fresh_bucket(
    client: TestClient, settings: Settings
) -> None:
    tid, _token = writing_table(client)
    started = time.monotonic()
    answers = post_reconnecting(client, tid, None, FLOOD)
    limit = bound(time.monotonic() - started, settings.chat_rate, settings.chat_burst)
    assert answers[: settings.chat_burst] == ["chat"] * settings.chat_burst
    assert "chat/rate_limited" in answers
    assert stored(client, tid) <= limit < FLOOD  # before: all 30 stored
    other = TestClient(client.app, client=("198.51.100.20", 40000))
    assert post_reconnecting(other, tid, None, 1) == ["chat"]  # another spectator still writes


def test_a_seat_reconnecting_for_every_message_gets_no_fresh_bucket(
    client: TestClient, settings: Settings
) -> None:
    tid, token = writing_table(client)
    started = time.monotonic()
    answers = post_reconnecting(client, tid, token, FLOOD)
    limit = bound(time.monotonic() - started, settings.chat_rate, settings.chat_burst)
    assert answers.count("chat") == stored(client, tid) <= limit < FLOOD


def test_one_address_cannot_flood_through_many_tables(settings: Settings) -> None:
    slow = settings.model_copy(update=dict(chat_address_rate=0.2))
    with TestClient(create_app(slow)) as client:
        tables = [writing_table(client) for _ in range(8)]
        started = time.monotonic()
        answers = [a for tid, token in tables for a in post_reconnecting(client, tid, token, 5)]
        limit = bound(time.monotonic() - started, slow.chat_address_rate, slow.chat_address_burst)
        assert answers[: slow.chat_address_burst].count("chat") == slow.chat_address_burst
        sent = answers.count("chat")
        assert sent == sum(stored(client, t) for t, _ in tables) <= limit < 40  # before: 40
