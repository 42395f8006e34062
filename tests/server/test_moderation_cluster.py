"""Moderation and metrics with several processes: a moderator who reached another process
than the table's owner hides chat and closes the table there; each process's
``/metrics`` counts its own leases and relayed sockets."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from websockets.sync.client import connect

from .clusterkit import Cluster, running_cluster
from .procserver import Server, recv_type

pytestmark = pytest.mark.slow

TOKEN = "cluster-admin-token-0123456789abcdef"
ADMIN = {"authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def two(monkeypatch: pytest.MonkeyPatch) -> Iterator[Cluster]:
    monkeypatch.setenv("SPIELTISCH_ADMIN_TOKEN", TOKEN)
    with running_cluster(2) as cluster:
        yield cluster


def gauges(srv: Server) -> dict[str, float]:
    text = httpx.get(f"{srv.base}/metrics", timeout=10).text
    return {
        s.name: s.value
        for f in text_string_to_metric_families(text)
        for s in f.samples
        if s.name.startswith("spieltisch_cluster")
    }


def test_a_moderator_at_another_process_hides_chat_and_closes_the_table(two: Cluster) -> None:
    a, b = two.servers
    body: dict[str, Any] = {"game": "halali", "seats": [{"kind": "human"}] * 2, "name": "Ada"}
    made = httpx.post(f"{a.base}/api/tables", json=body, timeout=10).json()
    tid = made["table"]["id"]
    httpx.post(f"{a.base}/api/tables/{tid}/join", json={"name": "Bob"}, timeout=10)
    assert two.owner(tid) is a
    with (
        connect(f"ws://127.0.0.1:{a.port}/ws/tables/{tid}") as ada,
        connect(f"ws://127.0.0.1:{b.port}/ws/tables/{tid}") as relayed,
    ):
        ada.send(json.dumps({"type": "hello", "token": made["seat_token"]}))
        recv_type(ada, "welcome")
        relayed.send(json.dumps({"type": "hello", "token": None}))
        recv_type(relayed, "welcome")
        assert gauges(a)["spieltisch_cluster_leases"] >= 1
        assert gauges(b)["spieltisch_cluster_relays"] == 1
        ada.send(json.dumps({"type": "chat", "text": "rude words"}))
        rude = recv_type(ada, "chat")["message"]["id"]
        r = httpx.post(
            f"{b.base}/api/admin/tables/{tid}/chat/{rude}/hide", headers=ADMIN, timeout=10
        )
        assert r.status_code == 200, r.text
        assert recv_type(ada, "chat_hidden")["id"] == rude
        r = httpx.post(f"{b.base}/api/admin/tables/{tid}/close", headers=ADMIN, timeout=10)
        assert r.status_code == 200 and r.json()["table"]["status"] == "closed", r.text
        assert recv_type(ada, "error")["code"] == "table/closed"
    log = httpx.get(f"{b.base}/api/admin/log", headers=ADMIN, timeout=10).json()["entries"]
    assert [e["action"] for e in log] == ["close_table", "hide_chat"]
    assert httpx.get(f"{a.base}/api/tables/{tid}", timeout=10).json()["status"] == "closed"
