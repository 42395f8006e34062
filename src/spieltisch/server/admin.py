"""Moderation over HTTP: close or delete a table, hide a chat message, rename or ban a
player name, reset a rating; and the log of all of it (docs/operations.md).

A moderator is whoever sends ``Authorization: Bearer <admin token>`` (the
``SPIELTISCH_ADMIN_TOKEN`` setting) or the player key of a player marked admin with
``spieltisch admin grant NAME``. Both are compared in constant time (the token as a
SHA-256 digest, so not even its length shows); anyone else gets ``auth/not_admin`` from
every route here, before the route reads anything. Every change is logged with who made
it and when, in the change's own transaction.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field, field_validator

from spieltisch.store.moderation import LogEntry, Moderation
from spieltisch.store.players import NameTaken, Players

from . import schemas as S
from .deps import Manager, WriteLimit
from .errors import ApiError, ErrorCode
from .names import clean_name, confusable
from .players import INDEX, authenticate
from .ratings import display, ratable
from .security import hash_matches, hash_token
from .tableid import TableId

router = APIRouter(prefix="/api/admin", tags=["admin"])
pages = APIRouter(include_in_schema=False)

PlayerId = Annotated[str, Path(min_length=1, max_length=16, pattern=r"^[\w-]+$")]
ChatId = Annotated[int, Path(ge=1, le=2**62)]
LOG_LIMIT = 200


async def moderator(request: Request, manager: Manager) -> str:
    """Who is asking, for the log: ``token`` or an admin player's name.

    :raises ApiError: no bearer credential (``auth/missing_token``); anything that is
        neither the admin token nor an admin player's key (``auth/not_admin``).
    """
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    given = given.strip()
    if scheme.lower() != "bearer" or not given:
        raise ApiError(ErrorCode.AUTH_MISSING_TOKEN, "send 'Authorization: Bearer <admin token>'")
    token = manager.settings.admin_token
    if token is not None and hash_matches(hash_token(given), hash_token(token)):
        return "token"
    if "." in given:
        try:
            player = await authenticate(manager.store, given)
        except ApiError:
            player = None
        rows = Moderation(manager.store)
        if player is not None and await asyncio.to_thread(rows.is_admin, player.id):
            return player.name
    raise ApiError(ErrorCode.AUTH_NOT_ADMIN, "only a moderator may do this")


Moderator = Annotated[str, Depends(moderator)]


class NameIn(BaseModel):
    name: str = Field(max_length=80)

    _name = field_validator("name")(lambda v: clean_name(v))


def _entry(e: LogEntry) -> dict[str, Any]:
    return {
        "id": e.id,
        "at": e.at.isoformat(),
        "admin": e.admin,
        "action": e.action,
        "target": e.target,
        "detail": e.detail,
    }


@router.get("/me", **S.answers(S.Who, S.E.AUTH_MISSING_TOKEN, S.E.AUTH_NOT_ADMIN))
async def whoami(who: Moderator) -> dict[str, str]:
    """Whether the credential is a moderator's, and whose (the admin page asks first)."""
    return {"admin": who}


@router.get("/log", **S.answers(S.ModerationLog, S.E.AUTH_MISSING_TOKEN, S.E.AUTH_NOT_ADMIN))
async def moderation_log(
    who: Moderator, manager: Manager, limit: Annotated[int, Query(ge=1, le=LOG_LIMIT)] = 50
) -> dict[str, Any]:
    """The newest moderation actions, newest first, and the banned names."""
    rows = Moderation(manager.store)
    entries = await asyncio.to_thread(rows.log, limit)
    banned = await asyncio.to_thread(rows.banned)
    return {"entries": [_entry(e) for e in entries], "banned": banned}


@router.get(
    "/tables/{table_id}/chat",
    **S.answers(S.ChatList, S.E.AUTH_MISSING_TOKEN, S.E.AUTH_NOT_ADMIN, S.E.TABLE_NOT_FOUND),
)
async def table_chat(table_id: TableId, who: Moderator, manager: Manager) -> dict[str, Any]:
    """A table's last 200 chat messages, the hidden ones marked, for choosing one to hide."""
    await manager.ctx.record(table_id)  # table/not_found
    found = await asyncio.to_thread(Moderation(manager.store).chat, table_id, 200)
    return {
        "messages": [
            {
                "id": m.id,
                "seat": m.seat,
                "name": m.name,
                "quick": m.quick,
                "text": m.text,
                "at": m.at.isoformat(),
                "hidden": hidden,
            }
            for m, hidden in found
        ]
    }


@router.post(
    "/tables/{table_id}/close",
    **S.answers(
        S.Ended,
        *S.WRITES,
        S.E.AUTH_MISSING_TOKEN,
        S.E.AUTH_NOT_ADMIN,
        *S.TABLE,
        S.E.TABLE_NOT_RUNNING,
    ),
)
async def close_table(
    table_id: TableId, _: WriteLimit, who: Moderator, manager: Manager
) -> dict[str, Any]:
    """Close an open or running table for good: its players are told and disconnected,
    its record stays (``closed``)."""
    return await manager.end_by_moderator(table_id, who, delete=False)


@router.delete(
    "/tables/{table_id}",
    **S.answers(S.Ended, *S.WRITES, S.E.AUTH_MISSING_TOKEN, S.E.AUTH_NOT_ADMIN, *S.TABLE),
)
async def delete_table(
    table_id: TableId, _: WriteLimit, who: Moderator, manager: Manager
) -> dict[str, Any]:
    """Delete a table with its record, chat and seats (any status)."""
    return await manager.end_by_moderator(table_id, who, delete=True)


@router.post(
    "/tables/{table_id}/chat/{chat_id}/hide",
    **S.answers(
        S.Hidden,
        *S.WRITES,
        S.E.AUTH_MISSING_TOKEN,
        S.E.AUTH_NOT_ADMIN,
        *S.TABLE,
        S.E.CHAT_NOT_FOUND,
    ),
)
async def hide_chat(
    table_id: TableId, chat_id: ChatId, _: WriteLimit, who: Moderator, manager: Manager
) -> dict[str, Any]:
    """Hide a chat message from everyone, now and in every later welcome."""
    return await manager.hide_chat(table_id, chat_id, who)


@router.get(
    "/players",
    **S.answers(S.FoundPlayer, S.E.AUTH_MISSING_TOKEN, S.E.AUTH_NOT_ADMIN, S.E.PLAYER_NOT_FOUND),
)
async def find_player(
    who: Moderator, manager: Manager, name: Annotated[str, Query(min_length=1, max_length=80)]
) -> dict[str, Any]:
    """A player by name (any case)."""
    found = await asyncio.to_thread(Players(manager.store).credentials_by_name, name)
    if found is None:
        raise ApiError(ErrorCode.PLAYER_NOT_FOUND, f"there is no player {name!r}")
    return {"player": {"id": found.player.id, "name": found.player.name}}


@router.post(
    "/players/{player_id}/rename",
    **S.answers(
        S.Renamed,
        *S.WRITES,
        S.E.AUTH_MISSING_TOKEN,
        S.E.AUTH_NOT_ADMIN,
        S.E.PLAYER_NOT_FOUND,
        S.E.PLAYER_NAME_TAKEN,
        S.E.PLAYER_NAME_BANNED,
        S.E.PLAYER_NAME_CONFUSABLE,
    ),
)
async def rename_player(
    player_id: PlayerId, body: NameIn, _: WriteLimit, who: Moderator, manager: Manager
) -> dict[str, Any]:
    """Give a player another name (his past seats keep the name they had)."""
    if confusable(body.name):
        raise ApiError(ErrorCode.PLAYER_NAME_CONFUSABLE, "the name mixes look-alike scripts")
    rows = Moderation(manager.store)
    if await asyncio.to_thread(rows.is_banned, body.name):
        raise ApiError(ErrorCode.PLAYER_NAME_BANNED, f"the name {body.name!r} is banned")
    try:
        old = await asyncio.to_thread(rows.rename, player_id, body.name, who)
    except NameTaken as exc:
        raise ApiError(ErrorCode.PLAYER_NAME_TAKEN, f"{body.name!r} is taken") from exc
    if old is None:
        raise ApiError(ErrorCode.PLAYER_NOT_FOUND, f"there is no player {player_id!r}")
    return {"player": {"id": player_id, "name": body.name}, "was": old}


@router.post("/bans", **S.answers(S.Banned, *S.WRITES, S.E.AUTH_MISSING_TOKEN, S.E.AUTH_NOT_ADMIN))
async def ban_name(body: NameIn, _: WriteLimit, who: Moderator, manager: Manager) -> dict[str, Any]:
    """Ban a name: nobody signs up with it or is renamed to it, and a player who has it
    can no longer sign in or use his key."""
    done = await asyncio.to_thread(Moderation(manager.store).ban, body.name, who)
    return {"banned": body.name, "changed": done}


@router.post(
    "/bans/lift", **S.answers(S.Banned, *S.WRITES, S.E.AUTH_MISSING_TOKEN, S.E.AUTH_NOT_ADMIN)
)
async def unban_name(
    body: NameIn, _: WriteLimit, who: Moderator, manager: Manager
) -> dict[str, Any]:
    """Lift a name's ban."""
    done = await asyncio.to_thread(Moderation(manager.store).unban, body.name, who)
    return {"unbanned": body.name, "changed": done}


@router.post(
    "/players/{player_id}/ratings/{game}/reset",
    **S.answers(
        S.RatingReset,
        *S.WRITES,
        S.E.AUTH_MISSING_TOKEN,
        S.E.AUTH_NOT_ADMIN,
        S.E.PLAYER_NOT_FOUND,
        S.E.RATING_UNRATED_GAME,
    ),
)
async def reset_rating(
    player_id: PlayerId,
    game: Annotated[str, Path(max_length=32)],
    _: WriteLimit,
    who: Moderator,
    manager: Manager,
) -> dict[str, Any]:
    """Reset a player's rating in a game (as ``spieltisch ratings reset``)."""
    if not ratable(game):
        raise ApiError(ErrorCode.RATING_UNRATED_GAME, f"{game!r} is not a rated game")
    players = Players(manager.store)
    if await asyncio.to_thread(players.get, player_id) is None:
        raise ApiError(ErrorCode.PLAYER_NOT_FOUND, f"there is no player {player_id!r}")
    before = await asyncio.to_thread(players.reset_rating, game, player_id)
    was = None if before is None else display(before.mu, before.sigma)
    detail = f"{game} {'-' if was is None else was}"
    await asyncio.to_thread(Moderation(manager.store).note, who, "reset_rating", player_id, detail)
    return {"reset": before is not None, "was": was}


@pages.get("/admin")
async def admin_page() -> FileResponse:
    """The admin page (the browser asks :func:`whoami` with the token it is given)."""
    return FileResponse(INDEX)
