"""No stuck table: a running table whose people are all gone ends as ``abandoned``.

The rule (``docs/operations.md``): a running table with a person's seat, none of whose
people has a live socket to it, ends once ``abandoned_after`` seconds have passed since
the last moment a person was connected (the server's setting, or the game's shorter
``GameInfo.abandoned_after``: two minutes for a reaction game). It ends unrated, with
its record, and so its replay, kept.

That moment is stored (``st_table_presence``) when a person's last socket to the table
closes and on every sweep while one is open, so a restarted server, or the process that
takes a table over, counts from it and not from its own start. A table with no stored
moment counts from the first sweep that finds it deserted. Each process sweeps only the
tables it runs; in a cluster a table runs at one process (its lease), and the status
changes only from ``running``, so one process ends it.
"""

from __future__ import annotations

import asyncio
import logging
import math
from datetime import UTC, datetime

from .context import TableContext
from .live import LiveTable

log = logging.getLogger("spieltisch.table")

SWEEP_LEAST, SWEEP_MOST = 0.5, 60.0
"""Seconds between sweeps: a quarter of the shortest time in use, within these bounds."""


def people(live: LiveTable) -> set[int]:
    """The seats people took (a bot may be playing one for its person now)."""
    return {s.seat for s in live.record.seats if s.token_hash is not None}


def deserted(live: LiveTable) -> bool:
    """A running game with people's seats, none of them connected now."""
    rt, seats = live.runtime, people(live)
    running = live.record.status == "running" and rt is not None and not rt.is_over()
    return running and bool(seats) and not seats & live.online_seats()


def abandoned_after(ctx: TableContext, live: LiveTable) -> float:
    """Seconds the table lives on deserted: the setting, or the game's shorter time."""
    declared = live.runtime.state.game.info.abandoned_after if live.runtime else None
    return min(ctx.settings.abandoned_after, declared if declared is not None else math.inf)


def _at(ctx: TableContext) -> datetime:
    return datetime.fromtimestamp(ctx.clock.wall(), UTC)


async def left(ctx: TableContext, live: LiveTable) -> None:
    """The last person's socket to ``live`` closed: the time its people are gone counts
    from now, also for a server that runs the table after this one."""
    if deserted(live):
        await ctx.db(ctx.store.mark_present, [live.id], _at(ctx))


async def count_from_store(ctx: TableContext, live: LiveTable) -> None:
    """A table rebuilt here (a restart, a takeover) with nobody connected yet: its away
    seats have been away since the stored moment, so the grace of a hand-over to a bot
    (:meth:`.seats.Seats.handover_refused`) does not start again."""
    seen = (await ctx.db(ctx.store.last_present, [live.id])).get(live.id)
    if seen is None:
        return
    since = ctx.clock.now() - max(0.0, ctx.clock.wall() - seen.timestamp())
    for seat in people(live) - live.online_seats():
        live.away_since[seat] = min(live.away_since.get(seat, since), since)


async def sweep(ctx: TableContext) -> list[str]:
    """Store the presence of the tables run here with a person connected; end those
    deserted for longer than their time. Returns the ids of the tables it ended."""
    running = [
        live
        for live in list(ctx.tables.values())
        if live.record.status == "running" and people(live)
    ]
    now = _at(ctx)
    await ctx.db(ctx.store.mark_present, [live.id for live in running if not deserted(live)], now)
    gone = [live for live in running if deserted(live)]
    if not gone:
        return []
    seen = await ctx.db(ctx.store.last_present, [live.id for live in gone])
    first = [live.id for live in gone if live.id not in seen]
    await ctx.db(ctx.store.mark_present, first, now)  # the count starts now
    ended = []
    for live in gone:
        since = seen.get(live.id, now)
        if (now - since).total_seconds() >= abandoned_after(ctx, live) and await end(ctx, live):
            ended.append(live.id)
    return ended


async def end(ctx: TableContext, live: LiveTable) -> bool:
    """End a deserted table as abandoned (``False``: somebody came back, or the game
    ended or moved on meanwhile)."""
    async with live.lock:
        rt = live.runtime
        if not deserted(live) or rt is None:
            return False
        result = {"abandoned": True, "plies": rt.ply}
        if not await ctx.db(ctx.store.set_status, live.id, "abandoned", result, expect="running"):
            return False
        live.record = await ctx.record(live.id)
        live.broadcast_table()
        ctx.tables.pop(live.id, None)
        await live.stop()  # under the lock: its bots make no move after the end
    log.info("table abandoned", extra={"table": live.id, "plies": rt.ply})
    return True


def interval(ctx: TableContext) -> float:
    """Seconds until the next sweep (see :data:`SWEEP_LEAST`)."""
    times = [ctx.settings.abandoned_after]
    times += [abandoned_after(ctx, live) for live in list(ctx.tables.values()) if live.runtime]
    return max(SWEEP_LEAST, min(SWEEP_MOST, min(times) / 4))


async def sweep_forever(ctx: TableContext) -> None:
    """Sweep now and then until cancelled (the server's lifespan)."""
    while True:
        await asyncio.sleep(interval(ctx))
        try:
            await sweep(ctx)
        except Exception:  # the database may be away for a moment; try again later
            log.exception("ending abandoned tables failed")
