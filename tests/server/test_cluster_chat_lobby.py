"""Chat and closing a table when the browser reached another process than the table's
owner: a relayed socket's chat reaches everyone, a close is carried out by the owner."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from .clusterkit import Cluster, running_cluster
from .procserver import Server, recv_type

pytestmark = pytest.mark.slow


@pytest.fixture
def two() -> Iterator[Cluster]:
    with running_cluster(2) as cluster:
        yield cluster


def _url(srv: Server, tid: str) -> str:
    return f"ws://127.0.0.1:{srv.port}/ws/tables/{tid}"


def _hello(ws: ClientConnection, token: str | None) -> dict[str, Any]:
    ws.send(json.dumps({"type": "hello", "token": token}))
    return recv_type(ws, "welcome")


def _create(srv: Server, **extra: Any) -> dict[str, Any]:
    body = {"game": "halali", "seats": [{"kind": "human"}] * 2, "name": "Ada", **extra}
    r = httpx.post(f"{srv.base}/api/tables", json=body, timeout=10)
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def test_chat_from_a_relayed_socket_reaches_the_owners_sockets(two: Cluster) -> None:
    a, b = two.servers
    made = _create(a, spectator_chat="read")
    tid = made["table"]["id"]
    joined = httpx.post(f"{b.base}/api/tables/{tid}/join", json={"name": "Bob"}, timeout=10)
    with connect(_url(b, tid)) as bob, connect(_url(a, tid)) as watcher:
        _hello(bob, joined.json()["seat_token"])  # relayed to the owner, a
        assert _hello(watcher, None)["chat"]["spectators"] == "read"
        bob.send(json.dumps({"type": "chat", "text": "<i>Servus</i>"}))
        got = recv_type(watcher, "chat")["message"]
        assert got == recv_type(bob, "chat")["message"]
        assert got["text"] == "<i>Servus</i>" and got["seat"] == 1 and got["name"] == "Bob"
        bob.send(json.dumps({"type": "chat", "text": "x" * 201}))
        assert recv_type(bob, "error")["code"] == "chat/too_long"


def test_the_host_closes_a_table_through_another_process(two: Cluster) -> None:
    a, b = two.servers
    made = _create(a)
    tid = made["table"]["id"]
    headers = {"authorization": f"Bearer {made['host_token']}"}
    with connect(_url(a, tid)) as waiting:
        _hello(waiting, made["seat_token"])
        r = httpx.post(f"{b.base}/api/tables/{tid}/close", headers={"authorization": "Bearer x"})
        assert r.status_code == 403 and r.json()["error"]["code"] == "auth/not_host"
        r = httpx.post(f"{b.base}/api/tables/{tid}/close", headers=headers, timeout=10)
        assert r.status_code == 200 and r.json()["status"] == "closed"
        assert recv_type(waiting, "error")["code"] == "table/closed"  # told by the owner
    for srv in (a, b):
        assert httpx.get(f"{srv.base}/api/tables/{tid}").json()["status"] == "closed"
        r = httpx.post(f"{srv.base}/api/tables/{tid}/join", json={"name": "Eve"})
        assert r.json()["error"]["code"] == "table/closed"
