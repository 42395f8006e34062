"""Table chat over websockets: quick phrases and text, limits, audience, storage."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from spieltisch.server import Settings, create_app

from .conftest import create, hello, until
from .procserver import Server, recv_type

SCRIPT = '<script>alert("x")</script> & <b>bold</b>'


def _table(client: TestClient, spectator_chat: str | None = None) -> tuple[str, str, str]:
    """A running two-human Halali table: (id, seat 0's token, seat 1's token)."""
    extra = {"spectator_chat": spectator_chat} if spectator_chat else {}
    made = create(client, [{"kind": "human"}, {"kind": "human"}], name="Ada", **extra)
    tid = made["table"]["id"]
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"}).json()
    return tid, made["seat_token"], joined["seat_token"]


def test_players_chat_in_quick_keys_and_text_kept_as_typed(client: TestClient) -> None:
    tid, t0, t1 = _table(client)
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as a,
        client.websocket_connect(f"/ws/tables/{tid}") as b,
    ):
        assert hello(a, t0)["chat"]["messages"] == []
        welcome = hello(b, t1)
        assert welcome["chat"]["spectators"] == "none" and "gg" in welcome["chat"]["quick"]
        a.send_json({"type": "chat", "quick": "gl"})
        for ws in (a, b):
            got = until(ws, "chat")["message"]
            assert got["quick"] == "gl" and got["seat"] == 0 and got["name"] == "Ada"
            assert "text" not in got
        b.send_json({"type": "chat", "text": f"  {SCRIPT}\u0000\u202e  "})
        for ws in (a, b):  # markup is text, not HTML; control characters are gone
            got = until(ws, "chat")["message"]
            assert got["text"] == SCRIPT and got["seat"] == 1 and got["name"] == "Bob"


def test_chat_limits_answer_with_coded_errors(client: TestClient) -> None:
    tid, t0, _t1 = _table(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as a:
        hello(a, t0)
        a.send_json({"type": "chat", "text": "x" * 201})
        err = until(a, "error")
        assert err["code"] == "chat/too_long"
        assert err["text"] == {"de": "Die Nachricht ist zu lang", "en": "The message is too long"}
        a.send_json({"type": "chat", "text": "x" * 200})
        assert len(until(a, "chat")["message"]["text"]) == 200
        a.send_json({"type": "chat", "text": " \n\t "})
        assert until(a, "error")["code"] == "chat/empty"
        a.send_json({"type": "chat", "text": 42})
        assert until(a, "error")["code"] == "chat/empty"
        a.send_json({"type": "chat", "quick": "<b>"})
        assert until(a, "error")["code"] == "chat/unknown_quick"


def test_a_seat_may_send_a_burst_then_is_slowed_down_in_all_its_windows(
    settings: Settings,
) -> None:
    slow = settings.model_copy(update=dict(chat_rate=0.01, chat_burst=3))
    with TestClient(create_app(slow)) as client:
        tid, t0, t1 = _table(client)
        with (
            client.websocket_connect(f"/ws/tables/{tid}") as a,
            client.websocket_connect(f"/ws/tables/{tid}") as a2,
            client.websocket_connect(f"/ws/tables/{tid}") as b,
        ):
            hello(a, t0), hello(a2, t0), hello(b, t1)
            for _ in range(3):
                a.send_json({"type": "chat", "quick": "hello"})
                until(a, "chat")
            a2.send_json({"type": "chat", "quick": "hello"})  # same seat, other window
            assert until(a2, "error")["code"] == "chat/rate_limited"
            b.send_json({"type": "chat", "quick": "thanks"})  # another seat is not slowed
            seen = [until(b, "chat")["message"]["quick"] for _ in range(4)]
            assert seen == ["hello", "hello", "hello", "thanks"]  # the refused one never came


@pytest.mark.parametrize(
    ("mode", "reads", "writes"),
    [("none", False, False), ("read", True, False), ("write", True, True)],
)
def test_spectators_read_and_write_only_as_the_host_chose(
    client: TestClient, mode: str, reads: bool, writes: bool
) -> None:
    tid, t0, _t1 = _table(client, mode)
    with client.websocket_connect(f"/ws/tables/{tid}") as a:
        hello(a, t0)
        a.send_json({"type": "chat", "text": "before"})
        until(a, "chat")
        with client.websocket_connect(f"/ws/tables/{tid}") as spec:
            welcome = hello(spec, None)
            assert welcome["chat"]["spectators"] == mode
            assert [m["text"] for m in welcome["chat"]["messages"]] == (["before"] if reads else [])
            spec.send_json({"type": "chat", "quick": "gg"})
            if writes:
                got = until(a, "chat")["message"]
                assert got["seat"] is None and got["name"] is None and got["quick"] == "gg"
                assert until(spec, "chat")["message"] == got
            else:
                assert until(spec, "error")["code"] == "chat/spectator"
            a.send_json({"type": "chat", "text": "after"})
            assert until(a, "chat")["message"]["text"] == "after"
            # What the spectator gets next: the player's line if it may read, else the
            # answer to its ping (nothing of the chat came before it).
            spec.send_json({"type": "ping"})
            first = spec.receive_json()
            while first["type"] == "table":
                first = spec.receive_json()
            assert first["type"] == ("chat" if reads else "pong")


def test_an_unknown_spectator_mode_is_refused(client: TestClient) -> None:
    r = client.post(
        "/api/tables",
        json={"game": "halali", "seats": [{"kind": "human"}] * 2, "spectator_chat": "all"},
    )
    assert r.status_code == 422 and r.json()["error"]["code"] == "request/invalid"


def test_the_welcome_brings_the_newest_messages_in_order(settings: Settings) -> None:
    few = settings.model_copy(update=dict(chat_keep=3, chat_burst=10))
    with TestClient(create_app(few)) as client:
        tid, t0, _t1 = _table(client)
        with client.websocket_connect(f"/ws/tables/{tid}") as a:
            hello(a, t0)
            for i in range(5):
                a.send_json({"type": "chat", "text": f"m{i}"})
                until(a, "chat")
        with client.websocket_connect(f"/ws/tables/{tid}") as again:
            texts = [m["text"] for m in hello(again, t0)["chat"]["messages"]]
            assert texts == ["m2", "m3", "m4"]


# -- a real server process, killed and restarted ----------------------------------------


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'chat.db'}", bot_delay=0.2)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.mark.slow
def test_chat_survives_a_killed_server(server: Server) -> None:
    made = httpx.post(
        f"{server.base}/api/tables",
        json={
            "game": "halali",
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
            "name": "Ada",
            "spectator_chat": "read",
        },
    ).json()
    tid, token = made["table"]["id"], made["seat_token"]
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{tid}"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        recv_type(ws, "welcome")
        ws.send(json.dumps({"type": "chat", "quick": "gl"}))
        ws.send(json.dumps({"type": "chat", "text": SCRIPT}))
        recv_type(ws, "chat")
        recv_type(ws, "chat")  # stored before it was sent to us
        server.kill()
    server.start()
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "token": None}))
        chat = recv_type(ws, "welcome")["chat"]
    assert chat["spectators"] == "read"
    assert [(m["seat"], m.get("quick"), m.get("text")) for m in chat["messages"]] == [
        (0, "gl", None),
        (0, None, SCRIPT),
    ]
