"""The table manager: lobby operations and live play, over the store and the runtime.

Routes stay thin and call this; it owns the live tables of the process. It is a thin
front over collaborators of one job each (lila's round: small parts wired through one
``Dependencies``, here :class:`.context.TableContext`): seats (:mod:`.seats`), play
(:mod:`.play`), rebuilding from records (:mod:`.rebuild`), opening tables
(:mod:`.opening`), the lobby's listing (:mod:`.listing`) and replays (:mod:`.replays`).

With several processes, the lobby's writes on a table go to the process that runs it
(:meth:`TableManager.forwarded`); on start-up :meth:`TableManager.restore` rebuilds every
running table by replaying its record and restarts its bots, so a killed server resumes
exactly where it stopped.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from spieltisch.engine import Game
from spieltisch.store import Store, TableRecord, TurnClockRecord
from spieltisch.store.players import Players
from spieltisch.table import Clock, SearchPool, WallClock

from . import abandon, chat
from .context import TableContext
from .errors import ApiError, ErrorCode
from .listing import Listing
from .live import CLOSE_POLICY, Connection, LiveTable, age
from .moderating import Moderating
from .opening import Created, Opening
from .owners import Owners
from .play import Play
from .rebuild import MAX_CONNECTIONS, RESTORE_BATCH, Rebuild
from .replays import ReplaySteps
from .runtimes import RESTORE_LEAST, Runtimes
from .seats import Seats
from .settings import Settings
from .setup import SeatSpec, TableSetup
from .summary import game_catalogue, web_module
from .tips import Tips

__all__ = [
    "MAX_CONNECTIONS",
    "RESTORE_BATCH",
    "RESTORE_LEAST",
    "Created",
    "SeatSpec",
    "TableManager",
    "TableSetup",
    "game_catalogue",
    "web_module",
]


@dataclass(frozen=True, slots=True)
class Elsewhere:
    """The answer of the process that runs a table, to a call this one forwarded."""

    result: Any


class TableManager:
    """This process's tables: a front over the collaborators (see the module)."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        clock: Clock | None = None,
        pool: SearchPool | None = None,
    ) -> None:
        self.ctx = TableContext(
            store, settings, clock or WallClock(), pool or SearchPool(settings.search_workers)
        )
        self.runtimes = Runtimes(self.ctx)
        self.seats = Seats(self.ctx, self.runtimes)
        self.play = Play(self.ctx, self.runtimes, self.seats)
        self.ctx.hooks = self.play.hooks
        self.rebuild = Rebuild(self.ctx, self.runtimes)
        self.opening = Opening(self.ctx, self.runtimes)
        self.listing = Listing(self.ctx)
        self.replays = ReplaySteps(self.ctx)
        self.moderating = Moderating(self.ctx)
        self.tips = Tips(self.ctx)

    # -- what the collaborators share -----------------------------------------------------
    @property
    def store(self) -> Store:
        return self.ctx.store

    @property
    def settings(self) -> Settings:
        return self.ctx.settings

    @property
    def clock(self) -> Clock:
        return self.ctx.clock

    @property
    def pool(self) -> SearchPool:
        return self.ctx.pool

    @property
    def tables(self) -> dict[str, LiveTable]:
        """The tables this process runs, by id."""
        return self.ctx.tables

    @property
    def owners(self) -> Owners | None:
        """The other processes on this database, when there are any (``--redis``)."""
        return self.ctx.owners

    @owners.setter
    def owners(self, owners: Owners | None) -> None:
        self.ctx.owners = owners

    def summary(
        self,
        record: TableRecord,
        live: LiveTable | None = None,
        clock: TurnClockRecord | None = None,
    ) -> dict[str, Any]:
        """What anyone may know about a table (:func:`.summary.summary`)."""
        return self.listing.summary(record, live, clock)

    # -- the lobby: asked of the table's owner -------------------------------------------
    async def forwarded(self, table_id: str, method: str, **kwargs: Any) -> Elsewhere | None:
        """Run lobby ``method`` at the process that owns ``table_id`` when that is not
        this one (its answer), else ``None``: the caller runs it here."""
        owner = await self.rebuild.owner_elsewhere(table_id)
        if owner is None:
            return None
        assert self.owners is not None
        return Elsewhere(await self.owners.call(owner, method, table_id=table_id, **kwargs))

    async def get(self, table_id: str) -> dict[str, Any]:
        """A table's summary; its owner knows who is online."""
        if (done := await self.forwarded(table_id, "get")) is not None:
            return dict(done.result)
        return await self.listing.get(table_id)

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
        kwargs = {"name": name, "seat": seat, "reserved": reserved, "token_hash": token_hash}
        if (done := await self.forwarded(table_id, "join", **kwargs)) is not None:
            taken, token = done.result
            return int(taken), str(token)
        return await self.seats.join(table_id, name, seat, reserved=reserved, token_hash=token_hash)

    async def claim(self, table_id: str, seat: int, player_id: str) -> tuple[int, str]:
        """A fresh token of ``seat`` for a device its player signed in on, asked of the
        table's owner (it checks hellos against its record). Only the player the seat is
        linked to gets one; a guest's seat stays with the browser that took it. The
        seat's other tokens keep working: each device plays the seat, and the first move
        to arrive for a ply is the one played (the others are refused as stale)."""
        kwargs = {"seat": seat, "player_id": player_id}
        if (done := await self.forwarded(table_id, "claim", **kwargs)) is not None:
            taken, token = done.result
            return int(taken), str(token)
        return await self.seats.claim(table_id, seat, player_id)

    async def set_seat_bot(
        self, table_id: str, host_token: str, seat: int, level: str | None
    ) -> dict[str, Any]:
        """The creator hands a seat to a bot (``level``) or back to its human (``None``).

        Only a seat that has been away (no open connection) for
        ``settings.seat_away_grace`` seconds, or, at a table without a turn clock, idle on
        its turn for ``settings.seat_idle_grace`` seconds, may go to a bot, and never in a
        rated game (:meth:`.seats.Seats.handover_refused`), so a host cannot play an
        opponent's moves; the seat's own token takes it back at any time (:meth:`take_back`).
        On a table that has not started, a seat nobody has taken goes to the bot for good
        (:meth:`.seats.Seats.seat_waiting_bot`), so a friend who never comes does not
        stall the evening.
        """
        kwargs = {"host_token": host_token, "seat": seat, "level": level}
        if (done := await self.forwarded(table_id, "set_seat_bot", **kwargs)) is not None:
            return dict(done.result)
        live = await self.seats.set_seat_bot(table_id, host_token, seat, level)
        return self.ctx.summarise(live)

    async def take_back_with_token(self, table_id: str, seat: int, token: str) -> dict[str, Any]:
        """:meth:`take_back` over HTTP, for the holder of ``seat``'s token."""
        kwargs = {"seat": seat, "token": token}
        if (done := await self.forwarded(table_id, "take_back_with_token", **kwargs)) is not None:
            return dict(done.result)
        live = await self.seats.take_back_with_token(table_id, seat, token)
        return self.ctx.summarise(live)

    async def tip(self, table_id: str, seat: int, token: str) -> dict[str, Any]:
        """The rules bot's move for ``seat``, for the holder of its token (:mod:`.tips`)."""
        kwargs = {"seat": seat, "token": token}
        if (done := await self.forwarded(table_id, "tip", **kwargs)) is not None:
            return dict(done.result)
        return await self.tips.tip(table_id, seat, token)

    async def close_open(self, table_id: str, host_token: str) -> dict[str, Any]:
        """The host closes a table that has not started: nobody may join it any more,
        and its waiting players are told so (``table/closed``)."""
        done = await self.forwarded(table_id, "close_open", host_token=host_token)
        if done is not None:
            return dict(done.result)
        return self.summary(await self.opening.close_open(table_id, host_token))

    async def end_by_moderator(self, table_id: str, by: str, delete: bool) -> dict[str, Any]:
        """A moderator closes (its record stays) or deletes a table, at its owner."""
        done = await self.forwarded(table_id, "end_by_moderator", by=by, delete=delete)
        if done is not None:
            return dict(done.result)
        record = await self.moderating.end_table(table_id, by, delete=delete)
        return {"deleted": table_id} if record is None else {"table": self.summary(record)}

    async def hide_chat(self, table_id: str, chat_id: int, by: str) -> dict[str, Any]:
        """A moderator hides a chat message, at the table's owner."""
        done = await self.forwarded(table_id, "hide_chat", chat_id=chat_id, by=by)
        if done is not None:
            return dict(done.result)
        await self.moderating.hide_chat(table_id, chat_id, by)
        return {"hidden": chat_id}

    # -- the lobby: any process ------------------------------------------------------------
    async def create(
        self,
        game_name: str,
        options: dict[str, Any],
        seats: list[SeatSpec],
        name: str | None,
        turn_clock: tuple[str, int] | tuple[str, int, int] | None = None,
    ) -> Created:
        """A new table of a setup with these choices (the chat private, not rated).

        :raises ApiError: as :meth:`.setup.TableSetup.build` and :meth:`create_from`.
        """
        setup, game = TableSetup.build(game_name, options, seats, clock=turn_clock)
        return await self.opening.create(setup, game, name)

    async def create_from(
        self, setup: TableSetup, game: Game, name: str | None, address: str | None = None
    ) -> Created:
        """A new table of ``setup``, run by this process (:meth:`.opening.Opening.create`);
        ``address``: the creator's, for the cap on open tables per address."""
        return await self.opening.create(setup, game, name, address)

    async def list_tables(
        self, statuses: list[str], limit: int = 50, offset: int = 0
    ) -> list[dict[str, Any]]:
        """One page of tables in ``statuses``, most recently changed first."""
        return await self.listing.list_tables(statuses, limit, offset)

    async def tables_by_id(self, table_ids: list[str]) -> list[dict[str, Any]]:
        """The tables of ``table_ids`` in any status, most recently changed first."""
        return await self.listing.tables_by_id(table_ids)

    async def replay_step(self, table_id: str, ply: int, seat: int | None = None) -> dict[str, Any]:
        """A finished game's spectator view after ``ply`` actions, or ``seat``'s own
        (:mod:`.replays`; who may ask for a seat's view: :mod:`.seatview`)."""
        return await self.replays.step(table_id, ply, seat)

    # -- live tables -----------------------------------------------------------------------
    async def restore(self) -> int:
        """Rebuild every open and running table from its record (:mod:`.rebuild`)."""
        return await self.rebuild.restore()

    async def owner_elsewhere(self, table_id: str) -> str | None:
        """The process that runs ``table_id`` when that is not this one."""
        return await self.rebuild.owner_elsewhere(table_id)

    async def adopt(self, table_id: str) -> None:
        """Run a table whose lease this process just took."""
        await self.rebuild.adopt(table_id)

    async def drop(self, table_id: str) -> None:
        """Stop running a table here: another process owns it now."""
        await self.rebuild.drop(table_id)

    async def expire_open_tables(self) -> list[str]:
        """Expire open tables nobody touched for a while; returns their ids."""
        return await self.rebuild.expire_open_tables()

    async def abandon_tables(self) -> list[str]:
        """End the tables run here whose people have all been gone for their time
        (:mod:`.abandon`); returns their ids."""
        return await abandon.sweep(self.ctx)

    async def seat_for(
        self, table_id: str, token: str | None, *, token_hash: str | None = None
    ) -> tuple[LiveTable, int | None]:
        """The live table and the seat ``token`` acts for (:meth:`.rebuild.Rebuild.seat_for`)."""
        return await self.rebuild.seat_for(table_id, token, token_hash=token_hash)

    async def act(self, live: LiveTable, seat: int | None, text: Any, ply: Any) -> None:
        """Play ``text`` for ``seat`` (:meth:`.play.Play.act`)."""
        await self.play.act(live, seat, text, ply)

    async def take_back(self, live: LiveTable, seat: int | None) -> None:
        """The seat's own player takes it back from a bot."""
        await self.seats.take_back(live, seat)

    # -- connections ---------------------------------------------------------------------
    async def attach(self, live: LiveTable, conn: Connection) -> None:
        """Add a connection; a seat open in too many windows loses its oldest one (with a
        coded error), so one token cannot crowd the table's spectators out. The others
        hear of it only when a seat came online: a spectator changes nothing they see, and
        spectators coming and going by the hundred would cost every watcher a message
        each time."""
        settings = self.settings
        await chat.ready(self.store, settings, live)
        if live.rated is None:  # asked once: whether a bot may take a seat over (.seats)
            live.rated = await self.ctx.db(Players(self.store).is_rated, live.id)
        async with live.lock:
            online = live.online_seats()
            if conn.seat is not None:
                limit = settings.max_sockets_per_seat
                same = sorted((c for c in live.connections if c.seat == conn.seat), key=age)
                for old in same[: max(0, len(same) + 1 - limit)]:
                    err = ApiError(
                        ErrorCode.TABLE_SEAT_CROWDED,
                        f"this seat is open in more than {limit} windows; this one was closed",
                    )
                    old.send({"type": "error", **err.to_json()})
                    old.close(CLOSE_POLICY)
                    live.connections.discard(old)
            live.connections.add(conn)
            conn.send(chat.welcome(live, conn.seat))
            if live.online_seats() != online:
                live.broadcast_table()

    async def detach(self, live: LiveTable, conn: Connection) -> None:
        """Remove a connection; a finished table nobody watches is freed."""
        async with live.lock:
            online = live.online_seats()
            live.connections.discard(conn)
            if conn.seat is not None and conn.seat not in live.online_seats():
                live.away_since[conn.seat] = self.clock.now()  # the host's grace starts
            if live.online_seats() != online:  # a seat went offline (see attach)
                live.broadcast_table()
            if not live.connections and live.runtime is not None and live.runtime.is_over():
                self.tables.pop(live.id, None)  # finished and unwatched: free the memory
        if conn.seat is not None:  # the last person gone? the table's time counts from now
            await abandon.left(self.ctx, live)

    async def close(self) -> None:
        """Stop every table's driver and the search pool (shutdown)."""
        await asyncio.gather(*(t.stop() for t in self.tables.values()))
        await self.ctx.close_commits()
        await self.pool.close()
        await self.ctx.notices.close()
