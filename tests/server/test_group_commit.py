"""Write ahead with group commit: no action reaches any socket before its transaction
committed, and actions of several tables arriving together share one transaction.

The commit is held open for real (:class:`HeldCommit`), on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, select, text

from spieltisch.server import create_app
from spieltisch.server.live import Connection
from spieltisch.store import Store
from spieltisch.store.models import TableRow

from .bothdbs import DATABASES, database
from .conftest import hello, two_humans, until

HOLD = 0.4
"""Seconds the test looks for leaked steps while the commit is held."""


class HeldCommit:
    """Holds the write-ahead's next transaction open until :meth:`release`.

    SQLite: the writer thread's ``commit`` event waits (the action is inserted, its
    commit not sent). PostgreSQL: another connection locks the table's row (``FOR
    UPDATE``), so the batch's statement waits inside its transaction; it has arrived
    when PostgreSQL shows a backend waiting for that lock.
    """

    def __init__(self, store: Store, table_id: str) -> None:
        self.store, self.table_id = store, table_id
        self.postgres = store.engine.dialect.name == "postgresql"
        self.armed = False
        self.entered = threading.Event()
        self.released = threading.Event()
        self.locker: Any = None
        if not self.postgres:
            event.listen(store.engine, "commit", self._commit)

    def arm(self) -> None:
        if self.postgres:
            self.locker = self.store.engine.connect()
            self.locker.begin()
            self.locker.execute(
                select(TableRow.id).where(TableRow.id == self.table_id).with_for_update()
            )
        self.armed = True

    def wait_entered(self, timeout: float) -> bool:
        if not self.postgres:
            return self.entered.wait(timeout)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.store.engine.connect() as conn:
                waiting = conn.execute(
                    text(
                        "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                        "AND position(:actions in query) > 0"
                    ),
                    {"actions": f'INSERT INTO "{self.store.schema}".st_actions'},
                ).scalar()
            if waiting:
                return True
            time.sleep(0.02)
        return False

    def _commit(self, _conn: Any) -> None:
        if self.armed and threading.current_thread().name == "write-ahead":
            self.armed = False
            self.entered.set()
            self.released.wait(10)

    def release(self) -> None:
        self.released.set()
        if self.locker is not None:
            self.locker.rollback()
            self.locker.close()
            self.locker = None

    def remove(self) -> None:
        self.release()
        if not self.postgres:
            event.remove(self.store.engine, "commit", self._commit)


@pytest.fixture(params=DATABASES)
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    with database(request.param, tmp_path) as settings, TestClient(create_app(settings)) as c:
        yield c


def test_no_step_reaches_any_socket_before_its_commit(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[tuple[int | None, str]] = []
    send = Connection.send

    def recording(conn: Connection, message: dict[str, Any]) -> None:
        sent.append((conn.seat, message["type"]))
        send(conn, message)

    monkeypatch.setattr(Connection, "send", recording)
    store: Store = client.app.state.manager.store  # type: ignore[attr-defined]
    tid, t0, t1 = two_humans(client)
    held = HeldCommit(store, tid)
    try:
        with (
            client.websocket_connect(f"/ws/tables/{tid}") as a,
            client.websocket_connect(f"/ws/tables/{tid}") as b,
            client.websocket_connect(f"/ws/tables/{tid}") as watcher,
        ):
            hello(a, t0)
            hello(b, t1)
            hello(watcher, None)
            held.arm()
            sent.clear()
            a.send_json({"type": "act", "action": "flip b2", "ply": 0})
            assert held.wait_entered(10), "the action never reached its transaction"
            time.sleep(HOLD)  # the rules have run: only the commit is missing
            assert [kind for _seat, kind in sent if kind == "step"] == []
            assert store.actions(tid) == []  # the row is there, uncommitted
            held.release()
            for ws in (a, b, watcher):
                step = until(ws, "step")
                assert step["ply"] == 1 and step["events"][0]["square"] == "b2"
            assert {seat for seat, kind in sent if kind == "step"} == {0, 1, None}
    finally:
        held.remove()
    assert [a["action"]["square"] for a in store.actions(tid)] == ["b2"]


def test_actions_of_several_tables_share_one_transaction(tmp_path: Path) -> None:
    with (
        database("sqlite", tmp_path, group_commit_ms=300.0) as settings,
        TestClient(create_app(settings)) as client,
    ):
        tables = [two_humans(client) for _ in range(3)]
        sockets = [client.websocket_connect(f"/ws/tables/{tid}") for tid, _t0, _t1 in tables]
        for ws in sockets:
            ws.__enter__()
        try:
            for ws, (_tid, t0, _t1) in zip(sockets, tables, strict=True):
                hello(ws, t0)
            commits = client.app.state.manager.ctx.commits()  # type: ignore[attr-defined]
            before = commits.batches
            for ws in sockets:  # all three within the 300 ms window
                ws.send_json({"type": "act", "action": "flip b2", "ply": 0})
            for ws in sockets:
                assert until(ws, "step")["ply"] == 1
            assert commits.batches == before + 1
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
