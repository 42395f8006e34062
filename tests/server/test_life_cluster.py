"""Resign and rematch on several processes: a resignation through a relayed socket, and
two players asking for the rematch at once on two processes make one table."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from .clusterkit import Client, Cluster, create_table, join, running_cluster

pytestmark = pytest.mark.slow


@pytest.fixture
def two() -> Iterator[Cluster]:
    with running_cluster(2) as cluster:
        yield cluster


def wait_status(srv: Any, tid: str, status: str) -> dict[str, Any]:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        summary: dict[str, Any] = httpx.get(f"{srv.base}/api/tables/{tid}").json()
        if summary["status"] == status:
            return summary
        time.sleep(0.1)
    raise AssertionError(f"table {tid} never {status}")


def test_resign_relayed_and_a_rematch_asked_on_both_processes_at_once(two: Cluster) -> None:
    a, b = two.servers
    made = create_table(a, "halali", [{"kind": "human"}, {"kind": "human"}])
    tid = made["table"]["id"]
    tokens = [made["seat_token"], join(b, tid, "Bob")]
    assert two.owner(tid) is a
    ada = Client(two.servers, 1, tid, tokens[0])  # relayed through b to the owner a
    ada.send({"type": "resign"})
    finished = [wait_status(srv, tid, "finished") for srv in (a, b)]
    assert {s["result"]["reason"] for s in finished} == {"resigned"}
    assert finished[0]["result"]["winners"] == [1]
    ada.close()

    def ask(i: int) -> dict[str, Any]:
        srv = two.servers[i]
        headers = {"authorization": f"Bearer {tokens[i]}"}
        r = httpx.post(f"{srv.base}/api/tables/{tid}/rematch", headers=headers, timeout=20)
        assert r.status_code == 200, r.text
        answer: dict[str, Any] = r.json()
        return answer

    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(ask, [0, 1]))
    nid = answers[0]["table"]["id"]
    assert answers[1]["table"]["id"] == nid
    assert [x["seat"] for x in answers] == [0, 1]
    assert sum(x["host_token"] is not None for x in answers) == 1
    for srv in (a, b):
        running = wait_status(srv, nid, "running")
        assert [s["name"] for s in running["seats"]] == ["Ada", "Bob"]
        links = httpx.get(f"{srv.base}/api/tables/{tid}/rematch").json()
        assert links == {"previous": None, "next": nid}
    players = [Client(two.servers, i, nid, answers[i]["seat_token"]) for i in (0, 1)]
    assert [p.view["seat"] for p in players] == [0, 1]  # each landed in his own seat
    for p in players:
        p.close()
