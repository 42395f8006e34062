"""Abandoned tables and seat claims on two processes: the owner of a deserted table ends
it once (sockets relayed through the other process count as presence), a process that
takes a deserted table over after its owner died ends it too, and a player's seat claim
made at the other process is asked of the owner, whose sockets then accept the token."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .clusterkit import Client, Cluster, create_table, join, pg_schema

pytestmark = pytest.mark.slow

ABANDONED_AFTER = "3"


@pytest.fixture
def two() -> Iterator[Cluster]:
    with pg_schema() as schema:
        cluster = Cluster(2, schema)
        for srv in cluster.servers:
            srv.env["SPIELTISCH_ABANDONED_AFTER"] = ABANDONED_AFTER
        cluster.start()
        try:
            yield cluster
        finally:
            cluster.stop()


def wait_status(srv: Any, tid: str, status: str, patience: float = 30) -> dict[str, Any]:
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        summary: dict[str, Any] = httpx.get(f"{srv.base}/api/tables/{tid}").json()
        if summary.get("status") == status:  # an error while the owner is dead
            return summary
        time.sleep(0.2)
    raise AssertionError(f"table {tid} never {status}")


def test_the_owner_ends_a_deserted_table_and_a_taker_over_ends_another(two: Cluster) -> None:
    a, b = two.servers
    humans = [{"kind": "human"}, {"kind": "human"}]
    made = [create_table(a, "halali", humans) for _ in range(2)]
    tids = [m["table"]["id"] for m in made]
    tokens = [[m["seat_token"], join(b, tid, "Bob")] for m, tid in zip(made, tids, strict=True)]
    assert {two.owner(tid) for tid in tids} == {a}
    stays = Client(two.servers, 1, tids[1], tokens[1][0])  # relayed through b: present
    for token in tokens[0]:  # relayed through b to the owner a, then the pages close
        Client(two.servers, 1, tids[0], token).close()
    ended = wait_status(b, tids[0], "abandoned")
    assert ended["result"]["abandoned"] is True
    assert httpx.get(f"{b.base}/api/tables/{tids[0]}/replay/0").status_code == 200
    assert httpx.get(f"{a.base}/api/tables/{tids[1]}").json()["status"] == "running"

    # The second table's owner dies as its last person leaves; b takes the table over
    # and, with nobody there, ends it all the same.
    a.kill()
    stays.close()
    wait_status(b, tids[1], "abandoned")


def test_a_claim_at_the_other_process_is_asked_of_the_owner(two: Cluster) -> None:
    a, b = two.servers
    r = httpx.post(f"{b.base}/api/players", json={"name": "Ada"})
    key = r.json()["key"]
    made = create_table(
        a, "halali", [{"kind": "human"}, {"kind": "bot", "level": "random"}], player=key
    )
    tid = made["table"]["id"]
    assert two.owner(tid) is a
    desk = Client(two.servers, 0, tid, made["seat_token"])  # her first device stays
    auth = {"authorization": f"Bearer {key}"}
    claimed = httpx.post(f"{b.base}/api/tables/{tid}/seats/0/claim", headers=auth)
    assert claimed.status_code == 200, claimed.text
    for home in (0, 1):  # at the owner, and relayed through b
        tab = Client(two.servers, home, tid, claimed.json()["seat_token"])
        assert tab.view and not tab.errors
        tab.close()
    other = httpx.post(f"{b.base}/api/players", json={"name": "Eve"}).json()["key"]
    refused = httpx.post(
        f"{b.base}/api/tables/{tid}/seats/0/claim", headers={"authorization": f"Bearer {other}"}
    )
    assert refused.json()["error"]["code"] == "table/seat_not_yours"
    assert not desk.errors
    desk.close()
