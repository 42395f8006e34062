"""Clock sync and timed rings over the websocket (HG-R8, the fair bell).

Clock sync, NTP-style, kept up to date by the client (every few seconds):

* client → ``{"type": "ping", "t0": <client ms>}``
* server → ``{"type": "pong", "t0": ..., "ts": <server s>}``; the client takes the round
  trip ``rtt = now − t0`` and its offset ``ts + rtt/2 − now`` (best of the last samples,
  the one with the smallest round trip) and converts every ``show_at`` with it;
* client → ``{"type": "sync", "ts": ...}`` at once: the server's own round-trip sample.

The server keeps, per connection, the smallest of the last few round trips: a client can
make its measured latency larger by holding replies back, never smaller. Half of it,
capped, is the seat's one-way latency: the runtime uses it to hold flips back until every
screen can show them (``show_at``) and to check reported reaction times.

A ring is ``{"type": "ring", "version": v, "reaction_ms": r}``: the table version on the
player's screen when he pressed and his reaction time measured from the moment that
version appeared there. It goes to the runtime's collection window, not to the core.
"""

from __future__ import annotations

import math
import weakref
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from spieltisch.engine import SpieltischError
from spieltisch.table import RealtimeRuntime

from .errors import ApiError, ErrorCode, from_engine
from .live import Connection, LiveTable

SAMPLES = 8
MAX_ONE_WAY = 0.5
"""Latency beyond this (seconds) is not compensated: such a link plays at a disadvantage."""


@dataclass(slots=True)
class Sync:
    """Round-trip samples of one connection (seconds)."""

    rtts: deque[float] = field(default_factory=lambda: deque(maxlen=SAMPLES))

    def add(self, rtt: float) -> None:
        if math.isfinite(rtt) and 0.0 <= rtt < 10.0:
            self.rtts.append(rtt)

    @property
    def one_way(self) -> float | None:
        return min(MAX_ONE_WAY, min(self.rtts) / 2) if self.rtts else None


_syncs: weakref.WeakKeyDictionary[Connection, Sync] = weakref.WeakKeyDictionary()


def sync_of(conn: Connection) -> Sync:
    sync = _syncs.get(conn)
    if sync is None:
        sync = _syncs[conn] = Sync()
    return sync


def _number(msg: dict[str, Any], key: str) -> float | None:
    value = msg.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def pong(live: LiveTable, conn: Connection, msg: dict[str, Any], now: float) -> None:
    """Answer a ping; a ping without ``t0`` is a plain keep-alive."""
    t0 = _number(msg, "t0")
    conn.send({"type": "pong"} if t0 is None else {"type": "pong", "t0": t0, "ts": now})


async def synced(live: LiveTable, conn: Connection, msg: dict[str, Any], now: float) -> None:
    """The client echoed a pong: one server-side round-trip sample for its seat."""
    ts = _number(msg, "ts")
    if ts is None:
        raise ApiError(ErrorCode.MESSAGE_MALFORMED, 'sync needs the "ts" of a pong')
    sync = sync_of(conn)
    sync.add(now - ts)
    rt = live.runtime
    if conn.seat is not None and isinstance(rt, RealtimeRuntime) and sync.one_way is not None:
        async with live.lock:
            rt.latency[conn.seat] = sync.one_way


async def ring(live: LiveTable, conn: Connection, msg: dict[str, Any]) -> None:
    """A timed ring from ``conn``'s seat into the bell window.

    :raises ApiError: spectator, no real-time table, or a ring the rules refuse now.
    """
    if conn.seat is None:
        raise ApiError(ErrorCode.AUTH_SPECTATOR, "spectators cannot act")
    rt = live.runtime
    if not isinstance(rt, RealtimeRuntime):
        raise ApiError(ErrorCode.MESSAGE_UNKNOWN_TYPE, "this table has no bell")
    version = msg.get("version")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        raise ApiError(ErrorCode.MESSAGE_MALFORMED, "version must be a whole number")
    ms = _number(msg, "reaction_ms")
    async with live.lock:
        if any(s.seat == conn.seat and s.kind == "bot" for s in live.record.seats):
            raise ApiError(ErrorCode.TABLE_SEAT_IS_BOT, "a bot plays this seat now")
        try:
            claim = rt.ring(
                conn.seat, version, None if ms is None else ms / 1000, sync_of(conn).one_way
            )
        except SpieltischError as exc:
            raise from_engine(exc) from exc
    conn.send({"type": "rang", "claim": None if claim is None else claim.to_json()})
    live.wake.set()
