"""The host seats a bot at a waiting table through a process that does not own it: the
owner seats the bot and starts the game, and the waiting player on the owner sees it."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
from websockets.sync.client import connect

from .clusterkit import Cluster, running_cluster
from .procserver import recv_type

pytestmark = pytest.mark.slow


@pytest.fixture
def two() -> Iterator[Cluster]:
    with running_cluster(2) as cluster:
        yield cluster


def test_the_host_seats_a_bot_through_another_process(two: Cluster) -> None:
    a, b = two.servers
    body = {"game": "halali", "seats": [{"kind": "human"}] * 2, "name": "Ada"}
    made = httpx.post(f"{a.base}/api/tables", json=body, timeout=10).json()
    tid = made["table"]["id"]
    assert two.owner(tid) is a
    route = f"{b.base}/api/tables/{tid}/seats/1/bot"
    with connect(f"ws://127.0.0.1:{a.port}/ws/tables/{tid}") as ada:
        ada.send(json.dumps({"type": "hello", "token": made["seat_token"]}))
        assert recv_type(ada, "welcome")["view"] is None  # waiting
        bad = httpx.post(route, json={"level": "random"}, headers={"authorization": "Bearer x"})
        assert bad.status_code == 403 and bad.json()["error"]["code"] == "auth/not_host"
        headers = {"authorization": f"Bearer {made['host_token']}"}
        r = httpx.post(route, json={"level": "random"}, headers=headers, timeout=10)
        assert r.status_code == 200, r.text
        assert r.json()["status"] == "running" and r.json()["seats"][1]["kind"] == "bot"
        assert recv_type(ada, "welcome")["view"] is not None  # the owner started the game
    for srv in (a, b):
        summary = httpx.get(f"{srv.base}/api/tables/{tid}").json()
        assert summary["status"] == "running" and summary["seats"][1]["level"] == "random"
