"""A tip asked at a process that does not own the table is answered by its owner, with
the same refusals as there."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from .clusterkit import Cluster, running_cluster

pytestmark = pytest.mark.slow


@pytest.fixture
def two() -> Iterator[Cluster]:
    with running_cluster(2) as cluster:
        yield cluster


def test_a_tip_is_answered_through_another_process(two: Cluster) -> None:
    a, b = two.servers
    body = {"game": "halali", "seats": [{"kind": "human"}] * 2, "name": "Ada", "tips": True}
    made = httpx.post(f"{a.base}/api/tables", json=body, timeout=10).json()
    tid = made["table"]["id"]
    joined = httpx.post(f"{a.base}/api/tables/{tid}/join", json={"name": "Bob"}, timeout=10)
    tokens = [made["seat_token"], joined.json()["seat_token"]]
    assert two.owner(tid) is a
    assert httpx.get(f"{b.base}/api/tables/{tid}/tips", timeout=10).json() == {"tips": True}
    answers = [
        httpx.post(
            f"{b.base}/api/tables/{tid}/seats/{seat}/tip",
            headers={"authorization": f"Bearer {tokens[seat]}"},
            timeout=10,
        )
        for seat in (0, 1)
    ]
    codes = sorted(r.status_code for r in answers)
    assert codes == [200, 409], [r.text for r in answers]
    tip = next(r.json() for r in answers if r.status_code == 200)
    refused = next(r.json() for r in answers if r.status_code == 409)
    assert tip["ply"] == 0
    assert "-" in tip["action"] or tip["action"].startswith("flip ")
    assert refused["error"]["code"] == "hint/not_your_turn"
    bad = httpx.post(
        f"{b.base}/api/tables/{tid}/seats/{tip['seat']}/tip",
        headers={"authorization": f"Bearer {tokens[1 - tip['seat']]}"},
        timeout=10,
    )
    assert (bad.status_code, bad.json()["error"]["code"]) == (403, "auth/bad_token")
