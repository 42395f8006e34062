"""Several real server processes on one PostgreSQL schema and one Redis, and browser-like
clients that reconnect through a load balancer's eyes (their own process first, then
any other) when a socket closes."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import time
import uuid
from collections import deque
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import httpx
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection, connect

from spieltisch.store import Store

from ..store.conftest import PG_URL
from .procserver import Server, free_port

REDIS_URL = os.environ.get("SPIELTISCH_TEST_REDIS", "redis://127.0.0.1:6379/0")


@contextmanager
def pg_schema() -> Iterator[str]:
    """A PostgreSQL schema of the test's own, dropped after."""
    schema = f"st_cluster_{uuid.uuid4().hex[:12]}"
    try:
        yield schema
    finally:
        admin = create_engine(PG_URL)
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


@contextmanager
def running_cluster(n: int) -> Iterator[Cluster]:
    """``n`` processes started on a new schema, stopped and the schema dropped after."""
    with pg_schema() as schema:
        cluster = Cluster(n, schema)
        cluster.start()
        try:
            yield cluster
        finally:
            cluster.stop()


class Cluster:
    """``n`` server processes sharing one schema and a Redis key prefix."""

    def __init__(self, n: int, schema: str, redis_url: str = REDIS_URL, bot_delay: float = 0.05):
        env = {
            "SPIELTISCH_REDIS": redis_url,
            "SPIELTISCH_REDIS_PREFIX": f"test:{schema}:",
            "SPIELTISCH_LEASE_SECONDS": "1.5",
        }
        self.schema = schema
        self.servers = [Server(PG_URL, bot_delay, schema, env) for _ in range(n)]

    def start(self) -> None:
        for srv in self.servers:
            srv.start()

    def stop(self) -> None:
        for srv in self.servers:
            srv.stop()

    def server_id(self, srv: Server) -> str:
        r = httpx.get(f"{srv.base}/healthz", timeout=5)
        return str(r.json()["server"])

    def owner(self, table_id: str) -> Server:
        """The process whose lease holds ``table_id``."""
        with create_engine(PG_URL).connect() as conn:
            process = conn.execute(
                text(f'SELECT process FROM "{self.schema}".st_leases WHERE table_id = :t'),
                {"t": table_id},
            ).scalar()
        for srv in self.servers:
            if srv.proc is not None and srv.proc.poll() is None and self.server_id(srv) == process:
                return srv
        raise AssertionError(f"no running server owns {table_id}")

    def finished(self, table_id: str) -> bool:
        with create_engine(PG_URL).connect() as conn:
            status = conn.execute(
                text(f'SELECT status FROM "{self.schema}".st_tables WHERE id = :t'),
                {"t": table_id},
            ).scalar()
        return status == "finished"

    def record(self, table_id: str) -> list[dict[str, Any]]:
        store = Store(PG_URL, schema=self.schema, create=False)
        try:
            return store.actions(table_id)
        finally:
            store.close()


class Client:
    """A browser tab at one table: reconnects (its own process first, like a browser
    behind a load balancer) whenever its socket closes, and remembers every ply it was
    told about."""

    def __init__(
        self,
        servers: list[Server],
        home: int,
        table_id: str,
        token: str | None,
        headers: dict[str, str] | None = None,
    ):
        """``headers``: sent with every upgrade request (a proxy's, say)."""
        self.order = servers[home:] + servers[:home]
        self.headers = headers
        self.table_id, self.token = table_id, token
        self.ply = -1
        self.view: dict[str, Any] = {}
        self.seen: dict[int, int] = {}
        """ply → seat of every action this client was told about."""
        self.reconnects = 0
        self.errors: list[dict[str, Any]] = []
        self.heard: deque[dict[str, Any]] = deque(maxlen=6)
        """The gist of the last messages (for a failure's report)."""
        self.ws: ClientConnection | None = None
        self.sockets = ExitStack()
        self.connect()

    def connect(self, patience: float = 30.0) -> None:
        end = time.monotonic() + patience
        while True:
            for srv in self.order:
                if srv.proc is None or srv.proc.poll() is not None:
                    continue
                try:
                    url = f"ws://127.0.0.1:{srv.port}/ws/tables/{self.table_id}"
                    ws = self.sockets.enter_context(connect(url, additional_headers=self.headers))
                    ws.send(json.dumps({"type": "hello", "token": self.token}))
                    msg = json.loads(ws.recv(timeout=10))
                except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
                    continue
                if msg["type"] == "welcome":
                    self.ws = ws
                    self._welcome(msg)
                    return
                ws.close()
            if time.monotonic() > end:
                raise AssertionError("no server took the table back")
            time.sleep(0.2)

    def _welcome(self, msg: dict[str, Any]) -> None:
        self.ply, self.view = msg["ply"], msg["view"]
        for i, entry in enumerate(msg["log"]):
            self._saw(i + 1, entry["seat"])

    def _saw(self, ply: int, seat: int) -> None:
        assert self.seen.setdefault(ply, seat) == seat, f"ply {ply} told twice, differently"

    def send(self, message: dict[str, Any]) -> bool:
        """Send ``message``; ``False`` if the socket had closed (it reconnected and the
        message was not sent)."""
        assert self.ws is not None
        try:
            self.ws.send(json.dumps(message))
        except ConnectionClosed:
            self.reconnects += 1
            self.connect()
            return False
        return True

    def next(self, timeout: float = 15.0) -> dict[str, Any]:
        """The next message; a closed socket reconnects and yields its ``welcome``."""
        assert self.ws is not None
        try:
            msg: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        except TimeoutError:
            raise AssertionError(
                f"the client at :{self.order[0].port} heard nothing for {timeout:.0f} s at "
                f"ply {self.ply}; before that it heard {list(self.heard)}"
            ) from None
        except ConnectionClosed:
            self.reconnects += 1
            self.connect()
            return {"type": "welcome", "ply": self.ply, "view": self.view}
        self.heard.append({k: msg[k] for k in ("type", "ply", "claim", "message") if k in msg})
        if msg["type"] == "step":
            self.ply, self.view = msg["ply"], msg["view"]
            self._saw(msg["ply"], msg["seat"])
        elif msg["type"] == "welcome":
            self._welcome(msg)
        elif msg["type"] == "error":
            self.errors.append(msg)
        return msg

    def until(self, ply: int, timeout: float = 40.0) -> None:
        end = time.monotonic() + timeout
        while self.ply < ply:
            if time.monotonic() > end:
                raise AssertionError(f"stuck at ply {self.ply}, waiting for {ply}")
            self.next()

    def close(self) -> None:
        self.sockets.close()


def play_turns(
    players: dict[int, Client],
    watchers: list[Client],
    rng: random.Random,
    plies: int,
) -> int:
    """Play random legal moves through each seat's own client until the game is over
    or ``plies`` more actions were made (bots' included); the ply reached."""
    everyone = [*players.values(), *watchers]
    goal = max(c.ply for c in everyone) + plies
    while True:
        ply = max(c.ply for c in everyone)
        for c in everyone:
            c.until(ply)
        if everyone[0].view.get("over") or ply >= goal:
            return ply
        actors = [c for c in players.values() if c.view.get("legal_actions")]
        if not actors:  # a bot's turn: wait for its move
            watchers[0].until(ply + 1)
            continue
        actor = actors[0]
        action = rng.choice(actor.view["legal_actions"])
        if not actor.send({"type": "act", "action": action, "ply": ply}):
            continue  # reconnected: look at the table again
        end = time.monotonic() + 40
        while actor.ply <= ply and time.monotonic() < end:
            msg = actor.next()
            if msg["type"] in ("error", "welcome"):
                break  # refused (stale after a takeover) or reconnected: look again
        else:
            assert actor.ply > ply, "an action was never answered"


def check_record(cluster: Cluster, table_id: str, clients: list[Client]) -> list[dict[str, Any]]:
    """Every ply any client was told of is in the record, with the same seat, once."""
    record = cluster.record(table_id)
    for client in clients:
        for ply, seat in client.seen.items():
            assert ply <= len(record), f"told of ply {ply}, the record has {len(record)}"
            assert record[ply - 1]["seat"] == seat
    return record


def create_table(
    srv: Server, game: str, seats: list[dict[str, Any]], **extra: Any
) -> dict[str, Any]:
    r = httpx.post(
        f"{srv.base}/api/tables", json={"game": game, "seats": seats, "name": "Ada", **extra}
    )
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def join(srv: Server, table_id: str, name: str) -> str:
    r = httpx.post(f"{srv.base}/api/tables/{table_id}/join", json={"name": name})
    assert r.status_code == 200, r.text
    token: str = r.json()["seat_token"]
    return token


class RedisServer:
    """A Redis of the test's own on a free port, to kill and restart."""

    def __init__(self) -> None:
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        cmd = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        cmd += ["--save", "", "--appendonly", "no"]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                with socket_to(self.port):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)


@contextmanager
def socket_to(port: int) -> Iterator[None]:
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=1):
        yield
