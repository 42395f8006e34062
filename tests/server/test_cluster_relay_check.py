"""The relaying process's check of its relayed sockets' owners, on the real PostgreSQL.

Every round, a process holding relayed sockets asks PostgreSQL who owns their tables and
closes (1012) those whose owner died or changed. The question takes a while under load,
and sockets are relayed meanwhile: a new table's spectator, for one. Such a socket is not
in the answer, and it was taken for one whose owner had died: two processes under load
(bench/ws_load.py, 200 new tables) closed a few new spectators' sockets with 1012 a moment
after they opened, with both owners alive all along.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import uuid
from collections.abc import Iterator, Sequence
from typing import Any, cast

import pytest

from spieltisch.server import Settings
from spieltisch.server.cluster import Cluster, Relay, RemoteConnection
from spieltisch.server.live import Connection
from spieltisch.server.tables import SeatSpec, TableManager
from spieltisch.store import Store
from spieltisch.store.leases import Leases
from spieltisch.store.repository import SeatRecord

from ..store.conftest import PG_URL
from .clusterkit import REDIS_URL, pg_schema


@pytest.fixture
def schema() -> Iterator[str]:
    with pg_schema() as name:
        yield name


def _table(store: Store, owner: str) -> str:
    table_id = uuid.uuid4().hex[:12]
    store.create_table(
        table_id=table_id,
        game="halali",
        options={},
        players=2,
        seed=1,
        host_hash="host",
        seats=[SeatRecord(0, "human", name="Ada"), SeatRecord(1, "bot", "random")],
        status="running",
        owner=owner,
    )
    return table_id


async def _nowhere(message: dict[str, Any]) -> None:
    raise AssertionError("the check forwards nothing")


def _relay(cluster: Cluster, table_id: str, owner: str) -> Relay:
    """A socket of this process relayed to ``owner`` (as ``Cluster.relay_open`` makes
    one, without the hello to the owner: no owner listens in this test)."""
    cid = uuid.uuid4().hex
    conn = Connection(cast(Any, None), None, table=table_id)  # never written to here
    relay = Relay(conn, table_id, owner, cid, _nowhere)
    cluster.relays[cid] = relay
    return relay


async def _check_while_a_socket_is_relayed(store: Store, schema: str) -> dict[str, bool]:
    settings = Settings(db_url=PG_URL, db_schema=schema, redis_url=REDIS_URL)
    manager = TableManager(store, settings)
    cluster = Cluster(manager, settings, store)
    alive = Leases(store, "owner-alive", 30.0)
    alive.beat()
    dead = Leases(store, "owner-dead", -5.0)  # its heartbeat ran out five seconds ago
    dead.beat()
    early = _relay(cluster, _table(store, alive.me), alive.me)
    orphaned = _relay(cluster, _table(store, dead.me), dead.me)
    opened_later = _table(store, alive.me)

    asked, go_on = threading.Event(), threading.Event()
    ask = cluster.leases.owners

    def owners_slowly(table_ids: Sequence[str]) -> dict[str, str]:
        """The real question, its answer held back until a socket was relayed meanwhile."""
        answer = ask(table_ids)
        asked.set()
        go_on.wait(10)
        return answer

    cluster.leases.owners = owners_slowly  # type: ignore[method-assign]
    try:
        check = asyncio.create_task(cluster._check_relays())
        assert await asyncio.to_thread(asked.wait, 10)
        late = _relay(cluster, opened_later, alive.me)
        go_on.set()
        await check
    finally:
        go_on.set()
        await cluster.bus.close()
        await manager.close()
    return {  # a closed socket's outbox holds the None that ends it
        "early": not early.conn.outbox.empty(),
        "orphaned": not orphaned.conn.outbox.empty(),
        "late": not late.conn.outbox.empty(),
    }


def test_a_socket_relayed_while_the_owners_are_asked_stays_open(schema: str) -> None:
    store = Store(PG_URL, schema=schema)
    try:
        closed = asyncio.run(_check_while_a_socket_is_relayed(store, schema))
    finally:
        store.close()
    assert closed == {"early": False, "orphaned": True, "late": False}


async def _check_after_a_relaying_process_died(store: Store, schema: str) -> dict[str, bool]:
    """A socket relayed to this process by a process whose heartbeat ran out: the
    round's check must forget it (and log why) so the table no longer shows it online."""
    settings = Settings(db_url=PG_URL, db_schema=schema, redis_url=REDIS_URL)
    manager = TableManager(store, settings)
    cluster = Cluster(manager, settings, store)
    dead = Leases(store, "relayer-dead", -5.0)
    dead.beat()
    try:
        created = await manager.create(
            "halali", {}, [SeatSpec("human"), SeatSpec("human")], name="Ada"
        )
        live = manager.tables[created.table["id"]]
        conn = RemoteConnection(
            cast(Any, None), 1, table=live.id, bus=cluster.bus, process=dead.me, cid="c1"
        )
        cluster.remotes["c1"] = (conn, live)
        await manager.attach(live, conn)
        attached = conn in live.connections
        await cluster._check_remotes()
        return {
            "attached": attached,
            "forgotten": "c1" not in cluster.remotes,
            "detached": conn not in live.connections,
            "closed": not conn.outbox.empty(),
        }
    finally:
        await cluster.bus.close()
        await manager.close()


def test_sockets_of_a_dead_relaying_process_are_forgotten_with_logging_on(
    schema: str, caplog: pytest.LogCaptureFixture
) -> None:
    """With the cluster's info logs on, as a server runs: the log line of the check once
    passed the reserved ``LogRecord`` key ``process``, and ``logging`` raised before the
    socket was detached, every round."""
    store = Store(PG_URL, schema=schema)
    try:
        with caplog.at_level(logging.INFO, logger="spieltisch"):
            seen = asyncio.run(_check_after_a_relaying_process_died(store, schema))
    finally:
        store.close()
    assert seen == {"attached": True, "forgotten": True, "detached": True, "closed": True}
    [line] = [r for r in caplog.records if "process relaying it looks dead" in r.getMessage()]
    assert line.__dict__["relaying"] == "relayer-dead"
