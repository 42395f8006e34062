"""A table's life beyond its moves: a player resigns, the players play again.

**Resigning** is an action of the record (:mod:`spieltisch.engine.resign`), so it is
stored before anyone hears of it and a restarted server replays it like any move. What
it means is each game's ruling (its ``resign_rule``); the table's part is the seat: while
the game goes on, the resigner's seat goes to a *stand-in* bot. The stand-in has the
level of the strongest bot the host seated at the table, or the game's first level above
``random`` when the host seated none: the host chose how strong the table's bots play
when he made it, and a stand-in plays no weaker or stronger than that.

**Rematch** ("Nochmal"): any seated player of a finished table asks for the next game
with his seat token. The first request makes a new open table with the same setup
(:mod:`.setup`: game, options, seats, turn clock, chat audience, rated) and a new seed,
the options rotated as the game's rules rotate dealer, first player or colours
(``Game.next_options``):
bots keep their seats and levels, each human seat waits for its player of the last game
(reserved under his name). Every player then takes his own seat with his old token and
gets the new seat's token. The table, its setup and its link are made in one transaction
(``Store.create_rematch``), so two players asking at once, on one process or two, make
one rematch; finished tables have no owner, so this is safe on any process, and claiming
the seat goes to the new table's owner like any join.
"""

from __future__ import annotations

import asyncio
import base64
import hmac
import logging
import secrets
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel

from spieltisch.engine import IllegalAction, SpieltischError
from spieltisch.engine.resign import RESIGN
from spieltisch.store import SeatRecord
from spieltisch.table.runtime import WriteAhead

from . import players
from .deps import Bearer, Manager, WriteLimit
from .errors import ApiError, ErrorCode, from_engine
from .live import LiveTable
from .security import hash_matches, hash_token, new_table_id, new_token
from .setup import TableSetup
from .standin import stand_in_level
from .tableid import TableId
from .tables import TableManager

log = logging.getLogger("spieltisch.table")
router = APIRouter(prefix="/api", tags=["lobby"])


async def resign(manager: TableManager, live: LiveTable, seat: int | None) -> None:
    """``seat`` gives up: stored as an action, then its seat goes to a stand-in bot if
    the game goes on (HA-R9, HG-R14, HY-R11, KA-R11).

    :raises ApiError: a spectator; a game not running; a seat that resigned already.
    """
    if seat is None:
        raise ApiError(ErrorCode.AUTH_SPECTATOR, "spectators cannot resign")
    async with live.lock:
        rt = live.runtime
        if rt is None or rt.is_over():
            raise ApiError(ErrorCode.TABLE_NOT_RUNNING, "the game is not running")
        await manager.play.settle(live)
        if rt.is_over():
            raise ApiError(ErrorCode.TABLE_NOT_RUNNING, "the game is not running")
        if seat in rt.state.resigned and live.record.seats[seat].kind == "human":
            # Resigned, but the server stopped before the stand-in sat down: seat it now.
            await manager.seats.set_seat(live, seat, stand_in_level(live.record, rt.state.game))
            live.wake.set()
            return
        human = live.record.seats[seat].kind == "human"
        level = stand_in_level(live.record, rt.state.game) if human else None
        write_ahead = rt.write_ahead
        rt.write_ahead = _resign_write(manager, live, level)
        try:
            step = await asyncio.to_thread(rt.act, seat, RESIGN)
        except SpieltischError as exc:
            if isinstance(exc, IllegalAction):
                log.info("resignation refused: %s", exc.describe(), extra={"table": live.id})
            raise from_engine(exc) from exc
        except Exception as exc:  # the store failed: the runtime has rolled back
            raise manager.play.write_failed(live, exc) from exc
        finally:
            rt.write_ahead = write_ahead
        log.info("seat resigned", extra={"table": live.id, "seat": seat})
        if not rt.is_over() and level is not None:
            # Stored with the resignation; it sits down before anyone hears of it.
            await manager.seats.seated(live, seat, level)
        await manager.play.after_step(live, step)
    live.wake.set()


def _resign_write(manager: TableManager, live: LiveTable, stand_in: str | None) -> WriteAhead:
    """The runtime's write-ahead for a resignation: the action and, while the game goes
    on, the stand-in's seat in one transaction (``Store.resign_seat``), so no kill
    between them leaves the resigned seat with nobody to play it."""
    store = manager.store

    def write(ply: int, seat: int, action: dict[str, Any], result: dict[str, Any] | None) -> None:
        try:
            store.resign_seat(live.id, ply, seat, action, result, stand_in)
        except BaseException:
            live.unsettled = True  # stored or not: the record will say (settle)
            raise

    return write


async def rematch(manager: TableManager, table_id: str, token: str) -> dict[str, Any]:
    """Make (or find) the rematch of finished ``table_id`` and seat the token's player.

    Returns the new table, the player's seat and its token, and the host token when this
    request made the table.

    :raises ApiError: unknown or unfinished table; a token that is no seat's.
    """
    record = await manager.ctx.record(table_id)
    if record.status != "finished":
        raise ApiError(ErrorCode.TABLE_NOT_FINISHED, "a rematch follows a finished game")
    digest = hash_token(token)
    seat = next((s for s in record.seats if s.holds(digest)), None)
    if seat is None:
        raise ApiError(
            ErrorCode.AUTH_BAD_TOKEN, "this token is not valid for any seat of the table"
        )
    _before, linked = await manager.ctx.db(manager.store.rematch_links, table_id)
    host_token = None
    if linked is not None:
        next_id = linked
    else:
        setup = await manager.ctx.setup_of(record)  # the last game's, options rotated
        host_token = new_token()
        next_id, made = await manager.ctx.db(
            manager.store.create_rematch,
            table_id,
            table_id=new_table_id(),
            game=setup.game,
            options=setup.next_options(record.result, record.players),
            players=record.players,
            seed=secrets.randbits(48),
            host_hash=hash_token(host_token),
            seats=[  # a seat a person held stays his, even if a bot finished it
                SeatRecord(s.seat, "human", None, s.name)
                if s.token_hash is not None
                else SeatRecord(s.seat, "bot", s.level)
                for s in record.seats
            ],
            owner=manager.ctx.me,
            settings=setup.settings_json(),
            turn_clock=setup.turn_clock(),
        )
        if made:
            await _open_rematch(manager, table_id, next_id, setup)
        else:
            host_token = None
    seat_token = rematch_token(token, next_id)
    await _take_seat(manager, next_id, seat, seat_token)
    await players.carry_seat(manager, table_id, next_id, seat.seat)
    return {
        "table": await manager.get(next_id),
        "seat": seat.seat,
        "seat_token": seat_token,
        "host_token": host_token,
        "previous": table_id,
    }


def rematch_token(token: str, next_id: str) -> str:
    """The player's seat token at rematch ``next_id``, derived from his token of the last
    game: asking again (a second tab, a lost answer) gives the same token, and nobody
    without the old token can compute it."""
    digest = hmac.new(token.encode("utf-8", "replace"), next_id.encode(), "sha256").digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


async def _take_seat(manager: TableManager, next_id: str, seat: SeatRecord, token: str) -> None:
    """Seat the player of ``seat`` at the rematch (a no-op if he is seated already)."""
    digest = hash_token(token)
    new = await manager.ctx.record(next_id)
    if hash_matches(digest, new.seats[seat.seat].token_hash):
        return
    try:
        await manager.join(next_id, seat.name or "?", seat.seat, reserved=True, token_hash=digest)
    except ApiError as err:  # the same player in another tab at the same moment
        new = await manager.ctx.record(next_id)
        if not hash_matches(digest, new.seats[seat.seat].token_hash):
            raise err from None


async def _open_rematch(
    manager: TableManager, previous: str, next_id: str, setup: TableSetup
) -> None:
    """Run the new table here (with the turn clock of its ``setup``) and tell the last
    game's players on this process; players elsewhere learn of it by asking :func:`links`."""
    new = await manager.ctx.record(next_id)
    # Stored with this process's lease, though a kill of this process may have moved it.
    owners = manager.owners
    if owners is None or next_id in await owners.claim([next_id]):
        live = manager.ctx.open(new)
        if setup.clock is not None:
            live.clock_record = setup.clock_record()
        live = manager.tables.setdefault(next_id, live)
        async with live.lock:  # a seat claimed since ``new`` was read is on it too
            live.record = await manager.ctx.record(next_id)
        await manager.runtimes.maybe_start(live)
    log.info("rematch created", extra={"table": next_id, "previous": previous})
    old = manager.tables.get(previous)
    if old is not None:
        for conn in list(old.connections):
            conn.send({"type": "rematch", "table": previous, "next": next_id})


class Links(BaseModel):
    previous: str | None
    """The game this table is the rematch of."""
    next: str | None
    """This table's rematch, once a player asked for one."""


@router.get("/tables/{table_id}/rematch")
async def links(table_id: TableId, manager: Manager) -> Links:
    """Where a table's match history goes on: its previous game and its rematch."""
    await manager.ctx.record(table_id)
    before, after = await manager.ctx.db(manager.store.rematch_links, table_id)
    return Links(previous=before, next=after)


@router.post("/tables/{table_id}/rematch")
async def play_again(
    table_id: TableId, manager: Manager, token: Bearer, _: WriteLimit
) -> dict[str, Any]:
    """The holder of a seat token of a finished table takes his seat in its rematch."""
    return await rematch(manager, table_id, token)
