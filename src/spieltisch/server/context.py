"""What every part of the table manager shares (lila's ``Dependencies``): the store,
the settings, the clock, the search pool, this process's live tables, who owns which
table in a cluster, and the few helpers all parts use.

The manager's jobs live in collaborators that each take this context: seats
(:mod:`.seats`), play (:mod:`.play`), rebuilding (:mod:`.rebuild`), opening tables
(:mod:`.opening`), lobby listing (:mod:`.listing`) and replays (:mod:`.replays`).
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from spieltisch.bots import Bot, make
from spieltisch.engine import Game, State, load
from spieltisch.store import Store, TableRecord, TurnClockRecord
from spieltisch.store.groupcommit import GroupCommit
from spieltisch.store.loopcommit import LoopGroupCommit
from spieltisch.table import Clock, SearchPool, Step

from . import stagecpu
from .chat import ChatLimits
from .errors import ApiError, ErrorCode
from .live import LiveTable
from .meters import Meters
from .notices import Notices
from .owners import Owners
from .settings import Settings
from .setup import TableSetup
from .summary import summary

P = ParamSpec("P")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class DriverHooks:
    """What a table's bot driver calls: after a stored step, when turn clocks run out,
    and to settle a table whose last write failed (all under the table lock)."""

    on_step: Callable[[LiveTable, Step], Awaitable[None]]
    on_timeout: Callable[[LiveTable, list[int]], Awaitable[None]]
    settle: Callable[[LiveTable], Awaitable[None]]


class TableContext:
    """The shared part of the table manager (see the module)."""

    def __init__(self, store: Store, settings: Settings, clock: Clock, pool: SearchPool) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self.pool = pool
        """Where every table's search bots think (its workers start on first use)."""
        self.tables: dict[str, LiveTable] = {}
        """The tables this process runs (or shows: a finished game being watched)."""
        self.owners: Owners | None = None
        """The other processes on this database, when there are any (``--redis``)."""
        self.handover: Callable[[LiveTable], dict[int, float]] | None = None
        """Seconds until each person's seat may go to a bot, given by :class:`.seats.Seats`
        when the manager is built (:meth:`summarise` adds them to each seat)."""
        self.hooks: DriverHooks | None = None
        """The driver's hooks, given by :class:`.play.Play` when the manager is built."""
        self.chat_limits = ChatLimits.of(settings)
        self._commits: GroupCommit | LoopGroupCommit | None = None
        self.notices = Notices(store, settings)
        """Mail notices of correspondence tables (:mod:`.notices`)."""
        """The chat's token buckets of this process's tables (:mod:`.chat`)."""
        self.meters = Meters()
        """What happened here, for ``/metrics`` (the app gives its own)."""

    def commits(self) -> GroupCommit | LoopGroupCommit | None:
        """The write-ahead's group commit: on the event loop where the store writes
        there (PostgreSQL), else in a writer thread started on first use (SQLite);
        ``None`` where each action is written alone (``group_commit_ms`` below zero)."""
        if self.settings.group_commit_ms < 0:
            return None
        if self._commits is None:
            window = self.settings.group_commit_ms / 1000
            if self.store.writes_async:
                self._commits = LoopGroupCommit(self.store, window, stagecpu.timed_write)
            else:
                self._commits = GroupCommit(self.store, window, stagecpu.timed_commit)
        return self._commits

    async def close_commits(self) -> None:
        """Commit what is queued and stop the writer (after the tables stopped)."""
        if self._commits is not None:
            await self._commits.aclose()
            self._commits = None

    @property
    def me(self) -> str | None:
        """This process's name in a cluster (``None``: a single process)."""
        return None if self.owners is None else self.owners.me

    async def db(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``fn`` (a store call) in a worker thread: the event loop never waits on it."""
        return await asyncio.to_thread(fn, *args, **kwargs)

    async def record(self, table_id: str) -> TableRecord:
        """The stored table.

        :raises ApiError: there is no such table (``table/not_found``).
        """
        record = await self.db(self.store.get_table, table_id)
        if record is None:
            raise ApiError(ErrorCode.TABLE_NOT_FOUND, f"there is no table {table_id!r}")
        return record

    def live(self, table_id: str) -> LiveTable:
        """The table as it runs here.

        :raises ApiError: it does not run here (``table/not_live``).
        """
        live = self.tables.get(table_id)
        if live is None:
            raise ApiError(ErrorCode.TABLE_NOT_LIVE, f"table {table_id!r} is not being played")
        return live

    def open(self, record: TableRecord) -> LiveTable:
        """A live table for ``record``, not yet running and not yet among :attr:`tables`;
        its seats count as away from now (a seat's grace, :mod:`.seats`, starts here)."""
        live = LiveTable(record, self.store, self.summarise, self.pool)
        live.meters = self.meters
        live.away_since = dict.fromkeys((s.seat for s in record.seats), self.clock.now())
        return live

    def summarise(self, live: LiveTable) -> dict[str, Any]:
        """The summary of a table that runs here (its live table knows its clock), each
        person's seat with ``handover_in``: the seconds until anyone seated at the table
        may hand it to a bot (``0``: now; ``None``: not while things stay as they are), while
        the game runs."""
        out = summary(live.record, live, None, self.clock.wall())
        if out["status"] != "running":  # a hand-over is a running game's business only
            return out
        waits = self.handover(live) if self.handover is not None else {}
        for seat in out["seats"]:
            seat["handover_in"] = waits.get(seat["seat"])
        return out

    def bot(
        self, game: Game, table_id: str, seat: int, level: str, *, table_seed: int | None = None
    ) -> Bot:
        """The bot of ``level`` for a seat: the same bot after a restart or a takeover.

        Seeded by the table's secret seed (``table_seed``, else the live table's stored
        one), seat and level through a hash: the public table id alone would let anyone
        predict every bot's move (:func:`bot_seed`).
        """
        if table_seed is None:
            table_seed = self.live(table_id).record.seed
        return make(
            game, level, seed=bot_seed(table_seed, seat, level), delay=self.settings.bot_delay
        )

    def new_state(self, record: TableRecord) -> State:
        """The first state of the table's game (its options, players and seed)."""
        game = load(record.game, **record.options)
        return game.new_state(players=record.players, seed=record.seed)

    async def setup_of(self, record: TableRecord) -> TableSetup:
        """The stored setup of ``record``'s table (:meth:`.setup.TableSetup.stored`)."""
        settings = await self.db(self.store.table_settings, record.id)
        return TableSetup.stored(record, settings, await self.stored_clock(record.id))

    async def stored_clock(self, table_id: str) -> TurnClockRecord | None:
        found = await self.db(self.store.turn_clocks, [table_id])
        return found.get(table_id)

    async def clocks(self, records: list[TableRecord]) -> dict[str, TurnClockRecord]:
        """The stored turn clocks of ``records`` not running here, in one query."""
        ids = [r.id for r in records if r.id not in self.tables]
        if not ids:
            return {}
        return await self.db(self.store.turn_clocks, ids)

    async def save_clock(self, live: LiveTable) -> None:
        """Store the turn clock's deadlines as they are now (a table with one only)."""
        rt = live.runtime
        if rt is None or rt.turn_clock is None:
            return
        limit, deadlines = rt.turn_clock.limit, dict(rt.turn_clock.deadlines)
        await self.db(
            self.store.save_turn_clock,
            live.id,
            limit.mode,
            limit.seconds,
            rt.ply,
            deadlines,
            limit.increment,
            dict(rt.turn_clock.banks),
        )

    def start_driver(self, live: LiveTable) -> None:
        """Start (or wake) the table's bot driver with the manager's hooks."""
        hooks = self.hooks
        assert hooks is not None, "the manager gives the hooks when it is built"
        live.start_driver(hooks.on_step, hooks.on_timeout, hooks.settle)


def bot_seed(table_seed: int, seat: int, level: str) -> int:
    """A bot's seed from the table's secret seed, its seat and its level: stored with
    the table (so a rebuilt table gets the same bots) and secret until the game ends.

    >>> bot_seed(7, 0, "easy") == bot_seed(7, 0, "easy") != bot_seed(7, 1, "easy")
    True
    """
    digest = hashlib.sha256(f"bot:{table_seed}:{seat}:{level}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
