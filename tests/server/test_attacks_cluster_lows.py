"""Hostile (or merely hasty) clients of a cluster: a socket relayed to the table's owner
that sends before its welcome loses nothing."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.client import connect

from .clusterkit import Cluster, create_table, join, running_cluster

pytestmark = pytest.mark.slow


@pytest.fixture
def two() -> Iterator[Cluster]:
    with running_cluster(2) as cluster:
        yield cluster


def test_a_move_sent_right_after_hello_on_a_relayed_socket_is_played(two: Cluster) -> None:
    a, b = two.servers
    made = create_table(a, "halali", [{"kind": "human"}, {"kind": "human"}])
    tid = made["table"]["id"]
    join(a, tid, "Bob")
    assert two.owner(tid) is a
    for attempt in range(3):  # each a fresh socket relayed through b, hasty from the start
        with connect(f"ws://127.0.0.1:{b.port}/ws/tables/{tid}") as ws:
            ws.send(json.dumps({"type": "hello", "token": made["seat_token"]}))
            ws.send(json.dumps({"type": "act", "action": "flip b2", "ply": 0}))
            seen: list[dict[str, Any]] = []
            end = time.monotonic() + 15
            while time.monotonic() < end:
                msg = json.loads(ws.recv(timeout=15))
                seen.append(msg)
                if msg["type"] in ("step", "error"):
                    break
        types = [m["type"] for m in seen]
        assert types[0] == "welcome", types
        if attempt == 0:
            assert seen[-1]["type"] == "step" and seen[-1]["ply"] == 1, types
        else:  # the move was played: a repeat is answered, not dropped
            assert seen[-1]["type"] == "error", types
            assert seen[-1]["code"] == "action/stale_state", seen[-1]
            assert seen[-1]["text"]["de"] and seen[-1]["text"]["en"]
