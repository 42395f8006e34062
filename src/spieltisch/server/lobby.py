"""The lobby's HTTP API: games, tables, joining, seat hand-over, replays."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr, field_validator

from spieltisch.engine import load

from . import players, seatview
from . import schemas as S
from .deps import Bearer, Manager, WriteLimit
from .names import clean_name
from .settings import Settings
from .setup import SeatSpec, TableSetup
from .tableid import TableId
from .tables import game_catalogue

router = APIRouter(prefix="/api", tags=["lobby"])

OptionValue = StrictBool | StrictInt | StrictStr


class SeatIn(BaseModel):
    kind: Literal["human", "bot"]
    level: str | None = Field(default=None, max_length=32)


class ClockIn(BaseModel):
    mode: Literal["move", "correspondence", "bank"]
    seconds: int = Field(ge=1, le=10_000_000)
    """Seconds each move may take, or a time bank's base time
    (:mod:`spieltisch.table.turnclock` gives the ranges)."""
    increment: int = Field(default=0, ge=0, le=10_000_000)
    """A time bank's seconds added after each of a seat's turns (Fischer)."""


class CreateIn(BaseModel):
    game: str = Field(max_length=32)
    options: dict[Annotated[str, Field(max_length=40)], OptionValue] = Field(
        default_factory=dict, max_length=20
    )
    seats: list[SeatIn] = Field(min_length=1, max_length=8)
    name: str | None = Field(default=None, max_length=80)
    """The creator's display name; given, the creator takes the first human seat."""
    spectator_chat: Literal["none", "read", "write"] = "none"
    """Whether spectators read the table's chat, and may also write (:mod:`.chat`)."""
    clock: ClockIn | None = None
    """A turn clock: a person who takes longer over a move has his seat played by a bot
    until he takes it back; ``None``, the default, lets everyone think as long as he
    likes. Only for games with turns."""
    player: str | None = Field(default=None, max_length=120)
    """The creator's player key (``<player id>.<key>``, :mod:`.players`): his seat is
    his player's, and the game counts for his profile."""
    rated: bool | None = None
    """Whether the game changes its players' ratings; by default, when the creator is a
    player and the game is turn-based (:mod:`.ratings`)."""
    tips: bool = False
    """Whether each seat may ask for the rules bot's move (:mod:`.tips`); the first game
    after a lesson. Never with ``rated``, never for a game without turns."""

    _name = field_validator("name")(lambda v: None if v is None else clean_name(v))


class JoinIn(BaseModel):
    name: str = Field(max_length=80)
    seat: int | None = Field(default=None, ge=0, lt=8)
    player: str | None = Field(default=None, max_length=120)
    """The joining player's key, as for :class:`CreateIn`."""

    _name = field_validator("name")(lambda v: clean_name(v))


class SeatBotIn(BaseModel):
    level: str | None = Field(default=None, max_length=32)
    """A bot level, or ``None`` to give the seat back to its human."""


@router.get("/games", **S.answers(list[S.GameInfo]))
async def list_games() -> list[dict[str, Any]]:
    return game_catalogue()


@router.get("/games/{game}/rules", **S.answers(S.GameRules, S.E.GAME_UNKNOWN))
async def game_rules(game: Annotated[str, Path(max_length=32)]) -> dict[str, Any]:
    """The table's rules panel: the game's summary, reference and legends, and every rule
    text a refusal may cite, per language, all from the game's own package."""
    info = load(game).info
    guide = info.guide.to_json(info.rule_texts) if info.guide else {}
    lesson = info.faces.tutorial is not None
    return {"game": info.name, "title": info.title, "lesson": lesson, **guide}


@router.get("/server", **S.answers(S.ServerInfo))
async def server_info(request: Request) -> dict[str, str | float | None]:
    """Where invite links point: a configured public address, else the LAN address
    (for pages opened as ``localhost``), else the browser's own origin."""
    settings: Settings = request.app.state.settings
    return {
        "public_url": settings.public_url,
        "lan_url": settings.lan_url,
        "open_table_ttl": settings.open_table_ttl,
    }


@router.post(
    "/tables",
    status_code=201,
    **S.answers(
        S.Created,
        *S.WRITES,
        S.E.GAME_UNKNOWN,
        S.E.GAME_INVALID_OPTION,
        S.E.GAME_INVALID_PLAYERS,
        S.E.GAME_INVALID_SETUP,
        S.E.BOT_UNKNOWN_LEVEL,
        S.E.TABLE_NO_HUMAN_SEAT,
        S.E.TABLE_TOO_MANY_OPEN,
        S.E.TABLE_CLOCK_INVALID,
        S.E.TABLE_CLOCK_NOT_TURNS,
        S.E.RATING_UNRATED_GAME,
        S.E.RATING_UNANCHORED_LEVEL,
        S.E.HINT_TIPS_RATED,
        S.E.HINT_TIPS_REALTIME,
        S.E.PLAYER_BAD_KEY,
        S.E.PLAYER_NAME_BANNED,
    ),
)
async def create_table(
    body: CreateIn, request: Request, manager: Manager, _: WriteLimit
) -> dict[str, Any]:
    players.check_rated(body.game, body.rated)
    player = await players.who(manager, body.player)
    setup, game = TableSetup.build(
        body.game,
        dict(body.options),
        [SeatSpec(s.kind, s.level) for s in body.seats],
        clock=None
        if body.clock is None
        else (body.clock.mode, body.clock.seconds, body.clock.increment),
        chat=body.spectator_chat,
        rated=body.rated,
        by_player=player is not None,
        tips=body.tips,
    )
    address = request.client.host if request.client else None
    created = await manager.create_from(setup, game, body.name, address)
    await players.seated(manager, created.table["id"], created.seat, player)
    return {
        "table": created.table,
        "host_token": created.host_token,
        "seat": created.seat,
        "seat_token": created.seat_token,
    }


@router.get("/tables", **S.answers(list[S.TableSummary]))
async def list_tables(
    manager: Manager,
    status: Annotated[
        list[Literal["open", "running", "finished", "abandoned", "broken", "expired", "closed"]]
        | None,
        Query(),
    ] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    table_id: Annotated[
        list[Annotated[str, Field(max_length=32)]] | None, Query(alias="id", max_length=100)
    ] = None,
) -> list[dict[str, Any]]:
    """A page of tables, most recently changed first (ask ``limit + 1`` to learn whether
    there is another page); with ``id``, those tables in any status (a browser's own)."""
    if table_id:
        return await manager.tables_by_id(list(table_id))
    statuses: list[str] = list(status) if status else ["open", "running"]
    return await manager.list_tables(statuses, limit, offset)


@router.get("/tables/{table_id}", **S.answers(S.TableSummary, *S.TABLE))
async def get_table(table_id: TableId, manager: Manager) -> dict[str, Any]:
    return await manager.get(table_id)


@router.post(
    "/tables/{table_id}/join",
    **S.answers(
        S.Joined,
        *S.WRITES,
        *S.TABLE,
        S.E.TABLE_NOT_OPEN,
        S.E.TABLE_FULL,
        S.E.TABLE_SEAT_TAKEN,
        S.E.TABLE_NO_SUCH_SEAT,
        S.E.TABLE_EXPIRED,
        S.E.TABLE_CLOSED,
        S.E.PLAYER_BAD_KEY,
        S.E.PLAYER_NAME_BANNED,
    ),
)
async def join_table(
    table_id: TableId, body: JoinIn, manager: Manager, _: WriteLimit
) -> dict[str, Any]:
    player = await players.who(manager, body.player)
    seat, token = await manager.join(table_id, body.name, body.seat)
    await players.seated(manager, table_id, seat, player)
    return {"seat": seat, "seat_token": token, "table": await manager.get(table_id)}


@router.post(
    "/tables/{table_id}/seats/{seat}/claim",
    **S.answers(
        S.Claimed,
        *S.WRITES,
        *S.TABLE,
        S.E.AUTH_MISSING_TOKEN,
        S.E.PLAYER_BAD_KEY,
        S.E.TABLE_NO_SUCH_SEAT,
        S.E.TABLE_SEAT_NOT_YOURS,
        S.E.TABLE_SEAT_GUEST,
    ),
)
async def claim_seat(
    table_id: TableId,
    seat: Annotated[int, Path(ge=0, lt=8)],
    player: players.CurrentPlayer,
    manager: Manager,
    _: WriteLimit,
) -> dict[str, Any]:
    """A signed-in player's own seat on this device (his player key as the bearer): a
    fresh seat token for this browser, beside the ones his other devices hold."""
    taken, token = await manager.claim(table_id, seat, player.id)
    return {"seat": taken, "seat_token": token}


@router.post(
    "/tables/{table_id}/seats/{seat}/bot",
    **S.answers(
        S.TableSummary,
        *S.WRITES,
        *S.TABLE,
        S.E.AUTH_MISSING_TOKEN,
        S.E.AUTH_NOT_HOST,
        S.E.BOT_UNKNOWN_LEVEL,
        S.E.TABLE_NO_SUCH_SEAT,
        S.E.TABLE_NOT_RUNNING,
        S.E.TABLE_SEAT_IN_USE,
        S.E.TABLE_SEAT_IS_BOT,
        S.E.TABLE_SEAT_RESIGNED,
        S.E.TABLE_NOT_LIVE,
    ),
)
async def seat_to_bot(
    table_id: TableId, seat: int, body: SeatBotIn, manager: Manager, token: Bearer, _: WriteLimit
) -> dict[str, Any]:
    return await manager.set_seat_bot(table_id, token, seat, body.level)


@router.post(
    "/tables/{table_id}/seats/{seat}/human",
    **S.answers(
        S.TableSummary,
        *S.WRITES,
        *S.TABLE,
        S.E.AUTH_MISSING_TOKEN,
        S.E.AUTH_BAD_TOKEN,
        S.E.TABLE_NO_SUCH_SEAT,
        S.E.TABLE_NOT_RUNNING,
        S.E.TABLE_SEAT_RESIGNED,
        S.E.TABLE_NOT_LIVE,
    ),
)
async def seat_to_human(
    table_id: TableId, seat: int, manager: Manager, token: Bearer, _: WriteLimit
) -> dict[str, Any]:
    """The seat's own player (its seat token) takes the seat back from a bot."""
    return await manager.take_back_with_token(table_id, seat, token)


@router.post(
    "/tables/{table_id}/seats/{seat}/tip",
    **S.answers(
        S.Tip,
        *S.WRITES,
        *S.TABLE,
        S.E.AUTH_MISSING_TOKEN,
        S.E.AUTH_BAD_TOKEN,
        S.E.TABLE_NOT_LIVE,
        S.E.TABLE_NOT_RUNNING,
        S.E.HINT_TIPS_RATED,
        S.E.HINT_TIPS_OFF,
        S.E.HINT_NOT_YOUR_TURN,
    ),
)
async def seat_tip(
    table_id: TableId, seat: int, manager: Manager, token: Bearer, _: WriteLimit
) -> dict[str, Any]:
    """What the game's rules bot would play for ``seat`` now (the seat's token only):
    ``action`` in the game's notation, for the view after ``ply`` actions."""
    return await manager.tip(table_id, seat, token)


@router.get("/tables/{table_id}/tips", **S.answers(S.TipsOn, *S.TABLE))
async def table_tips(table_id: TableId, manager: Manager) -> dict[str, bool]:
    """Whether the table gives tips (its page shows the "Tipp" button then)."""
    return {"tips": await manager.tips.on(table_id)}


@router.post(
    "/tables/{table_id}/close",
    **S.answers(
        S.TableSummary,
        *S.WRITES,
        *S.TABLE,
        S.E.AUTH_MISSING_TOKEN,
        S.E.AUTH_NOT_HOST,
        S.E.TABLE_NOT_OPEN,
    ),
)
async def close_table(
    table_id: TableId, manager: Manager, token: Bearer, _: WriteLimit
) -> dict[str, Any]:
    """The host (its host token) closes a table nobody has started playing."""
    return await manager.close_open(table_id, token)


@router.get(
    "/tables/{table_id}/replay/{ply}",
    **S.answers(
        S.ReplayStep,
        *S.TABLE,
        S.E.TABLE_NOT_FINISHED,
        S.E.REPLAY_BAD_PLY,
        S.E.REPLAY_NOT_YOUR_SEAT,
        S.E.AUTH_MISSING_TOKEN,
    ),
)
async def replay_step(
    table_id: TableId,
    ply: int,
    manager: Manager,
    request: Request,
    seat: Annotated[int | None, Query(ge=0, le=64)] = None,
) -> dict[str, Any]:
    """A finished game after ``ply`` actions as a spectator saw it; ``?seat=N`` as seat N
    saw it (its hand), for N's own player only: his seat token or player key as
    ``Authorization: Bearer``."""
    if seat is not None:
        await seatview.check_seat_viewer(manager, table_id, seat, request)
    return await manager.replay_step(table_id, ply, seat)
