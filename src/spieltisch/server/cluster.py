"""Several server processes on one PostgreSQL database and one Redis.

PostgreSQL holds the truth (tables, actions) and who owns which live table
(``spieltisch.store.leases``); Redis only carries news between processes, one pub/sub
channel per process. Each live table runs in exactly one process, its owner: bots, the
bell, timers and every write happen there, so the single-process rules (write-ahead,
one lock per table) hold unchanged.

A browser may reach any process (no sticky sessions). When its table is owned
elsewhere, the process it reached *relays*: it checks and rate-limits the socket's
messages and forwards them to the owner, which serves them as a connection of its own
(:class:`RemoteConnection`) and sends back what it would have written to the socket.
Lobby writes on a table owned elsewhere (join, seat changes) are asked of the owner.

Failover: every process renews its heartbeat every third of the lease time (in a thread,
so a busy event loop does not look like a dead process). When an
owner dies, its heartbeat runs out; the processes relaying its sockets close them with
1012 (the browser reconnects and its process takes the table over by replaying the
record), and any process adopts orphaned tables so bots carry on with nobody watching.
If Redis restarts, relayed sockets are closed the same way (their news may have been
lost); no move is lost, because every move is in PostgreSQL before anyone hears of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, cast

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from spieltisch.store import Store, jsontext
from spieltisch.store.leases import Leases

from .errors import ApiError, ErrorCode
from .live import OUTBOX, Connection, LiveTable, PartlySent, encode
from .messages import handle
from .security import hash_token
from .settings import Settings
from .tables import TableManager
from .tcpinfo import KernelRtt

log = logging.getLogger("spieltisch.cluster")

CALL_TIMEOUT = 10.0
"""Seconds a process waits for the owner to answer a lobby call."""
ORPHANS_PER_SWEEP = 100
"""Tables one heartbeat adopts at most, so a failover spreads over the survivors."""


def down_text(cid: str, message: dict[str, Any]) -> str:
    """The bus's text of ``message`` for the relayed socket ``cid``: the message goes in
    as its JSON text (:func:`.live.encode`), so a step shared by an audience is encoded
    once for all its sockets, relayed or not.

    >>> down_text("c1", {"type": "pong"})
    '{"k":"down","c":"c1","m":{"type":"pong"}}'
    """
    return f'{{"k":"down","c":{jsontext.dumps(cid)},"m":{encode(message)}}}'


class Bus:
    """News between processes: one Redis pub/sub channel per process.

    Pub/sub keeps the order of one sender's messages and delivers each at most once;
    what is lost in a Redis restart is reported through ``on_reset``.
    """

    def __init__(
        self,
        url: str,
        prefix: str,
        me: str,
        on_message: Callable[[dict[str, Any]], None],
        on_reset: Callable[[], None],
    ) -> None:
        self.redis = aioredis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=None)
        self.prefix = prefix
        self.me = me
        self.on_message = on_message
        self.on_reset = on_reset
        self.ready = asyncio.Event()
        self.reader: asyncio.Task[None] | None = None

    def channel(self, process: str) -> str:
        return f"{self.prefix}p:{process}"

    async def start(self, timeout: float = 10.0) -> None:
        self.reader = asyncio.create_task(self._listen(), name="cluster-bus")
        try:
            await asyncio.wait_for(self.ready.wait(), timeout)
        except TimeoutError:
            raise RuntimeError("Redis does not answer") from None

    async def send(self, process: str, message: dict[str, Any]) -> bool:
        """Publish to ``process``; whether it is listening (``False`` also when Redis
        is away)."""
        return await self._publish(process, jsontext.dumps(message), message)

    async def send_down(self, process: str, cid: str, message: dict[str, Any]) -> bool:
        """Publish what a table sends a socket that ``process`` holds (``cid``)."""
        envelope = {"k": "down", "c": cid, "m": message}
        return await self._publish(process, down_text(cid, message), envelope)

    async def _publish(self, process: str, text: str, message: dict[str, Any]) -> bool:
        """Publish ``text``, the JSON of ``message``. A lone surrogate (a client may send
        one as ``"\\ud800"``) is no UTF-8, so Redis cannot take the text that keeps it
        as it is: such a message goes in the standard library's ASCII escapes."""
        channel = self.channel(process)
        try:
            try:
                receivers = await self.redis.publish(channel, text)
            except UnicodeEncodeError:
                receivers = await self.redis.publish(channel, json.dumps(message))
        except (RedisError, OSError):
            return False
        return bool(receivers)

    async def _listen(self) -> None:
        backoff = 0.1
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel(self.me))
                self.ready.set()
                backoff = 0.1
                while True:
                    item = await pubsub.get_message(timeout=None)
                    if item is None:
                        continue
                    try:
                        self.on_message(jsontext.loads(item["data"]))
                    except Exception:
                        log.exception("bad message between processes")
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as exc:
                was_ready = self.ready.is_set()
                self.ready.clear()
                if was_ready:
                    log.warning("lost Redis (%s); relayed sockets are reset", exc)
                    self.on_reset()
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 2.0)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader
        with contextlib.suppress(Exception):
            await self.redis.aclose()


@dataclass(eq=False)
class RemoteConnection(Connection):
    """A socket of another process, served here because this process owns the table:
    what the table sends it goes over the bus to the process holding the socket."""

    bus: Bus | None = None
    process: str = ""
    """The process that holds the socket."""
    cid: str = ""
    inbox: asyncio.Queue[dict[str, Any]] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    reader: asyncio.Task[None] | None = None
    kernel_rtt: float | None = None
    """The kernel's round trip of the socket, as its process last sent it with a sync."""

    def __post_init__(self) -> None:
        self.relayed_rtt = lambda: self.kernel_rtt

    async def drain(self) -> None:
        assert self.bus is not None
        code = 1011
        try:
            while (message := await self.outbox.get()) is not None:
                assert not isinstance(message, PartlySent)  # never idle: no direct writes
                sent = await self.bus.send_down(self.process, self.cid, message)
                if not sent:
                    return  # the relaying process is gone: nobody to tell
            code = self.close_code
        finally:
            await self.bus.send(self.process, {"k": "close", "c": self.cid, "code": code})


class EarlyMessages:
    """Messages of relayed sockets whose opening is under way here (their seat is being
    looked up): a browser may send right after its hello, before the welcome, and its
    messages must wait for the socket, not be lost. At most ``OUTBOX`` per socket."""

    def __init__(self) -> None:
        self.waiting: dict[str, list[dict[str, Any]]] = {}

    def expect(self, cid: str) -> None:
        self.waiting[cid] = []

    def hold(self, cid: str, message: dict[str, Any]) -> bool:
        """Keep ``message`` for the socket ``cid``; ``False`` if it is not opening here
        or has sent too many already (it is then forgotten: its opening ends)."""
        held = self.waiting.get(cid)
        if held is None or len(held) >= OUTBOX:
            self.waiting.pop(cid, None)
            return False
        held.append(message)
        return True

    def take(self, cid: str) -> list[dict[str, Any]] | None:
        """The messages held for ``cid``; ``None`` if it went away meanwhile."""
        return self.waiting.pop(cid, None)


@dataclass(eq=False)
class Relay:
    """A socket here whose table another process owns."""

    conn: Connection
    table_id: str
    owner: str
    cid: str
    forward: Callable[[dict[str, Any]], Awaitable[None]]


MANAGER_CALLS = (
    "get",
    "join",
    "claim",
    "set_seat_bot",
    "take_back_with_token",
    "close_open",
    "end_by_moderator",
    "hide_chat",
    "tip",
)
"""The manager's methods another process may ask the owner of a table to run."""


class Cluster:
    """This process's part of a cluster: heartbeat, leases, the bus, relays, calls."""

    def __init__(self, manager: TableManager, settings: Settings, store: Store) -> None:
        assert settings.redis_url is not None
        self.manager = manager
        self.me = uuid.uuid4().hex[:16]
        self.lease_seconds = settings.lease_seconds
        self.leases = Leases(store, self.me, settings.lease_seconds)
        self.bus = Bus(
            settings.redis_url, settings.redis_prefix, self.me, self._receive, self._reset
        )
        self.relays: dict[str, Relay] = {}
        self.remotes: dict[str, tuple[RemoteConnection, LiveTable]] = {}
        self.early = EarlyMessages()
        self.calls: dict[str, asyncio.Future[Any]] = {}
        self.beater: asyncio.Task[None] | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self.loop_seen = time.monotonic()
        """When the event loop last did its rounds (the heartbeat thread asks)."""
        self.loop_stall = max(30.0, 3 * settings.lease_seconds)
        """Seconds of a silent event loop after which the heartbeat stops: a process
        whose loop is stuck must lose its tables, one that is only busy must not."""
        self.stopping = threading.Event()
        self.heart = threading.Thread(target=self._heartbeat, name="cluster-heartbeat", daemon=True)

    # -- lifecycle -----------------------------------------------------------------------
    async def start(self) -> None:
        await asyncio.to_thread(self.leases.beat)
        self.heart.start()
        await self.bus.start()
        self.beater = asyncio.create_task(self._tend_forever(), name="cluster-rounds")
        log.info("joined the cluster", extra={"server": self.me})

    async def stop(self) -> None:
        """Leave cleanly: give up every lease and the heartbeat, so the others take
        the tables over at once."""
        self.stopping.set()
        if self.beater is not None:
            self.beater.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.beater
        await asyncio.to_thread(self.heart.join, 5.0)
        if self.relays:
            log.info("relayed sockets closed (1012): leaving", extra={"sockets": len(self.relays)})
        for relay in list(self.relays.values()):
            relay.conn.close()
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.leases.release)
        await self.bus.close()

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- ownership -----------------------------------------------------------------------
    async def claim(self, table_ids: list[str]) -> set[str]:
        """Take the tables of ``table_ids`` that have no live owner; those ours now."""
        return cast(set[str], await asyncio.to_thread(self.leases.claim, table_ids))

    async def owner(self, table_id: str) -> str | None:
        owners = await asyncio.to_thread(self.leases.owners, [table_id])
        return owners.get(table_id)

    async def release(self, table_id: str) -> None:
        await asyncio.to_thread(self.leases.release, [table_id])

    async def alive(self, processes: list[str]) -> set[str]:
        """Which of ``processes`` are alive (their heartbeats are fresh)."""
        return await asyncio.to_thread(self.leases.alive, processes)

    def _heartbeat(self) -> None:
        """Renew the heartbeat every third of the lease time, in a thread of its own:
        a process whose event loop is merely busy (a burst of tables, starved cores)
        keeps its tables instead of seeing them taken over and handed back; only a loop
        silent for ``loop_stall`` seconds stops it."""
        stalled = False
        renewed = time.monotonic()  # the last beat began here (its lease runs from then)
        while not self.stopping.wait(self.lease_seconds / 3):
            silent = time.monotonic() - self.loop_seen
            if silent > self.loop_stall:
                if not stalled:
                    log.error("event loop stuck for %.0f s: heartbeat stopped", silent)
                stalled = True
                continue
            stalled = False
            began = time.monotonic()
            try:
                self.leases.beat()
            except Exception:  # the database may be away for a moment: try again
                log.exception("heartbeat failed")
                continue
            done = time.monotonic()
            if done - renewed > 2 * self.lease_seconds / 3:  # others nearly took us for dead
                log.warning(
                    "heartbeat late: renewed %.2f s after the last one began (lease %.1f s)",
                    done - renewed,
                    self.lease_seconds,
                    extra={"beat_seconds": round(done - began, 3)},
                )
            renewed = began

    async def _tend_forever(self) -> None:
        rounds = 0
        while True:
            self.loop_seen = time.monotonic()
            await asyncio.sleep(self.lease_seconds / 3)
            self.loop_seen = time.monotonic()
            rounds += 1
            try:
                await self._tend(sweep=rounds % 2 == 0, housekeeping=rounds % 600 == 0)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database may be away for a moment: try again
                log.exception("cluster rounds failed")

    async def _tend(self, sweep: bool, housekeeping: bool = False) -> None:
        """The event loop's part: drop tables taken over elsewhere, check relays, adopt
        orphans."""
        before = {
            tid
            for tid, live in self.manager.tables.items()
            if live.record.status in ("open", "running")
        }
        owned = await asyncio.to_thread(self.leases.mine)
        for table_id in before - owned:  # taken over while this process was thought dead
            log.warning("table taken over elsewhere; dropped here", extra={"table": table_id})
            await self.manager.drop(table_id)
        await self._check_relays()
        await self._check_remotes()
        if sweep:
            orphans = await asyncio.to_thread(self.leases.orphans, ORPHANS_PER_SWEEP)
            for table_id in sorted(await self.claim(orphans)):
                await self.manager.adopt(table_id)
        if housekeeping:
            await asyncio.to_thread(self.leases.forget_dead, 3600.0)

    async def _check_relays(self) -> None:
        """Close relayed sockets whose owner died or changed: the browser reconnects
        and reaches the table where it runs now.

        Only the relays asked about are judged: a socket relayed while the question was
        in flight (a new table's spectator, say) is not in the answer, and taking its
        absence for a dead owner closed it with 1012 a moment after it opened."""
        asked = list(self.relays.values())
        if not asked:
            return
        tables = sorted({r.table_id for r in asked})
        owners = await asyncio.to_thread(self.leases.owners, tables)
        closed: dict[tuple[str, str, str | None], int] = {}
        for relay in asked:
            if relay.cid not in self.relays:
                continue  # closed meanwhile
            now = owners.get(relay.table_id)
            if now != relay.owner:
                relay.conn.close()
                key = (relay.table_id, relay.owner, now)
                closed[key] = closed.get(key, 0) + 1
        for (table_id, was, now), sockets in closed.items():
            why = "looks dead" if now is None else "changed"
            log.info(
                "relayed sockets closed (1012): the table's owner %s",
                why,
                extra={"table": table_id, "owner": was, "new_owner": now, "sockets": sockets},
            )

    async def _check_remotes(self) -> None:
        """Forget sockets relayed by processes that died (only those asked about, as in
        :meth:`_check_relays`)."""
        asked = list(self.remotes.items())
        if not asked:
            return
        processes = sorted({conn.process for _cid, (conn, _live) in asked})
        alive = await asyncio.to_thread(self.leases.alive, processes)
        for cid, (conn, live) in asked:
            if cid in self.remotes and conn.process not in alive:
                log.info(
                    "relayed socket closed (1012): the process relaying it looks dead",
                    extra={"table": live.id, "relaying": conn.process},
                )
                await self._gone(cid)

    # -- lobby calls to the owner --------------------------------------------------------
    async def call(self, owner: str, method: str, **kwargs: Any) -> Any:
        """Ask the owner of a table to run a :class:`TableManager` lobby method."""
        call_id = uuid.uuid4().hex
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.calls[call_id] = future
        try:
            message = {"k": "call", "id": call_id, "from": self.me, "method": method}
            if not await self.bus.send(owner, {**message, "args": kwargs}):
                raise ApiError(ErrorCode.SERVER_PEER_DOWN, "the table's server does not answer")
            try:
                return await asyncio.wait_for(future, CALL_TIMEOUT)
            except TimeoutError:
                raise ApiError(
                    ErrorCode.SERVER_PEER_DOWN, "the table's server did not answer in time"
                ) from None
        finally:
            self.calls.pop(call_id, None)

    CALLS = MANAGER_CALLS
    """The manager's methods another process may ask the owner to run."""

    async def _answer(self, message: dict[str, Any]) -> None:
        reply: dict[str, Any] = {"k": "reply", "id": message["id"]}
        method = message["method"]
        try:
            if method not in self.CALLS:
                raise ApiError(ErrorCode.SERVER_INTERNAL, f"no such call {method!r}")
            result = await getattr(self.manager, method)(**message["args"])
            reply["result"] = result
        except ApiError as err:
            reply["error"] = {"code": str(err.code), "message": err.message, "rule": err.rule}
        except Exception:
            log.exception("call from another process failed")
            reply["error"] = {"code": str(ErrorCode.SERVER_INTERNAL), "message": "internal error"}
        await self.bus.send(message["from"], reply)

    def _replied(self, message: dict[str, Any]) -> None:
        future = self.calls.get(message["id"])
        if future is None or future.done():
            return
        if "error" in message:
            err = message["error"]
            code = ErrorCode(err["code"])
            future.set_exception(ApiError(code, err["message"], rule=err.get("rule")))
        else:
            future.set_result(message.get("result"))

    # -- relayed sockets: the side holding the socket ------------------------------------
    async def relay_open(
        self,
        conn: Connection,
        table_id: str,
        owner: str,
        token: str | None,
        kernel: KernelRtt | None = None,
    ) -> Relay:
        """Relay ``conn`` to the table's ``owner``. ``kernel`` reads the socket's TCP round
        trip here, where the socket is: it travels with every clock-sync answer, so the
        owner caps the bell's latency credit as it does for its own sockets."""
        cid = uuid.uuid4().hex

        async def forward(message: dict[str, Any]) -> None:
            up: dict[str, Any] = {"k": "up", "c": cid, "m": message}
            if kernel is not None and message["type"] == "sync":
                up["krtt"] = kernel()
            if not await self.bus.send(owner, up):  # the owner is gone: reconnecting
                log.info(  # finds its successor
                    "relayed socket closed (1012): the table's owner does not listen",
                    extra={"table": table_id, "owner": owner},
                )
                conn.close()

        relay = Relay(conn, table_id, owner, cid, forward)
        self.relays[cid] = relay
        digest = hash_token(token) if token is not None else None  # no token leaves here
        hello = {"k": "open", "c": cid, "from": self.me, "t": table_id, "token_hash": digest}
        if not await self.bus.send(owner, hello):
            log.info(
                "relayed socket closed (1012): the table's owner does not listen",
                extra={"table": table_id, "owner": owner},
            )
            conn.close()
        return relay

    async def relay_close(self, relay: Relay) -> None:
        if self.relays.pop(relay.cid, None) is not None:
            await self.bus.send(relay.owner, {"k": "gone", "c": relay.cid})

    # -- relayed sockets: the owner's side -----------------------------------------------
    async def _open(self, message: dict[str, Any]) -> None:
        cid, origin = message["c"], message["from"]
        try:
            await self._open_relayed(cid, origin, message)
        finally:
            self.early.take(cid)  # refused or failed: nothing waits any more

    async def _open_relayed(self, cid: str, origin: str, message: dict[str, Any]) -> None:
        try:
            if await self.manager.owner_elsewhere(message["t"]) is not None:
                raise ApiError(ErrorCode.SERVER_PEER_DOWN, "the table has moved to another server")
            live, seat = await self.manager.seat_for(
                message["t"], None, token_hash=message["token_hash"]
            )
        except ApiError as err:
            error = {"type": "error", **err.to_json()}
            retry = err.code is ErrorCode.SERVER_PEER_DOWN  # the browser tries again
            if retry:
                log.info(
                    "relayed socket refused (1012): %s",
                    err.message,
                    extra={"table": message["t"], "relaying": origin},
                )
            await self.bus.send(origin, {"k": "down", "c": cid, "m": error})
            await self.bus.send(origin, {"k": "close", "c": cid, "code": 1012 if retry else 1008})
            return
        early = self.early.take(cid)
        if early is None:  # gone (or flooding) while its seat was looked up
            await self.bus.send(origin, {"k": "close", "c": cid, "code": 1012})
            return
        conn = RemoteConnection(
            cast(Any, None), seat, table=live.id, bus=self.bus, process=origin, cid=cid
        )
        for sent in early:  # what the browser sent before its welcome, in order
            conn.inbox.put_nowait(sent)
        conn.writer = asyncio.create_task(conn.drain())
        self.remotes[cid] = (conn, live)
        await self.manager.attach(live, conn)
        if cid in self.remotes:  # handled after the welcome, as a local socket's are
            conn.reader = asyncio.create_task(self._serve(conn, live))

    async def _serve(self, conn: RemoteConnection, live: LiveTable) -> None:
        """A relayed socket's messages, one after the other, as a local socket's are."""
        while True:
            message = await conn.inbox.get()
            await handle(self.manager, live, conn, message)

    async def _gone(self, cid: str) -> None:
        entry = self.remotes.pop(cid, None)
        if entry is None:
            return
        conn, live = entry
        if conn.reader is not None:
            conn.reader.cancel()
        await self.manager.detach(live, conn)
        conn.close()

    # -- dispatch ------------------------------------------------------------------------
    def _receive(self, message: dict[str, Any]) -> None:
        """One message from another process (called by the bus's reader; never blocks)."""
        kind = message.get("k")
        cid = message.get("c", "")
        if kind == "down":
            relay = self.relays.get(cid)
            if relay is not None:
                relay.conn.send(message["m"])
        elif kind == "close":
            relay = self.relays.get(cid)
            if relay is not None:
                code = int(message.get("code", 1012))
                log.info(  # the owner logged why
                    "relayed socket closed (%d) by the table's owner",
                    code,
                    extra={"table": relay.table_id, "owner": relay.owner},
                )
                relay.conn.close(code)
        elif kind == "up":
            entry = self.remotes.get(cid)
            if entry is None:
                self.early.hold(cid, message["m"])
            else:
                krtt = message.get("krtt")
                if isinstance(krtt, int | float):
                    entry[0].kernel_rtt = float(krtt)
                try:
                    entry[0].inbox.put_nowait(message["m"])
                except asyncio.QueueFull:
                    log.info(
                        "relayed socket closed (1012): its messages queue up unanswered",
                        extra={"table": entry[1].id, "relaying": entry[0].process},
                    )
                    self._spawn(self._gone(cid))
        elif kind == "open":
            self.early.expect(cid)
            self._spawn(self._open(message))
        elif kind == "gone":
            self.early.take(cid)
            self._spawn(self._gone(cid))
        elif kind == "call":
            self._spawn(self._answer(message))
        elif kind == "reply":
            self._replied(message)

    def _reset(self) -> None:
        """Redis went away: news may have been lost both ways. Relayed sockets close
        (their browsers reconnect and get the whole state again), and sockets relayed
        to this process are forgotten; calls in flight fail."""
        tables = sorted({r.table_id for r in self.relays.values()})
        tables += sorted({live.id for _conn, live in self.remotes.values()})
        for table_id in dict.fromkeys(tables):
            log.info("relayed sockets closed (1012): Redis was lost", extra={"table": table_id})
        for relay in list(self.relays.values()):
            relay.conn.close()
        for cid in list(self.remotes):
            self._spawn(self._gone(cid))
        for future in self.calls.values():
            if not future.done():
                future.set_exception(
                    ApiError(ErrorCode.SERVER_PEER_DOWN, "lost the connection between servers")
                )
