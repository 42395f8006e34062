"""A turn clock with several processes: the table's owner runs it, and when the owner is
killed the process that takes the table over rebuilds the stored deadline and runs it."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import httpx
import pytest
from websockets.sync.client import connect

from .clusterkit import Cluster, create_table, join, running_cluster

pytestmark = pytest.mark.slow

LIMIT = 12


@pytest.fixture
def two() -> Iterator[Cluster]:
    with running_cluster(2) as cluster:
        yield cluster


def test_the_owner_killed_the_survivor_runs_the_clock_from_its_stored_deadline(
    two: Cluster,
) -> None:
    a, b = two.servers
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = create_table(a, "halali", seats, clock={"mode": "move", "seconds": LIMIT})
    tid = made["table"]["id"]
    started = time.monotonic()  # before the clock starts
    join(b, tid, "Bob")  # forwarded to the owner, which starts the game and its clock
    shown = httpx.get(f"{b.base}/api/tables/{tid}").json()["clock"]
    mover = next(seat for seat, s in enumerate(shown["left"]) if s is not None)
    owner = two.owner(tid)
    survivor = b if owner is a else a
    time.sleep(LIMIT / 2)  # half the time gone: a clock started again would show it
    killed = time.monotonic() - started
    owner.kill()
    # The survivor adopts the table (the dead owner's lease runs out) with its deadline.
    while True:
        r = httpx.get(f"{survivor.base}/api/tables/{tid}")  # refused until it takes over
        if r.status_code == 200 and r.json()["seats"][mover]["kind"] == "bot":
            break
        assert time.monotonic() - started < LIMIT + 20, "the clock never ran out"
        time.sleep(0.25)
    took = time.monotonic() - started
    # The deadline was kept, not started again at the takeover: a clock started again could
    # run out no sooner than a whole limit after the kill (half the limit later than the
    # kept one), however fast or slow the machine.
    assert LIMIT - 1 < took < killed + LIMIT, (killed, took)
    assert two.owner(tid) is survivor


def test_the_time_banks_outlive_their_owner(two: Cluster) -> None:
    """A 1+5 time bank: Ada moves, her owner is killed; the survivor shows the bank she
    had after her move (not a refilled base) and runs Bob's from where it was."""
    a, b = two.servers
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = create_table(a, "halali", seats, clock={"mode": "bank", "seconds": 60, "increment": 5})
    tid = made["table"]["id"]
    tokens = {0: made["seat_token"], 1: join(b, tid, "Bob")}
    shown = httpx.get(f"{b.base}/api/tables/{tid}").json()["clock"]
    mover = next(seat for seat, s in enumerate(shown["left"]) if s is not None)
    owner = two.owner(tid)
    survivor = b if owner is a else a
    time.sleep(2)
    with connect(f"ws://127.0.0.1:{owner.port}/ws/tables/{tid}") as ws:
        ws.send(json.dumps({"type": "hello", "token": tokens[mover]}))
        view = json.loads(ws.recv(timeout=10))["view"]
        ws.send(json.dumps({"type": "act", "action": view["legal_actions"][0]}))
        while (message := json.loads(ws.recv(timeout=10)))["type"] != "step":
            pass
    banked = message["table"]["clock"]["bank"][mover]
    assert 60 < banked < 63  # 60 s less about 2 s thinking, plus 5
    moved = time.monotonic()
    owner.kill()
    while True:
        asked = time.monotonic()
        r = httpx.get(f"{survivor.base}/api/tables/{tid}")  # refused until it takes over
        if r.status_code == 200:
            break
        assert asked - moved < 30, "the table was never taken over"
        time.sleep(0.25)
    clock = r.json()["clock"]
    assert clock["bank"][mover] == pytest.approx(banked)
    assert clock["left"][mover] is None
    # Bob's bank ran from Ada's move (before ``moved``) on, through the takeover (answered
    # after ``asked``): never refilled.
    assert clock["left"][1 - mover] <= 60 - (asked - moved)
