"""Who sits where: joining an open table, handing a seat to a bot and taking it back.

These are the local halves of the lobby's seat operations: the table manager asks the
table's owner first when another process runs it (:meth:`.tables.TableManager.join`).
"""

from __future__ import annotations

import logging
import math

from spieltisch.bots import levels
from spieltisch.engine import load
from spieltisch.store.players import Players
from spieltisch.table import TableRuntime

from .context import TableContext
from .errors import ApiError, ErrorCode
from .live import LiveTable
from .runtimes import Runtimes
from .security import hash_token, new_token, token_matches

log = logging.getLogger("spieltisch.table")

MAX_SEAT_DEVICES = 4
"""Devices a player's seat is claimed on at once (beside the one that took it); a fifth
claim retires the oldest one's token, so a forgotten device does not hold it for ever."""


class Seats:
    """The seats of the tables this process runs."""

    def __init__(self, ctx: TableContext, runtimes: Runtimes) -> None:
        self.ctx = ctx
        self.runtimes = runtimes
        ctx.handover = self.handover_waits

    async def join(
        self,
        table_id: str,
        name: str,
        seat: int | None,
        *,
        reserved: bool = False,
        token_hash: str | None = None,
    ) -> tuple[int, str]:
        """Claim a free human seat here (see :meth:`.tables.TableManager.join`)."""
        ctx = self.ctx
        live = ctx.tables.get(table_id)
        record = live.record if live else await ctx.record(table_id)
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
        if not await ctx.db(ctx.store.claim_seat, table_id, seat, name, digest):
            raise ApiError(ErrorCode.TABLE_SEAT_TAKEN, f"seat {seat} was taken just now")
        log.info("seat joined", extra={"table": table_id, "seat": seat})
        # Asked again after the claim: a rematch may have been put live here while the
        # claim was written (by the request that made it); that table's record was read
        # before this seat was, so it must hear of it, and this seat may start the game.
        live = ctx.tables.get(table_id)
        if live is not None:
            async with live.lock:
                live.record = await ctx.record(table_id)
                live.broadcast_table()
            await self.runtimes.maybe_start(live)
        return seat, token

    async def claim(self, table_id: str, seat: int, player_id: str) -> tuple[int, str]:
        """A new token of ``seat`` for a device its player signed in on (see
        :meth:`.tables.TableManager.claim`); the seat's other tokens keep working."""
        ctx = self.ctx
        live = ctx.tables.get(table_id)
        record = live.record if live else await ctx.record(table_id)
        if record.status in ("expired", "broken", "closed"):
            raise ApiError(
                ErrorCode(f"table/{record.status}"), f"table {table_id!r} is {record.status}"
            )
        seats = record.seats
        if not 0 <= seat < len(seats) or seats[seat].token_hash is None:
            raise ApiError(ErrorCode.TABLE_NO_SUCH_SEAT, f"seat {seat} has no human player")
        owner = (await ctx.db(Players(ctx.store).seat_players, table_id)).get(seat)
        if owner is None:
            raise ApiError(ErrorCode.TABLE_SEAT_GUEST, f"seat {seat} is a guest's")
        if owner != player_id:
            raise ApiError(ErrorCode.TABLE_SEAT_NOT_YOURS, f"seat {seat} is another player's")
        token = new_token()
        await ctx.db(ctx.store.add_seat_device, table_id, seat, hash_token(token), MAX_SEAT_DEVICES)
        log.info("seat claimed on a device", extra={"table": table_id, "seat": seat})
        live = ctx.tables.get(table_id)
        if live is not None:  # its sockets' hellos are checked against the live record
            async with live.lock:
                live.record = await ctx.record(table_id)
        return seat, token

    async def set_seat_bot(
        self, table_id: str, host_token: str, seat: int, level: str | None
    ) -> LiveTable:
        """The host, or for a running game's away seat anyone seated at the table, hands a
        seat to a bot here (see :meth:`.tables.TableManager.set_seat_bot`); returns the
        live table."""
        live = self.ctx.live(table_id)
        if not token_matches(host_token, live.record.host_hash):
            digest = hash_token(host_token)
            seated = any(s.holds(digest) for s in live.record.seats)
            if not (seated and level is not None and live.record.status == "running"):
                raise ApiError(
                    ErrorCode.AUTH_NOT_HOST,
                    "only the table's creator, or for a running game a seated player, "
                    "may hand a seat to a bot",
                )
        if live.record.status == "open":
            await self.seat_waiting_bot(live, seat, level)
            return live
        rt = self.human_seat(live, seat)
        game = rt.state.game
        if level is not None and level not in levels(game):
            raise ApiError(ErrorCode.BOT_UNKNOWN_LEVEL, f"no bot level {level!r}")
        rated = level is not None and await self.ctx.db(Players(self.ctx.store).is_rated, table_id)
        async with live.lock:
            if level is not None and live.record.seats[seat].kind == "human":
                refused = self.handover_refused(live, rt, seat, rated=rated)
                if refused is not None:
                    raise ApiError(ErrorCode.TABLE_SEAT_IN_USE, refused)
            await self.set_seat(live, seat, level)
        live.wake.set()
        return live

    def handover_refused(
        self, live: LiveTable, rt: TableRuntime, seat: int, *, rated: bool
    ) -> str | None:
        """Why the host may not hand ``seat``, a person's, to a bot now (``None``: he may).

        A person's seat goes to a bot by his own choice or his own clock running out; the
        host only keeps a table going for a person who is gone: never in a rated game,
        never at a correspondence table (away between moves is how it is played), never
        while the seat is connected (at a table with a turn clock the clock decides;
        without one, a seat idle on its turn for ``seat_idle_grace``), and an away seat
        only after ``seat_away_grace`` from its last connection closing, so a blip or a
        reload is not gone.
        """
        if self.handover_after(live, rt, seat, rated=rated) == 0.0:
            return None
        settings, clock = self.ctx.settings, rt.turn_clock
        if rated:
            return f"seat {seat} is a person's in a rated game: only his clock hands it over"
        if clock is not None and clock.limit.mode == "correspondence":
            return (
                f"seat {seat} plays by correspondence, away between moves: his turn clock "
                "hands the seat to a bot when it runs out"
            )
        if seat in live.online_seats():
            idle, grace = rt.idle_for(seat), settings.seat_idle_grace
            if rt.turn_clock is not None:
                return f"seat {seat} is connected; its turn clock decides when a bot plays"
            if idle is None or idle < grace:
                return (
                    f"seat {seat} is connected; a bot may take it over once it has been "
                    f"idle on its turn for {grace:g} s"
                )
            return None
        away = self.ctx.clock.now() - live.away_since.get(seat, self.ctx.clock.now())
        if away < settings.seat_away_grace:
            return (
                f"seat {seat} has been away for {away:.0f} s; a bot may take it over after "
                f"{settings.seat_away_grace:g} s"
            )
        return None

    def handover_after(
        self, live: LiveTable, rt: TableRuntime, seat: int, *, rated: bool
    ) -> float | None:
        """Seconds until ``seat``, a person's, may go to a bot (``0.0``: now; ``None``:
        not while things stay as they are: a rated or correspondence game, a connected
        seat with a turn clock or not on its turn); the rule of :meth:`handover_refused`."""
        settings, clock = self.ctx.settings, rt.turn_clock
        if rated or (clock is not None and clock.limit.mode == "correspondence"):
            return None
        if seat in live.online_seats():
            idle = rt.idle_for(seat) if clock is None else None
            return None if idle is None else max(0.0, settings.seat_idle_grace - idle)
        now = self.ctx.clock.now()
        return max(0.0, settings.seat_away_grace - (now - live.away_since.get(seat, now)))

    def handover_waits(self, live: LiveTable) -> dict[int, float]:
        """:meth:`handover_after` of each person's seat a person plays now, rounded up to
        a tenth of a second; none while the table has not loaded whether it is rated."""
        rt = live.runtime
        if rt is None or rt.is_over() or live.rated is None or live.record.status != "running":
            return {}
        waits = {}
        for s in live.record.seats:
            if s.kind == "human" and s.token_hash is not None and s.seat not in rt.state.resigned:
                wait = self.handover_after(live, rt, s.seat, rated=live.rated)
                if wait is not None:
                    waits[s.seat] = math.ceil(wait * 10) / 10
        return waits

    async def seat_waiting_bot(self, live: LiveTable, seat: int, level: str | None) -> None:
        """Seat a bot in a human seat of a table that has not started: a free seat or one
        held for a rematch player. A seat somebody has sat down in stays his (he is
        coming); the last seat filled starts the game."""
        ctx, seats = self.ctx, live.record.seats
        if not 0 <= seat < len(seats):
            raise ApiError(ErrorCode.TABLE_NO_SUCH_SEAT, f"there is no seat {seat}")
        if seats[seat].kind == "bot":
            raise ApiError(ErrorCode.TABLE_SEAT_IS_BOT, f"a bot has seat {seat} already")
        if level is None:
            raise ApiError(ErrorCode.TABLE_NOT_RUNNING, "only a running game's seat goes back")
        if level not in levels(load(live.record.game, **live.record.options)):
            raise ApiError(ErrorCode.BOT_UNKNOWN_LEVEL, f"no bot level {level!r}")
        if seats[seat].token_hash is not None or not await ctx.db(
            ctx.store.seat_free_bot, live.id, seat, level
        ):
            raise ApiError(ErrorCode.TABLE_SEAT_JOINED, f"somebody has sat down in seat {seat}")
        log.info("waiting seat given to a bot", extra={"table": live.id, "seat": seat})
        async with live.lock:
            live.record = await ctx.record(live.id)
            live.broadcast_table()
        await self.runtimes.maybe_start(live)

    async def take_back(self, live: LiveTable, seat: int | None) -> None:
        """The seat's own player takes it back from a bot (a no-op if it is theirs)."""
        if seat is None:
            raise ApiError(ErrorCode.AUTH_SPECTATOR, "spectators have no seat to take back")
        self.human_seat(live, seat)
        async with live.lock:
            if live.record.seats[seat].kind == "bot":
                await self.set_seat(live, seat, None)
                log.info("seat taken back", extra={"table": live.id, "seat": seat})
        live.wake.set()

    async def take_back_with_token(self, table_id: str, seat: int, token: str) -> LiveTable:
        """:meth:`take_back` for the holder of ``seat``'s token; returns the live table."""
        live = self.ctx.live(table_id)
        seats = live.record.seats
        if not 0 <= seat < len(seats) or not seats[seat].holds(hash_token(token)):
            raise ApiError(ErrorCode.AUTH_BAD_TOKEN, f"this token is not seat {seat}'s")
        await self.take_back(live, seat)
        return live

    def human_seat(self, live: LiveTable, seat: int) -> TableRuntime:
        """The runtime of a running table where ``seat`` belongs to a person."""
        seats = live.record.seats
        if not 0 <= seat < len(seats) or seats[seat].token_hash is None:
            raise ApiError(ErrorCode.TABLE_NO_SUCH_SEAT, f"seat {seat} has no human player")
        if live.runtime is None or live.runtime.is_over():
            raise ApiError(ErrorCode.TABLE_NOT_RUNNING, "the game is not running")
        return live.runtime

    async def set_seat(self, live: LiveTable, seat: int, level: str | None) -> None:
        """Store and apply who plays ``seat`` (a bot of ``level``, or ``None``: its
        person); called under the table lock."""
        ctx, rt = self.ctx, live.runtime
        assert rt is not None
        if level is None and seat in rt.state.resigned:
            raise ApiError(ErrorCode.TABLE_SEAT_RESIGNED, f"seat {seat} has resigned")
        kind = "bot" if level else "human"
        # Stored with the seat as a span from the next ply on: the log's bot marks outlive
        # a restart or a takeover (:mod:`.botplies`).
        await ctx.db(ctx.store.set_seat_kind, live.id, seat, kind, level, from_ply=rt.ply)
        await self.seated(live, seat, level)

    async def seated(self, live: LiveTable, seat: int, level: str | None) -> None:
        """Apply a seat change the store has already made (from the next ply on): the
        runtime's bot, the log's bot marks, the clock, and everyone is told; under the
        table lock."""
        ctx, rt = self.ctx, live.runtime
        assert rt is not None
        live.bot_plies.change(seat, rt.ply, level)
        rt.set_bot(seat, ctx.bot(rt.state.game, live.id, seat, level) if level else None)
        await ctx.save_clock(live)
        live.record = await ctx.record(live.id)
        live.broadcast_table()
