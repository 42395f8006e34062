"""Who may see a seat's own view of a finished game (its hand at every ply).

A finished game's spectator replay and its review are public; a seat's hidden cards are
not, not even after the game: only the seat's own player sees them again, by the seat
token his browser kept or by the key of the player the seat is linked to. Everybody
else (a spectator, another seat, a guessed token) is refused with one code, so a guess
learns nothing about which part was wrong.
"""

from __future__ import annotations

import asyncio

from fastapi import Request

from spieltisch.store.players import Players

from .errors import ApiError, ErrorCode
from .players import authenticate
from .security import token_matches
from .tables import TableManager


async def check_seat_viewer(
    manager: TableManager, table_id: str, seat: int, request: Request
) -> None:
    """Return when the request's ``Authorization: Bearer`` is ``seat``'s token or the key
    of the player linked to ``seat``.

    :raises ApiError: ``replay/not_your_seat`` for anybody else; ``table/not_found``,
        ``table/not_finished``.
    """
    record = await manager.ctx.record(table_id)
    if record.status != "finished":
        raise ApiError(ErrorCode.TABLE_NOT_FINISHED, "replays are shown once the game is over")
    scheme, _, credential = request.headers.get("authorization", "").partition(" ")
    credential = credential.strip()
    refused = ApiError(ErrorCode.REPLAY_NOT_YOUR_SEAT, f"only seat {seat}'s player sees its view")
    if scheme.lower() != "bearer" or not credential or not 0 <= seat < len(record.seats):
        raise refused
    if token_matches(credential, record.seats[seat].token_hash):
        return
    if "." not in credential:  # a seat token, not this seat's
        raise refused
    try:
        player = await authenticate(manager.store, credential)
    except ApiError as exc:
        raise refused from exc
    links = await asyncio.to_thread(Players(manager.store).seat_players, table_id)
    if links.get(seat) != player.id:
        raise refused
