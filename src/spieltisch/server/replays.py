"""The replay viewer's steps: a finished game's spectator view after any ply, or one
seat's own view (its hand) for that seat's player (:mod:`.seatview` checks who asks).

A finished game never changes, so its record is read once and a cursor is kept per
table: the state after the last ply asked for. Stepping forward applies only the actions
in between, stepping back rebuilds from the start; either way in a worker thread, never
on the event loop. The cursors are few (:data:`CURSORS`, the least recently used goes).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from spieltisch.engine import State
from spieltisch.engine.envelope import envelope
from spieltisch.store import SeatSpan, TableRecord
from spieltisch.table.runtime import events_for

from .botplies import BotPlies
from .context import TableContext
from .errors import ApiError, ErrorCode
from .summary import summary

CURSORS = 64
"""Finished games whose replay state is kept (one state each, a few kilobytes)."""


@dataclass(eq=False)
class Cursor:
    """One finished game's record and its state after :attr:`ply` of its actions."""

    record: TableRecord
    actions: list[dict[str, Any]]
    bots: BotPlies
    state: State | None = None
    ply: int = 0
    events: list[Any] = field(default_factory=list)
    """The events of the last action applied (none at ply 0)."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def move_to(self, ply: int, first: Callable[[], State]) -> State:
        """The state after ``ply`` actions: forward from here, or from the game's
        ``first`` state when ``ply`` lies behind. Call under :attr:`lock`."""
        state = self.state
        if state is None or ply < self.ply:
            state, self.ply, self.events = first(), 0, []
            self.state = state
        try:
            for item in self.actions[self.ply : ply]:
                action = state.game.action_from_json(item["action"])
                self.events = state.apply(item["seat"], action)
                self.ply += 1
        except BaseException:
            self.state = None  # half applied: the next step starts afresh
            raise
        return state


class ReplaySteps:
    """Serves replay steps from a few cached cursors (see the module)."""

    def __init__(self, ctx: TableContext, size: int = CURSORS) -> None:
        self.ctx = ctx
        self.size = size
        self.cursors: OrderedDict[str, Cursor] = OrderedDict()

    async def step(self, table_id: str, ply: int, seat: int | None = None) -> dict[str, Any]:
        """The spectator's view after ``ply`` actions of a finished game, for the viewer;
        ``seat``'s own view instead when given (the caller checked who asks for it).

        ``bots`` says per seat whether a bot played it at this step (its level; ``None``:
        its person), so a person's own moves keep his name in the replay too.

        :raises ApiError: unknown or unfinished table; a ply out of range.
        """
        cursor = self.cursors.get(table_id)
        if cursor is None:
            cursor = await self._load(table_id)
        else:
            self.cursors.move_to_end(table_id)
        plies = len(cursor.actions)
        if not 0 <= ply <= plies:
            raise ApiError(ErrorCode.REPLAY_BAD_PLY, f"ply must be 0..{plies}")
        players = cursor.record.players
        if seat is not None and not 0 <= seat < players:
            raise ApiError(ErrorCode.TABLE_NO_SUCH_SEAT, f"seat must be 0..{players - 1}")
        answer = await self.ctx.db(self._view, cursor, ply, seat)
        return {"table": summary(cursor.record, None, None, self.ctx.clock.wall()), **answer}

    async def _load(self, table_id: str) -> Cursor:
        ctx = self.ctx
        record = await ctx.record(table_id)
        if record.status not in ("finished", "abandoned"):
            raise ApiError(ErrorCode.TABLE_NOT_FINISHED, "replays are shown once the game is over")
        actions = await ctx.db(ctx.store.actions, table_id)
        spans: list[SeatSpan] = await ctx.db(ctx.store.seat_spans, table_id)
        cursor = self.cursors.setdefault(table_id, Cursor(record, actions, BotPlies(record, spans)))
        while len(self.cursors) > self.size:
            self.cursors.popitem(last=False)
        return cursor

    def _view(self, cursor: Cursor, ply: int, seat: int | None) -> dict[str, Any]:
        """The step's answer without its summary (in a worker thread)."""
        with cursor.lock:
            state = cursor.move_to(ply, lambda: self.ctx.new_state(cursor.record))
            last = cursor.actions[ply - 1] if ply else None
            return {
                "ply": ply,
                "plies": len(cursor.actions),
                "seat": last["seat"] if last else None,
                "viewer": seat,
                "events": events_for(cursor.events, seat),
                "view": state.view(seat),
                "envelope": envelope(state, seat),
                "bots": cursor.bots.at(max(ply - 1, 0)),
            }
