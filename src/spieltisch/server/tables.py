"""The table manager: lobby operations and live play, over the store and the runtime.

Routes stay thin and call this; it owns the live tables of the process. On start-up
:meth:`TableManager.restore` rebuilds every running table by replaying its record and
restarts its bots, so a killed server resumes exactly where it stopped.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, cast

from spieltisch.bots import Bot, levels, make
from spieltisch.engine import (
    Game,
    IllegalAction,
    SpieltischError,
    State,
    UnknownGame,
    game_class,
    load,
)
from spieltisch.engine import games as game_names
from spieltisch.engine.envelope import envelope
from spieltisch.store import SeatRecord, SeatSpan, Store, TableRecord, TurnClockRecord
from spieltisch.table import (
    Clock,
    SearchPool,
    Step,
    TableRuntime,
    TurnClock,
    TurnLimit,
    WallClock,
    allows_turn_clock,
    make_runtime,
)

from . import chat, ratings
from .botplies import BotPlies
from .errors import ApiError, ErrorCode, from_engine

if TYPE_CHECKING:
    from .cluster import Cluster
from .live import CLOSE_POLICY, Connection, LiveTable, age
from .security import hash_matches, hash_token, new_table_id, new_token, token_matches
from .settings import Settings

log = logging.getLogger("spieltisch.table")

RESTORE_BATCH = 500
"""Table records read per query at start-up."""

MAX_CONNECTIONS = 64
"""Websockets per table beyond which spectators are turned away."""

RESTORE_LEAST = 15.0
"""Seconds a turn clock has left at least after a restart or a takeover: a player whose
time ran out while the server was down could not move then (``TurnClock.restore``). A
quarter of the limit when that is less, so a short clock never grows by a restart."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    kind: str
    level: str | None = None


@dataclass(frozen=True, slots=True)
class Created:
    table: dict[str, Any]
    host_token: str
    seat: int | None
    seat_token: str | None


def web_module(game: str) -> str | None:
    """The browser module that draws ``game``'s table, as its descriptor names it
    (``faces.web``); ``None`` for a game this server does not know (a broken row)."""
    try:
        return game_class(game).info.faces.web
    except UnknownGame:
        return None


def game_catalogue() -> list[dict[str, Any]]:
    """Every registered game with its options (defaults shown) and bot levels."""
    out = []
    # ``spieltisch.games`` is shadowed by the subpackage once a game is imported.
    for name in game_names():
        try:
            game = load(name)
        except Exception:  # a game being built elsewhere must not break the lobby
            log.exception("game failed to load", extra={"game": name})
            continue
        out.append(
            {
                **game.info.to_json(),
                "bot_levels": levels(game),
                "turn_clock": allows_turn_clock(game.info),
            }
        )
    return out


class TableManager:
    def __init__(
        self,
        store: Store,
        settings: Settings,
        clock: Clock | None = None,
        pool: SearchPool | None = None,
    ) -> None:
        self.store = store
        self.settings = settings
        self.clock: Clock = clock or WallClock()
        self.pool = pool or SearchPool(settings.search_workers)
        """Where every table's search bots think (its workers start on first use)."""
        self.tables: dict[str, LiveTable] = {}
        self.cluster: Cluster | None = None
        """The other processes on this database, when there are any (``--redis``)."""
        self._adopting: dict[str, asyncio.Lock] = {}

    def _open(self, record: TableRecord) -> LiveTable:
        return LiveTable(record, self.store, self._summarise, self.pool)

    # -- helpers -------------------------------------------------------------------------
    async def _db(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        return await asyncio.to_thread(fn, *args, **kwargs)

    def summary(
        self,
        record: TableRecord,
        live: LiveTable | None = None,
        clock: TurnClockRecord | None = None,
    ) -> dict[str, Any]:
        """What anyone may know about a table. The seed stays secret until the end.

        A table with a turn clock says so (``clock``: mode, seconds per move, and per seat
        the seconds left or ``None``): from its runtime when it runs here, else from the
        stored ``clock``, read by the caller (a lobby list reads all of its page at once).
        """
        online = live.online_seats() if live else set()
        plies = live.runtime.ply if live and live.runtime else record.plies
        out = {
            "id": record.id,
            "game": record.game,
            "web": web_module(record.game),
            "options": record.options,
            "players": record.players,
            "status": record.status,
            "plies": plies,
            "created_at": record.created_at.isoformat(),
            "updated_at": record.updated_at.isoformat(),
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "level": s.level,
                    "name": s.name,
                    "taken": s.taken,
                    "reserved": s.kind == "human" and not s.taken and s.name is not None,
                    "online": s.seat in online,
                }
                for s in record.seats
            ],
            "result": record.result,
        }
        if record.status == "finished":
            out["seed"] = record.seed
        turn = self._clock_summary(record, live, clock)
        if turn is not None:
            out["clock"] = turn
        return out

    def _clock_summary(
        self, record: TableRecord, live: LiveTable | None, clock: TurnClockRecord | None
    ) -> dict[str, Any] | None:
        rt = live.runtime if live is not None else None
        if rt is not None and rt.turn_clock is not None:
            limit = rt.turn_clock.limit
            left = [rt.turn_clock.left(seat) for seat in range(record.players)]
            return {**limit.to_json(), "left": left}
        clock = clock or (live.clock_record if live is not None else None)
        if clock is None:
            return None
        current = record.status == "running" and clock.ply == record.plies
        now = self.clock.wall()
        return {
            "mode": clock.mode,
            "seconds": clock.seconds,
            "left": [
                max(0.0, clock.deadlines[seat] - now)
                if current and seat in clock.deadlines
                else None
                for seat in range(record.players)
            ],
        }

    async def _stored_clock(self, table_id: str) -> TurnClockRecord | None:
        found: dict[str, TurnClockRecord] = await self._db(self.store.turn_clocks, [table_id])
        return found.get(table_id)

    async def _clocks(self, records: list[TableRecord]) -> dict[str, TurnClockRecord]:
        """The stored turn clocks of ``records`` not running here, in one query."""
        ids = [r.id for r in records if r.id not in self.tables]
        if not ids:
            return {}
        found: dict[str, TurnClockRecord] = await self._db(self.store.turn_clocks, ids)
        return found

    def _summarise(self, live: LiveTable) -> dict[str, Any]:
        return self.summary(live.record, live)

    async def _record(self, table_id: str) -> TableRecord:
        record: TableRecord | None = await self._db(self.store.get_table, table_id)
        if record is None:
            raise ApiError(ErrorCode.TABLE_NOT_FOUND, f"there is no table {table_id!r}")
        return record

    def _bot(self, game: Game, table_id: str, seat: int, level: str) -> Bot:
        digest = hashlib.sha256(f"{table_id}:{seat}:{level}".encode()).digest()
        seed = int.from_bytes(digest[:8], "big")
        return make(game, level, seed=seed, delay=self.settings.bot_delay)

    # -- lobby ---------------------------------------------------------------------------
    async def create(
        self,
        game_name: str,
        options: dict[str, Any],
        seats: list[SeatSpec],
        name: str | None,
        turn_clock: tuple[str, int] | None = None,
    ) -> Created:
        """A new table; the creator (if named) takes the first human seat. ``turn_clock``
        (mode, seconds per move) limits each person's time to move (:mod:`.turnclock`).

        :raises ApiError: unknown game or option, bad seat count, unknown bot level, a
            turn clock out of range or for a game without turns.
        """
        try:
            game = load(game_name, **options)
            game.check_setup(len(seats))
        except SpieltischError as exc:
            raise from_engine(exc) from exc
        limit = None
        if turn_clock is not None:
            if not allows_turn_clock(game.info):
                raise ApiError(
                    ErrorCode.TABLE_CLOCK_NOT_TURNS, f"{game_name} has no turns to limit"
                )
            try:
                limit = TurnLimit(*turn_clock)
            except ValueError as exc:
                raise ApiError(ErrorCode.TABLE_CLOCK_INVALID, str(exc)) from exc
        known = levels(game)
        for spec in seats:
            if spec.kind == "bot" and spec.level not in known:
                raise ApiError(
                    ErrorCode.BOT_UNKNOWN_LEVEL,
                    f"no bot level {spec.level!r} for {game_name} (levels: {', '.join(known)})",
                )
        humans = [i for i, s in enumerate(seats) if s.kind == "human"]
        if name is not None and not humans:
            raise ApiError(ErrorCode.TABLE_NO_HUMAN_SEAT, "a table with only bots cannot be joined")
        table_id, host_token = new_table_id(), new_token()
        seat_token = new_token() if name is not None else None
        own = humans[0] if name is not None else None
        records = [
            SeatRecord(
                i,
                s.kind,
                s.level if s.kind == "bot" else None,
                name if i == own else None,
                hash_token(seat_token) if i == own and seat_token else None,
            )
            for i, s in enumerate(seats)
        ]
        seed = secrets.randbits(48)
        # The first state is built before anything is stored, and a table whose seats
        # are all taken is stored running in the same transaction: no kill can leave a
        # table that cannot start, or a full table waiting forever.
        state = game.new_state(players=len(seats), seed=seed)
        starts = all(r.taken for r in records)
        record = await self._db(
            self.store.create_table,
            table_id=table_id,
            game=game_name,
            options=game.options,
            players=len(seats),
            seed=seed,
            host_hash=hash_token(host_token),
            seats=records,
            status="running" if starts else "open",
            owner=None if self.cluster is None else self.cluster.me,
        )
        if limit is not None:  # stored before the table starts, so it starts with it
            await self._db(self.store.save_turn_clock, table_id, limit.mode, limit.seconds, 0, {})
        live = self._open(record)
        if limit is not None:
            live.clock_record = TurnClockRecord(limit.mode, limit.seconds, 0, {})
        self.tables[table_id] = live
        log.info("table created", extra={"table": table_id, "game": game_name})
        if starts:
            async with live.lock:
                self._start(live, state)
                await self._save_clock(live)
            live.start_driver(self._after_step, self._time_out, self.settle)
        return Created(self.summary(live.record, live), host_token, own, seat_token)

    async def list_tables(
        self, statuses: list[str], limit: int = 50, offset: int = 0
    ) -> list[dict[str, Any]]:
        """One page of tables in ``statuses``, most recently changed first."""
        records = await self._db(self.store.list_tables_page, statuses, limit, offset)
        clocks = await self._clocks(records)
        return [self.summary(r, self.tables.get(r.id), clocks.get(r.id)) for r in records]

    async def tables_by_id(self, table_ids: list[str]) -> list[dict[str, Any]]:
        """The tables of ``table_ids`` in any status (a browser's own tables), most
        recently changed first; unknown ids are left out."""
        records = await self._db(self.store.get_tables, table_ids)
        records.sort(key=lambda r: (r.updated_at, r.id), reverse=True)
        clocks = await self._clocks(records)
        return [self.summary(r, self.tables.get(r.id), clocks.get(r.id)) for r in records]

    async def close_open(self, table_id: str, host_token: str) -> dict[str, Any]:
        """The host closes a table that has not started: nobody may join it any more,
        and its waiting players are told so (``table/closed``)."""
        if (owner := await self.owner_elsewhere(table_id)) is not None:
            assert self.cluster is not None
            kwargs = {"table_id": table_id, "host_token": host_token}
            return cast(dict[str, Any], await self.cluster.call(owner, "close_open", **kwargs))
        live = self.tables.get(table_id)
        record = live.record if live is not None else await self._record(table_id)
        if not token_matches(host_token, record.host_hash):
            raise ApiError(ErrorCode.AUTH_NOT_HOST, "only the table's creator may do this")
        if not await self._db(self.store.set_status, table_id, "closed", expect="open"):
            raise ApiError(ErrorCode.TABLE_NOT_OPEN, "only a table that has not started closes")
        record = await self._record(table_id)
        live = self.tables.pop(table_id, None)
        if self.cluster is not None:
            await self.cluster.release(table_id)
        if live is not None:
            err = ApiError(ErrorCode.TABLE_CLOSED, "the host closed this table")
            async with live.lock:
                live.record = record
                live.broadcast_table()
                for conn in list(live.connections):
                    conn.send({"type": "error", **err.to_json()})
                    conn.close(CLOSE_POLICY)
            await live.stop()
        log.info("table closed by its host", extra={"table": table_id})
        return self.summary(record)

    async def get(self, table_id: str) -> dict[str, Any]:
        if (owner := await self.owner_elsewhere(table_id)) is not None:
            assert self.cluster is not None  # the owner knows who is online
            return cast(dict[str, Any], await self.cluster.call(owner, "get", table_id=table_id))
        live = self.tables.get(table_id)
        if live is not None:
            return self.summary(live.record, live)
        record = await self._record(table_id)
        clocks = await self._clocks([record])
        return self.summary(record, None, clocks.get(table_id))

    async def join(
        self,
        table_id: str,
        name: str,
        seat: int | None,
        *,
        reserved: bool = False,
        token_hash: str | None = None,
    ) -> tuple[int, str]:
        """Claim a free human seat (the first free one if ``seat`` is None); returns the
        seat and its new token (``""`` when the caller chose it: ``token_hash``).

        A seat of a rematch waits for its player of the last game (it has his name but
        no token); only ``reserved=True`` takes it, after the caller has checked his
        token of the last game, with the token the caller derived from it (:mod:`.life`):
        only its hash travels to the table's owner.
        """
        if (owner := await self.owner_elsewhere(table_id)) is not None:
            assert self.cluster is not None
            taken, token = await self.cluster.call(
                owner,
                "join",
                table_id=table_id,
                name=name,
                seat=seat,
                reserved=reserved,
                token_hash=token_hash,
            )
            return taken, token
        live = self._live(table_id) if table_id in self.tables else None
        record = live.record if live else await self._record(table_id)
        if record.status in ("expired", "broken", "closed"):
            raise ApiError(
                ErrorCode(f"table/{record.status}"), f"table {table_id!r} is {record.status}"
            )
        if record.status != "open":
            raise ApiError(ErrorCode.TABLE_NOT_OPEN, "the game has started; watch as a spectator")
        free = [
            s.seat
            for s in record.seats
            if s.kind == "human" and not s.taken and (s.name is None) != reserved
        ]
        if seat is None:
            if not free:
                raise ApiError(ErrorCode.TABLE_FULL, "every seat is taken")
            seat = free[0]
        elif seat not in free:
            raise ApiError(ErrorCode.TABLE_SEAT_TAKEN, f"seat {seat} is not free")
        token = new_token() if token_hash is None else ""
        digest = hash_token(token) if token_hash is None else token_hash
        if not await self._db(self.store.claim_seat, table_id, seat, name, digest):
            raise ApiError(ErrorCode.TABLE_SEAT_TAKEN, f"seat {seat} was taken just now")
        log.info("seat joined", extra={"table": table_id, "seat": seat})
        if live is not None:
            async with live.lock:
                live.record = await self._record(table_id)
                live.broadcast_table()
            await self._maybe_start(live)
        return seat, token

    async def set_seat_bot(
        self, table_id: str, host_token: str, seat: int, level: str | None
    ) -> dict[str, Any]:
        """The creator hands a seat to a bot (``level``) or back to its human (``None``).

        Only a seat that is away (no open connection) or idle on its turn for
        ``settings.seat_idle_grace`` seconds may go to a bot, so a host cannot play an
        opponent's moves; the seat's own token takes it back at any time (:meth:`take_back`).
        On a table that has not started, a seat nobody has taken goes to the bot for good
        (:meth:`_seat_waiting_bot`), so a friend who never comes does not stall the evening.
        """
        if (owner := await self.owner_elsewhere(table_id)) is not None:
            assert self.cluster is not None
            kwargs = {"table_id": table_id, "host_token": host_token, "seat": seat, "level": level}
            return cast(dict[str, Any], await self.cluster.call(owner, "set_seat_bot", **kwargs))
        live = self._live(table_id)
        if not token_matches(host_token, live.record.host_hash):
            raise ApiError(ErrorCode.AUTH_NOT_HOST, "only the table's creator may do this")
        if live.record.status == "open":
            await self._seat_waiting_bot(live, seat, level)
            return self.summary(live.record, live)
        rt = self._human_seat(live, seat)
        game = rt.state.game
        if level is not None and level not in levels(game):
            raise ApiError(ErrorCode.BOT_UNKNOWN_LEVEL, f"no bot level {level!r}")
        async with live.lock:
            if level is not None and live.record.seats[seat].kind == "human":
                idle = rt.idle_for(seat)
                away = seat not in live.online_seats()
                if not away and (idle is None or idle < self.settings.seat_idle_grace):
                    raise ApiError(
                        ErrorCode.TABLE_SEAT_IN_USE,
                        f"seat {seat} is connected; a bot may take it over once it has been "
                        f"idle on its turn for {self.settings.seat_idle_grace:g} s",
                    )
            await self._set_seat(live, seat, level)
        live.wake.set()
        return self.summary(live.record, live)

    async def _seat_waiting_bot(self, live: LiveTable, seat: int, level: str | None) -> None:
        """Seat a bot in a human seat of a table that has not started: a free seat or one
        held for a rematch player. A seat somebody has sat down in stays his (he is
        coming); the last seat filled starts the game."""
        seats = live.record.seats
        if not 0 <= seat < len(seats):
            raise ApiError(ErrorCode.TABLE_NO_SUCH_SEAT, f"there is no seat {seat}")
        if seats[seat].kind == "bot":
            raise ApiError(ErrorCode.TABLE_SEAT_IS_BOT, f"a bot has seat {seat} already")
        if level is None:
            raise ApiError(ErrorCode.TABLE_NOT_RUNNING, "only a running game's seat goes back")
        if level not in levels(load(live.record.game, **live.record.options)):
            raise ApiError(ErrorCode.BOT_UNKNOWN_LEVEL, f"no bot level {level!r}")
        if seats[seat].token_hash is not None or not await self._db(
            self.store.seat_free_bot, live.id, seat, level
        ):
            raise ApiError(ErrorCode.TABLE_SEAT_JOINED, f"somebody has sat down in seat {seat}")
        log.info("waiting seat given to a bot", extra={"table": live.id, "seat": seat})
        async with live.lock:
            live.record = await self._record(live.id)
            live.broadcast_table()
        await self._maybe_start(live)

    async def take_back(self, live: LiveTable, seat: int | None) -> None:
        """The seat's own player takes it back from a bot (a no-op if it is theirs)."""
        if seat is None:
            raise ApiError(ErrorCode.AUTH_SPECTATOR, "spectators have no seat to take back")
        self._human_seat(live, seat)
        async with live.lock:
            if live.record.seats[seat].kind == "bot":
                await self._set_seat(live, seat, None)
                log.info("seat taken back", extra={"table": live.id, "seat": seat})
        live.wake.set()

    async def take_back_with_token(self, table_id: str, seat: int, token: str) -> dict[str, Any]:
        """:meth:`take_back` over HTTP, for the holder of ``seat``'s token."""
        if (owner := await self.owner_elsewhere(table_id)) is not None:
            assert self.cluster is not None
            kwargs = {"table_id": table_id, "seat": seat, "token": token}
            return cast(
                dict[str, Any], await self.cluster.call(owner, "take_back_with_token", **kwargs)
            )
        live = self._live(table_id)
        seats = live.record.seats
        if not 0 <= seat < len(seats) or not token_matches(token, seats[seat].token_hash):
            raise ApiError(ErrorCode.AUTH_BAD_TOKEN, f"this token is not seat {seat}'s")
        await self.take_back(live, seat)
        return self.summary(live.record, live)

    def _human_seat(self, live: LiveTable, seat: int) -> TableRuntime:
        """The runtime of a running table where ``seat`` belongs to a person."""
        seats = live.record.seats
        if not 0 <= seat < len(seats) or seats[seat].token_hash is None:
            raise ApiError(ErrorCode.TABLE_NO_SUCH_SEAT, f"seat {seat} has no human player")
        if live.runtime is None or live.runtime.is_over():
            raise ApiError(ErrorCode.TABLE_NOT_RUNNING, "the game is not running")
        return live.runtime

    async def _set_seat(self, live: LiveTable, seat: int, level: str | None) -> None:
        """Store and apply who plays ``seat``; called under the table lock."""
        rt = live.runtime
        assert rt is not None
        if level is None and seat in rt.state.resigned:
            raise ApiError(ErrorCode.TABLE_SEAT_RESIGNED, f"seat {seat} has resigned")
        kind = "bot" if level else "human"
        # Stored with the seat as a span from the next ply on: the log's bot marks outlive
        # a restart or a takeover (:mod:`.botplies`).
        await self._db(self.store.set_seat_kind, live.id, seat, kind, level, from_ply=rt.ply)
        live.bot_plies.change(seat, rt.ply, level)
        rt.set_bot(seat, self._bot(rt.state.game, live.id, seat, level) if level else None)
        await self._save_clock(live)
        live.record = await self._record(live.id)
        live.broadcast_table()

    async def _save_clock(self, live: LiveTable) -> None:
        """Store the turn clock's deadlines as they are now (a table with one only)."""
        rt = live.runtime
        if rt is None or rt.turn_clock is None:
            return
        limit, deadlines = rt.turn_clock.limit, dict(rt.turn_clock.deadlines)
        await self._db(
            self.store.save_turn_clock, live.id, limit.mode, limit.seconds, rt.ply, deadlines
        )

    async def _time_out(self, live: LiveTable, seats: list[int]) -> None:
        """Seats whose turn clock ran out go to a bot of the stand-in's level (the level a
        resigner's seat gets: the host's choice at creation); each player may take his
        seat back with his own token at any time. Called by the driver under the lock."""
        from .life import stand_in_level  # life builds on this module

        rt = live.runtime
        assert rt is not None and rt.turn_clock is not None
        level = stand_in_level(live.record, rt.state.game)
        for seat in seats:
            if live.record.seats[seat].kind == "human" and not rt.is_over():
                log.info("turn clock ran out", extra={"table": live.id, "seat": seat})
                await self._set_seat(live, seat, level)
                for conn in list(live.connections):
                    conn.send({"type": "timeout", "seat": seat, "level": level})
            rt.turn_clock.deadlines.pop(seat, None)  # never the same timeout twice
        live.wake.set()

    def _live(self, table_id: str) -> LiveTable:
        live = self.tables.get(table_id)
        if live is None:
            raise ApiError(ErrorCode.TABLE_NOT_LIVE, f"table {table_id!r} is not being played")
        return live

    async def _maybe_start(self, live: LiveTable) -> None:
        """Start a table whose last seat was just taken (marked running only once its
        first state is built, and only by one request)."""
        async with live.lock:
            record = live.record
            if record.status != "open" or not all(s.taken for s in record.seats):
                return
            state = self._new_state(record)
            if not await self._db(self.store.set_status, record.id, "running", expect="open"):
                return
            live.record = await self._record(record.id)
            if live.clock_record is None:
                live.clock_record = await self._stored_clock(record.id)
            self._start(live, state)
            await self._save_clock(live)
        live.start_driver(self._after_step, self._time_out, self.settle)

    def _start(self, live: LiveTable, state: State) -> None:
        """Put a table's first state live and tell everyone (under the table lock; the
        caller starts the driver once the lock is released)."""
        self._attach_runtime(live, state, [])
        log.info("game started", extra={"table": live.id})
        live.broadcast_start()

    # -- running -------------------------------------------------------------------------
    def _new_state(self, record: TableRecord) -> State:
        game = load(record.game, **record.options)
        return game.new_state(players=record.players, seed=record.seed)

    def _attach_runtime(
        self,
        live: LiveTable,
        state: State,
        log_steps: list[Step],
        spans: Sequence[SeatSpan] = (),
    ) -> None:
        """Put ``state`` live, with the log so far and the stored seat spans (``spans``:
        who played a person's seat when; none for a game that starts now)."""
        record = live.record
        bots = {
            s.seat: self._bot(state.game, record.id, s.seat, s.level or "random")
            for s in record.seats
            if s.kind == "bot"
        }

        def write_ahead(
            ply: int, seat: int, action: dict[str, Any], result: dict[str, Any] | None
        ) -> None:
            try:
                self.store.append_action(record.id, ply, seat, action, result)
            except BaseException:
                live.unsettled = True  # stored or not: the record will say (settle)
                raise

        live.runtime = make_runtime(state, self.clock, bots, write_ahead)
        live.log = log_steps
        live.bot_plies = BotPlies(record, spans)
        stored = live.clock_record
        if stored is not None and allows_turn_clock(state.game.info):
            turn_clock = TurnClock(TurnLimit(stored.mode, stored.seconds), self.clock)
            live.runtime.use_turn_clock(turn_clock)
            if stored.ply == state.ply:  # else the server stopped before storing them
                least = min(RESTORE_LEAST, stored.seconds / 4)
                turn_clock.restore(stored.deadlines, least)

    async def restore(self) -> int:
        """Rebuild every open and running table from its record; returns how many.

        Each table on its own: one whose record cannot be rebuilt is logged, marked
        ``broken`` (its host sees it so in the lobby) and skipped, so one bad row never
        stops the server. A running table whose game is over (a kill between the last
        move and its status in an older version) is finished; a full open table starts.
        """
        await self.expire_open_tables()
        ids: list[str] = await self._db(self.store.table_ids, ["open", "running"])
        restored = 0
        for start in range(0, len(ids), RESTORE_BATCH):
            chunk = ids[start : start + RESTORE_BATCH]
            if self.cluster is not None:  # only the tables no other process runs
                chunk = sorted(await self.cluster.claim(chunk))
            batch = await self._db(self.store.get_tables, chunk) if chunk else []
            for record in batch:
                try:
                    live = await self._restore_one(record)
                except Exception:
                    log.exception(
                        "table cannot be rebuilt; marked broken", extra={"table": record.id}
                    )
                    await self._db(self.store.set_status, record.id, "broken")
                    continue
                if live is not None:
                    restored += 1
        log.info("tables restored", extra={"count": restored})
        return restored

    async def _restore_one(self, record: TableRecord) -> LiveTable | None:
        table_id = record.id
        live = self._open(record)
        if record.status == "open":
            self._new_state(record)  # a setup that cannot start is broken, not open
            self.tables[table_id] = live
            await self._maybe_start(live)
            return live
        state, steps, spans = await self._db(self._replay, record)
        if state.is_over():
            result = state.result()
            await self._db(self.store.set_status, table_id, "finished", result and result.to_json())
            await ratings.table_finished(self.store, table_id)
            return None
        live.clock_record = await self._stored_clock(table_id)
        self._attach_runtime(live, state, steps, spans)
        self.tables[table_id] = live
        await self._save_clock(live)
        live.start_driver(self._after_step, self._time_out, self.settle)
        return live

    # -- several processes ---------------------------------------------------------------
    async def owner_elsewhere(self, table_id: str) -> str | None:
        """The process that runs ``table_id`` when that is not this one (with a cluster).

        An open or running table that no live process owns is taken over here, rebuilt
        from its record with its bots restarted; finished tables need no owner.

        :raises ApiError: unknown table; an owner that cannot be found.
        """
        if self.cluster is None or table_id in self.tables:
            return None
        record = await self._record(table_id)
        if record.status not in ("open", "running"):
            return None
        for _ in range(3):  # an owner may die between the two questions
            if table_id in await self.cluster.claim([table_id]):
                await self.adopt(table_id)
                return None
            owner = await self.cluster.owner(table_id)
            if owner is not None:
                return owner
        raise ApiError(ErrorCode.SERVER_PEER_DOWN, "no server takes this table right now")

    async def adopt(self, table_id: str) -> None:
        """Run a table whose lease this process just took: rebuild it from its record."""
        lock = self._adopting.setdefault(table_id, asyncio.Lock())
        async with lock:
            if table_id in self.tables:
                return
            record = await self._record(table_id)
            if record.status not in ("open", "running"):
                return
            try:
                await self._restore_one(record)
            except Exception:
                log.exception("table cannot be rebuilt; marked broken", extra={"table": table_id})
                await self._db(self.store.set_status, table_id, "broken")
            else:
                log.info("table taken over", extra={"table": table_id})
        self._adopting.pop(table_id, None)

    async def drop(self, table_id: str) -> None:
        """Stop running a table here (another process owns it now); its sockets close
        with 1012, and their browsers reconnect to wherever it runs."""
        live = self.tables.pop(table_id, None)
        if live is not None:
            if live.connections:
                log.info(
                    "sockets closed (1012): the table runs elsewhere now",
                    extra={"table": table_id, "sockets": len(live.connections)},
                )
            await live.stop()

    async def expire_open_tables(self) -> list[str]:
        """Open tables nobody touched for ``settings.open_table_ttl`` seconds expire."""
        before = datetime.now(UTC) - timedelta(seconds=self.settings.open_table_ttl)
        expired: list[str] = await self._db(self.store.expire_open, before)
        for table_id in expired:
            live = self.tables.pop(table_id, None)
            if live is not None:
                live.record = await self._record(table_id)
                live.broadcast_table()
        if expired:
            log.info("open tables expired", extra={"count": len(expired)})
        return expired

    def _replay(self, record: TableRecord) -> tuple[State, list[Step], list[SeatSpan]]:
        """The game rebuilt from its record, its log, and its seat spans (one thread)."""
        state = self._new_state(record)
        steps = []
        for ply, item in enumerate(self.store.actions(record.id)):
            action = state.game.action_from_json(item["action"])
            steps.append(Step(ply, item["seat"], action, state.apply(item["seat"], action)))
        return state, steps, self.store.seat_spans(record.id)

    async def seat_for(
        self, table_id: str, token: str | None, *, token_hash: str | None = None
    ) -> tuple[LiveTable, int | None]:
        """The live table and the seat ``token`` acts for (``None``: spectator); a
        socket relayed from another process presents the token's hash instead, so
        tokens never travel between processes.

        A finished game is rebuilt on demand to show its end and log, but only for a
        visitor who gets in: a refused hello leaves nothing behind in memory.

        :raises ApiError: unknown table, a token that is no seat's, or a crowded table.
        """
        live = self.tables.get(table_id)
        record = live.record if live is not None else await self._record(table_id)
        if live is None and record.status in ("closed", "expired"):
            raise ApiError(
                ErrorCode(f"table/{record.status}"), f"table {table_id!r} is {record.status}"
            )
        if live is None and record.status != "finished":
            raise ApiError(ErrorCode.TABLE_NOT_LIVE, f"table {table_id!r} is not being played")
        seat = None
        digest = hash_token(token) if token is not None else token_hash
        if digest is not None:
            seat = next((s.seat for s in record.seats if hash_matches(digest, s.token_hash)), None)
            if seat is None:
                raise ApiError(
                    ErrorCode.AUTH_BAD_TOKEN, "this token is not valid for any seat of the table"
                )
        elif live is not None and len(live.connections) >= MAX_CONNECTIONS:
            raise ApiError(ErrorCode.TABLE_CROWDED, "too many spectators at this table")
        if live is None:
            live = self._open(record)
            state, steps, spans = await self._db(self._replay, record)
            self._attach_runtime(live, state, steps, spans)
            live = self.tables.setdefault(table_id, live)  # another visitor may have won
        return live, seat

    async def act(self, live: LiveTable, seat: int | None, text: Any, ply: Any) -> None:
        """Play ``text`` for ``seat`` if the rules allow it.

        :raises ApiError: spectator, stale ply, unreadable or illegal action.
        """
        if seat is None:
            raise ApiError(ErrorCode.AUTH_SPECTATOR, "spectators cannot act")
        if not isinstance(text, str) or len(text) > 200:
            raise ApiError(ErrorCode.ACTION_INVALID_NOTATION, "an action must be a short text")
        async with live.lock:
            rt = live.runtime
            if rt is None:
                raise ApiError(ErrorCode.TABLE_NOT_RUNNING, "the game has not started")
            if any(s.seat == seat and s.kind == "bot" for s in live.record.seats):
                raise ApiError(ErrorCode.TABLE_SEAT_IS_BOT, "a bot plays this seat now")
            await self.settle(live)
            if ply is not None and ply != rt.ply:
                raise ApiError(
                    ErrorCode.ACTION_STALE_STATE, f"the game is at ply {rt.ply}, not {ply}"
                )
            try:
                action = rt.state.game.parse_action(text)
                step = await asyncio.to_thread(rt.act, seat, action)
            except SpieltischError as exc:
                if isinstance(exc, IllegalAction):  # reproducible from the log, seed kept secret
                    log.info("move refused: %s", exc.describe(), extra={"table": live.id})
                raise from_engine(exc) from exc
            except Exception as exc:  # the store failed: the runtime has rolled back
                raise self.write_failed(live, exc) from exc
            await self._after_step(live, step)
        live.wake.set()

    def write_failed(self, live: LiveTable, exc: Exception) -> ApiError:
        """The answer to a move whose write failed: its outcome is unknown until the
        table is settled, which its driver tries at once (and every second after)."""
        log.warning("write-ahead failed: %r", exc, extra={"table": live.id})
        live.wake.set()
        return ApiError(ErrorCode.SERVER_STORE, "the move could not be confirmed: reloading")

    async def settle(self, live: LiveTable) -> None:
        """Bring a table whose last write failed in line with its record (under the
        table lock). A failed write's outcome is unknown: the database may have committed
        it and lost only its answer. The record is the truth: the game is rebuilt from
        it, and everyone gets the table anew, with the move if it was stored.

        :raises ApiError: the database does not answer yet; the table stays unsettled.
        """
        rt = live.runtime
        if not live.unsettled or rt is None:
            return
        try:
            record = await self._record(live.id)
            state, steps, spans = await self._db(self._replay, record)
        except Exception as exc:
            raise ApiError(ErrorCode.SERVER_DB_DOWN, "the database does not answer yet") from exc
        log.warning(
            "table settled after a failed write",
            extra={"table": live.id, "stored_plies": state.ply, "memory_plies": rt.ply},
        )
        live.record = record
        rt.resync(state)
        live.log = steps
        live.bot_plies = BotPlies(record, spans)
        live.unsettled = False
        await self._save_clock(live)
        if rt.is_over():
            await ratings.table_finished(self.store, live.id)
        live.broadcast_start()

    async def _after_step(self, live: LiveTable, step: Step) -> None:
        """Called under the table lock after an action is stored."""
        live.log.append(step)
        rt = live.runtime
        assert rt is not None
        await self._save_clock(live)
        if rt.is_over():  # finished with the last action, in its transaction
            live.record = await self._record(live.id)
            log.info("game finished", extra={"table": live.id, "plies": rt.ply})
            await ratings.table_finished(self.store, live.id)
            if not live.connections:
                self.tables.pop(live.id, None)  # nobody watching: rebuilt on demand
        live.broadcast_step(step)

    async def replay_step(self, table_id: str, ply: int) -> dict[str, Any]:
        """The spectator's view after ``ply`` actions of a finished game, for the viewer.

        ``bots`` says per seat whether a bot played it at this step (its level; ``None``:
        its person), so a person's own moves keep his name in the replay too."""
        record = await self._record(table_id)
        if record.status != "finished":
            raise ApiError(ErrorCode.TABLE_NOT_FINISHED, "replays are shown once the game is over")
        actions = await self._db(self.store.actions, table_id)
        spans = await self._db(self.store.seat_spans, table_id)
        if not 0 <= ply <= len(actions):
            raise ApiError(ErrorCode.REPLAY_BAD_PLY, f"ply must be 0..{len(actions)}")
        state = self._new_state(record)
        events: list[Any] = []
        for item in actions[:ply]:
            events = state.apply(item["seat"], state.game.action_from_json(item["action"]))
        last = actions[ply - 1] if ply else None
        return {
            "table": self.summary(record),
            "ply": ply,
            "plies": len(actions),
            "seat": last["seat"] if last else None,
            "events": [e for e in events if "visible_to" not in e],
            "view": state.view(None),
            "envelope": envelope(state, None),
            "bots": BotPlies(record, spans).at(max(ply - 1, 0)),
        }

    # -- connections ---------------------------------------------------------------------
    async def attach(self, live: LiveTable, conn: Connection) -> None:
        """Add a connection; a seat open in too many windows loses its oldest one (with a
        coded error), so one token cannot crowd the table's spectators out."""
        await chat.ready(self.store, self.settings, live)
        async with live.lock:
            if conn.seat is not None:
                same = sorted((c for c in live.connections if c.seat == conn.seat), key=age)
                for old in same[: max(0, len(same) + 1 - self.settings.max_sockets_per_seat)]:
                    limit = self.settings.max_sockets_per_seat
                    err = ApiError(
                        ErrorCode.TABLE_SEAT_CROWDED,
                        f"this seat is open in more than {limit} windows; this one was closed",
                    )
                    old.send({"type": "error", **err.to_json()})
                    old.close(CLOSE_POLICY)
                    live.connections.discard(old)
            live.connections.add(conn)
            conn.send(chat.welcome(live, conn.seat))
            live.broadcast_table()

    async def detach(self, live: LiveTable, conn: Connection) -> None:
        async with live.lock:
            live.connections.discard(conn)
            live.broadcast_table()
            if not live.connections and live.runtime is not None and live.runtime.is_over():
                self.tables.pop(live.id, None)  # finished and unwatched: free the memory

    async def close(self) -> None:
        await asyncio.gather(*(t.stop() for t in self.tables.values()))
        await self.pool.close()
