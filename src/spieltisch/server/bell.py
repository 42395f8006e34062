"""Clock sync and timed rings over the websocket (HG-R8, the fair bell).

Clock sync, NTP-style, kept up to date by the client (every few seconds, one ping at a
time):

* client → ``{"type": "ping", "t0": <client ms>}``
* server → ``{"type": "pong", "t0": ..., "ts": <server s>}``; the client takes the round
  trip ``rtt = now − t0`` and its offset ``ts + rtt/2 − now`` (best of the last samples,
  the one with the smallest round trip) and converts every ``show_at`` with it;
* client → ``{"type": "sync", "ts": ...}`` at once: the server's own round-trip sample.

The server times the round trip itself, from the moment it wrote the pong to the arrival
of the echo: only an echo of the latest pong of this connection, and only once, is a
sample. An echo of an older pong (a time held back), of a time the server never sent, or
a second echo of the same pong is not believed and counted (``Sync.refused``). The server
keeps the smallest of the last few round trips: a client can make its latency look
larger by holding echoes back, never smaller. Half of it is the seat's one-way latency:
the runtime uses it to hold flips back until every screen can show them (``show_at``)
and, within the bounds of ``spieltisch.table.bell``, to compensate rings. Where the kernel
times the connection itself (Linux ``TCP_INFO``, see :mod:`.tcpinfo`), the latency is at
most half the kernel's round trip plus a small margin: holding echoes back no longer
makes a link look slower than it is.

A ring is ``{"type": "ring", "version": v, "reaction_ms": r}``: the table version on the
player's screen when he pressed and his reaction time measured from the moment that
version appeared there. It goes to the runtime's collection window, not to the core.
"""

from __future__ import annotations

import math
from typing import Any

from spieltisch.engine import SpieltischError

from . import tcpinfo
from .errors import ApiError, ErrorCode, from_engine
from .live import Connection, LiveTable
from .roundtrip import Sync

__all__ = ["Sync", "pong", "ring", "sync_of", "synced"]


def sync_of(conn: Connection) -> Sync:
    """The connection's round-trip samples, kept on the connection from its first ping."""
    sync = conn.sync
    if sync is None:
        settings = getattr(getattr(getattr(conn.ws, "app", None), "state", None), "settings", None)
        enabled = getattr(settings, "bell_tcp_rtt", True)
        proxies = getattr(settings, "forwarded_allow_ips", tcpinfo.LOCAL_PROXIES)
        kernel = conn.relayed_rtt or tcpinfo.kernel_rtt(conn.ws, enabled, proxies)
        sync = conn.sync = Sync(kernel=kernel)
    return sync


def _number(msg: dict[str, Any], key: str) -> float | None:
    value = msg.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def pong(live: LiveTable, conn: Connection, msg: dict[str, Any], now: float) -> None:
    """Answer a ping; a ping without ``t0`` is a plain keep-alive."""
    t0 = _number(msg, "t0")
    if t0 is None:
        conn.send({"type": "pong"})
        return
    sync_of(conn).sent(now)
    conn.send({"type": "pong", "t0": t0, "ts": now})


async def synced(live: LiveTable, conn: Connection, msg: dict[str, Any], now: float) -> None:
    """The client echoed a pong: one server-side round-trip sample for its seat, if the
    echo agrees with the server's own record (see :class:`Sync`)."""
    ts = _number(msg, "ts")
    if ts is None:
        raise ApiError(ErrorCode.MESSAGE_MALFORMED, 'sync needs the "ts" of a pong')
    sync = sync_of(conn)
    if not sync.echo(ts, now):
        return
    rt = live.runtime
    if conn.seat is not None and rt is not None and rt.has_bell and sync.one_way is not None:
        async with live.lock:
            rt.set_latency(conn.seat, sync.one_way)


async def ring(live: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
    """A timed ring from ``conn``'s seat into the bell window.

    :raises ApiError: spectator, no real-time table, or a ring the rules refuse now.
    """
    if conn.seat is None:
        raise ApiError(ErrorCode.AUTH_SPECTATOR, "spectators cannot act")
    rt = live.runtime
    if rt is None or not rt.has_bell:
        raise ApiError(ErrorCode.MESSAGE_UNKNOWN_TYPE, "this table has no bell")
    version = msg.get("version")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        raise ApiError(ErrorCode.MESSAGE_MALFORMED, "version must be a whole number")
    ms = _number(msg, "reaction_ms")
    async with live.lock:
        if any(s.seat == conn.seat and s.kind == "bot" for s in live.record.seats):
            raise ApiError(ErrorCode.TABLE_SEAT_IS_BOT, "a bot plays this seat now")
        one_way = sync_of(conn).one_way  # this connection's round trips, nobody else's
        rt.set_latency(conn.seat, one_way)
        try:
            claim = rt.ring(conn.seat, version, None if ms is None else ms / 1000)
        except SpieltischError as exc:
            raise from_engine(exc) from exc
    conn.send({"type": "rang", "claim": None if claim is None else claim.to_json()})
    live.wake.set()
