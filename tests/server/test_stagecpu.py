"""The action path's CPU per stage, served only where the debugging setting is on."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from spieltisch.server import Settings, create_app
from spieltisch.server.stagecpu import STAGES

from .bothdbs import database
from .conftest import hello, two_humans, until


def test_the_stages_are_not_served_by_default(client: TestClient) -> None:
    assert client.get("/internal/stages").status_code == 404
    assert client.post("/internal/profile").status_code == 404


@pytest.mark.parametrize(
    ("kind", "group_commit_ms"), [("sqlite", 1.0), ("sqlite", -1.0), ("postgresql", 1.0)]
)
def test_an_action_counts_in_every_stage_and_the_profile_covers_it(
    tmp_path: Path, kind: str, group_commit_ms: float
) -> None:
    """Grouped (by a writer thread on SQLite, on the event loop on PostgreSQL), or
    written alone by the thread that ran the rules (whose write-ahead is not the rules'
    time: no stage may go negative)."""
    with (
        database(kind, tmp_path, stage_cpu=True, group_commit_ms=group_commit_ms) as on,
        TestClient(create_app(on)) as client,
    ):
        tid, t0, _t1 = two_humans(client)
        before = client.get("/internal/stages").json()
        assert client.post("/internal/profile").status_code == 200
        with client.websocket_connect(f"/ws/tables/{tid}") as a:
            hello(a, t0)
            a.send_json({"type": "act", "action": "flip b2", "ply": 0})
            until(a, "step")
        after = client.get("/internal/stages").json()
        top = client.delete("/internal/profile", params={"top": 1000})
        assert top.status_code == 200 and "broadcast_step" in top.text
        assert client.delete("/internal/profile").status_code == 409  # stopped already
    assert after["actions"] == before["actions"] + 1
    assert after["commits"] >= before["commits"] + 1
    grew = [s for s in STAGES if after["cpu_s"][s] > before["cpu_s"][s]]
    assert sorted(grew) == sorted(STAGES)
    lag = after["loop_lag"]
    assert len(lag["counts"]) == len(lag["bounds_ms"]) + 1


def test_the_loop_lag_is_sampled(settings: Settings) -> None:
    on = settings.model_copy(update={"stage_cpu": True})
    with TestClient(create_app(on)) as client:
        first = sum(client.get("/internal/stages").json()["loop_lag"]["counts"])
        deadline = time.monotonic() + 5
        while sum(client.get("/internal/stages").json()["loop_lag"]["counts"]) <= first:
            assert time.monotonic() < deadline, "no loop lag sample in 5 s"
            time.sleep(0.02)
