"""A turn clock with several processes: the table's owner runs it, and when the owner is
killed the process that takes the table over rebuilds the stored deadline and runs it."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest

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
