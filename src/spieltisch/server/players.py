"""Players: an identity that lasts across tables and browsers, without an email.

A player is a name plus a secret key the browser keeps. The key is 32 random bytes
(``secrets.token_urlsafe(32)``), stored only as its SHA-256 like a seat token, and always
travels as ``<player id>.<key>`` in an ``Authorization: Bearer`` header or a request
body, never in a URL (URLs end up in logs and browser history). That same text is the
*export code*: pasted into another browser it restores the identity there.

A player may also set a password (argon2id, :mod:`argon2`), so he can sign in by name
and password on a new device; each such sign-in issues a new key for that device.
Password attempts are rate-limited per (name, address) pair and per address (in each
process), never per name alone: strangers guessing from elsewhere cannot lock the owner
out of his own address, and the key never waits at all. An unknown name costs the same
argon2 work as a wrong password.
"""

from __future__ import annotations

import asyncio
import logging
from importlib import resources
from pathlib import Path as Path_
from typing import Annotated, Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field, field_validator

from spieltisch.store import Store
from spieltisch.store.moderation import Moderation
from spieltisch.store.players import Credentials, NameTaken, PlayerRecord, Players, name_key

from . import schemas as S
from .deps import Manager, WriteLimit
from .errors import ApiError, ErrorCode
from .names import clean_name, confusable
from .ratings import display, ratable
from .security import KeyedLimiter, hash_matches, hash_token, new_token
from .security import new_table_id as new_player_id
from .tables import TableManager

log = logging.getLogger("spieltisch.players")

router = APIRouter(prefix="/api/players", tags=["players"])

PASSWORDS = PasswordHasher()
"""argon2id with the library's defaults (RFC 9106's second recommended setting)."""

_DUMMY_HASH = PASSWORDS.hash("no player has this password")
"""Verified against for unknown names, so the answer takes as long as for a wrong
password and does not tell which names exist by its timing."""

MIN_PASSWORD, MAX_PASSWORD = 8, 200
PROFILE_GAMES = 50
"""Finished games a profile lists."""

SIGN_IN_RATE, SIGN_IN_BURST = 1 / 60, 5
"""Password attempts per name from one address: five at once, then one a minute."""

ADDRESS_RATE, ADDRESS_BURST = 5 / 60, 20
"""Password attempts per address, whatever the names: twenty at once, then five a
minute."""


def _clean_name(value: str) -> str:
    return clean_name(value)


class NewPlayerIn(BaseModel):
    name: str = Field(max_length=80)
    password: str | None = Field(default=None, max_length=MAX_PASSWORD)

    _name = field_validator("name")(lambda v: _clean_name(v))


class SignInIn(BaseModel):
    name: str = Field(max_length=80)
    password: str = Field(max_length=MAX_PASSWORD)


class PasswordIn(BaseModel):
    password: str | None = Field(default=None, max_length=MAX_PASSWORD)
    """The new password; ``None`` removes it (then only keys sign in)."""


def _limiters(request: Request) -> tuple[KeyedLimiter, KeyedLimiter]:
    state = request.app.state
    if not hasattr(state, "sign_in_limiters"):
        state.sign_in_limiters = (
            KeyedLimiter(SIGN_IN_RATE, SIGN_IN_BURST),
            KeyedLimiter(ADDRESS_RATE, ADDRESS_BURST),
        )
    limiters: tuple[KeyedLimiter, KeyedLimiter] = state.sign_in_limiters
    return limiters


def split_key(code: str) -> tuple[str, str]:
    """``<player id>.<key>`` into its parts.

    :raises ApiError: anything else (``player/bad_key``).
    """
    player_id, sep, key = code.strip().partition(".")
    if not sep or not 1 <= len(player_id) <= 16 or not 20 <= len(key) <= 100:
        raise ApiError(ErrorCode.PLAYER_BAD_KEY, "a player key is '<player id>.<key>'")
    return player_id, key


def _check_key(found: Credentials | None, key: str) -> PlayerRecord:
    """Timing-safe: every stored key of the player is compared in full."""
    digest = hash_token(key)
    ok = False
    for stored in found.key_hashes if found else ():
        ok |= hash_matches(digest, stored)
    if found is None or not ok:
        raise ApiError(ErrorCode.PLAYER_BAD_KEY, "this key is not the player's")
    return found.player


async def authenticate(store: Store, code: str) -> PlayerRecord:
    """The player a ``<player id>.<key>`` code belongs to.

    :raises ApiError: a malformed code, an unknown player or a wrong key (one code for
        all three, so a guess learns nothing).
    """
    player_id, key = split_key(code)
    found = await asyncio.to_thread(Players(store).credentials, player_id)
    player = _check_key(found, key)
    await refuse_banned(store, player.name)
    return player


async def refuse_banned(store: Store, name: str) -> None:
    """:raises ApiError: a moderator banned ``name`` (``player/name_banned``)."""
    if await asyncio.to_thread(Moderation(store).is_banned, name):
        raise ApiError(ErrorCode.PLAYER_NAME_BANNED, f"the name {name!r} is banned")


def _bearer_code(request: Request) -> str:
    scheme, _, code = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not code.strip():
        raise ApiError(ErrorCode.AUTH_MISSING_TOKEN, "send 'Authorization: Bearer <player key>'")
    return code.strip()


async def current_player(request: Request, manager: Manager) -> PlayerRecord:
    return await authenticate(manager.store, _bearer_code(request))


CurrentPlayer = Annotated[PlayerRecord, Depends(current_player)]


def _public(player: PlayerRecord) -> dict[str, Any]:
    return {"id": player.id, "name": player.name, "has_password": player.has_password}


def _hash_password(password: str) -> str:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ApiError(
            ErrorCode.PLAYER_WEAK_PASSWORD, f"a password has at least {MIN_PASSWORD} characters"
        )
    return PASSWORDS.hash(password)


@router.post(
    "",
    status_code=201,
    **S.answers(
        S.PlayerWithKey,
        *S.WRITES,
        S.E.PLAYER_NAME_CONFUSABLE,
        S.E.PLAYER_NAME_TAKEN,
        S.E.PLAYER_NAME_BANNED,
        S.E.PLAYER_WEAK_PASSWORD,
    ),
)
async def create_player(body: NewPlayerIn, manager: Manager, _: WriteLimit) -> dict[str, Any]:
    """A new player; the answer's ``key`` is the only time the key is shown.

    :raises ApiError: a name mixing look-alike scripts (``player/name_confusable``: a
        Cyrillic ``а`` in a Latin name passes for somebody else), a name taken.
    """
    if confusable(body.name):
        raise ApiError(ErrorCode.PLAYER_NAME_CONFUSABLE, "the name mixes look-alike scripts")
    await refuse_banned(manager.store, body.name)
    password_hash = None
    if body.password:
        password_hash = await asyncio.to_thread(_hash_password, body.password)
    key, player_id = new_token(), new_player_id()
    try:
        player = await asyncio.to_thread(
            Players(manager.store).create, player_id, body.name, hash_token(key), password_hash
        )
    except NameTaken as exc:
        raise ApiError(ErrorCode.PLAYER_NAME_TAKEN, f"{body.name!r} is taken") from exc
    log.info("player created", extra={"player": player.id})
    return {"player": _public(player), "key": f"{player.id}.{key}"}


@router.post(
    "/session",
    **S.answers(
        S.PlayerAnswer,
        *S.WRITES,
        S.E.AUTH_MISSING_TOKEN,
        S.E.PLAYER_BAD_KEY,
        S.E.PLAYER_NAME_BANNED,
    ),
)
async def sign_in_with_key(player: CurrentPlayer, _: WriteLimit) -> dict[str, Any]:
    """Check a key (an imported export code) and say whose it is."""
    return {"player": _public(player)}


@router.post(
    "/login",
    **S.answers(
        S.PlayerWithKey,
        *S.WRITES,
        S.E.PLAYER_SIGN_IN_LIMITED,
        S.E.PLAYER_BAD_LOGIN,
        S.E.PLAYER_NAME_BANNED,
    ),
)
async def sign_in(
    body: SignInIn, request: Request, manager: Manager, _: WriteLimit
) -> dict[str, Any]:
    """Name and password: a new key for this device.

    The limits count per (name, address) pair and per address, never per name alone:
    a name's owner signs in from his own address however many strangers guess his
    password from theirs. Every attempt that passes them costs one argon2 verification,
    for an unknown name or a player without a password too (against a dummy hash), so
    the answer's timing does not tell which names exist.

    :raises ApiError: too many attempts for the name from this address or from the
        address; a wrong name or password (one code for both).
    """
    by_pair, by_address = _limiters(request)
    address = request.client.host if request.client else "?"
    if not by_pair.take(f"{name_key(body.name)}\x00{address}") or not by_address.take(address):
        raise ApiError(ErrorCode.PLAYER_SIGN_IN_LIMITED, "too many sign-in attempts; wait")
    found = await asyncio.to_thread(Players(manager.store).credentials_by_name, body.name)
    stored = found.password_hash if found is not None else None
    if not await asyncio.to_thread(verify_password, stored, body.password) or found is None:
        log.info("sign-in refused")  # neither the name nor the password is logged
        raise ApiError(ErrorCode.PLAYER_BAD_LOGIN, "wrong name or password")
    await refuse_banned(manager.store, found.player.name)
    key = new_token()
    await asyncio.to_thread(Players(manager.store).add_key, found.player.id, hash_token(key))
    log.info("player signed in", extra={"player": found.player.id})
    return {"player": _public(found.player), "key": f"{found.player.id}.{key}"}


def verify_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` matches ``stored``; without a stored hash (an unknown name, a
    player without a password) the dummy hash is verified all the same and the answer is
    no, so every refusal costs the same argon2 work."""
    try:
        matches = PASSWORDS.verify(stored or _DUMMY_HASH, password)
    except (VerificationError, InvalidHashError):
        return False
    return bool(matches) and stored is not None


@router.put(
    "/me/password",
    **S.answers(
        S.PlayerAnswer,
        *S.WRITES,
        S.E.AUTH_MISSING_TOKEN,
        S.E.PLAYER_BAD_KEY,
        S.E.PLAYER_NAME_BANNED,
        S.E.PLAYER_WEAK_PASSWORD,
    ),
)
async def set_password(
    body: PasswordIn, player: CurrentPlayer, manager: Manager, _: WriteLimit
) -> dict[str, Any]:
    password_hash = None
    if body.password:
        password_hash = await asyncio.to_thread(_hash_password, body.password)
    await asyncio.to_thread(Players(manager.store).set_password, player.id, password_hash)
    updated = await asyncio.to_thread(Players(manager.store).get, player.id)
    assert updated is not None
    return {"player": _public(updated)}


class RotateKeyIn(BaseModel):
    everywhere: bool = False
    """Revoke every key of the player (each device that signed in with the password),
    not only the one this request carries."""


@router.post(
    "/me/key",
    **S.answers(
        S.PlayerWithKey,
        *S.WRITES,
        S.E.AUTH_MISSING_TOKEN,
        S.E.PLAYER_BAD_KEY,
        S.E.PLAYER_NAME_BANNED,
    ),
)
async def rotate_key(
    request: Request, manager: Manager, _: WriteLimit, body: RotateKeyIn | None = None
) -> dict[str, Any]:
    """A new key in place of the one this request carries, which stops working at once
    (with ``everywhere``: in place of all of them); the answer's ``key`` is the only
    time the new key is shown. A leaked export code is revoked so.

    :raises ApiError: a key that is not the player's (``player/bad_key``).
    """
    code = _bearer_code(request)
    player = await authenticate(manager.store, code)
    old = split_key(code)[1]
    key = new_token()
    everywhere = body is not None and body.everywhere
    replace = Players(manager.store).replace_key
    if not await asyncio.to_thread(
        lambda: replace(player.id, hash_token(old), hash_token(key), everywhere=everywhere)
    ):
        raise ApiError(ErrorCode.PLAYER_BAD_KEY, "this key is not the player's")
    log.info("player key rotated", extra={"player": player.id, "everywhere": everywhere})
    return {"player": _public(player), "key": f"{player.id}.{key}"}


MY_TABLES = 30
"""Tables ``/me/tables`` lists: the running and open ones and the last finished ones."""


@router.get("/me/tables", **S.answers(list[S.MyTable], S.E.AUTH_MISSING_TOKEN, S.E.PLAYER_BAD_KEY))
async def my_tables(player: CurrentPlayer, manager: Manager) -> list[dict[str, Any]]:
    """The tables the player has a seat at, whichever device he signed in on, each with
    his ``seat`` (claimed for a device by ``POST /api/tables/{id}/seats/{seat}/claim``)."""
    seats = dict(await asyncio.to_thread(Players(manager.store).seat_tables, player.id, MY_TABLES))
    return [{**tb, "seat": seats[tb["id"]]} for tb in await manager.tables_by_id(list(seats))]


@router.get("/{player_id}", **S.answers(S.Profile, S.E.PLAYER_NOT_FOUND))
async def profile(
    player_id: Annotated[str, Path(max_length=16)], manager: Manager
) -> dict[str, Any]:
    """A player's public profile: ratings per game and his finished games, newest first."""
    return await asyncio.to_thread(build_profile, manager, player_id)


def build_profile(manager: TableManager, player_id: str) -> dict[str, Any]:
    store = manager.store
    players = Players(store)
    player = players.get(player_id)
    if player is None:
        raise ApiError(ErrorCode.PLAYER_NOT_FOUND, f"there is no player {player_id!r}")
    seats = players.finished_tables(player_id, PROFILE_GAMES)
    ids = [tid for tid, _ in seats]
    records = {r.id: r for r in store.get_tables(ids)}
    links = players.links_of_tables(ids)
    names = players.names(sorted({p for seat in links.values() for p in seat.values()}))
    changes = players.changes(ids)
    rated = players.rated_flags(ids)
    games = []
    totals: dict[str, dict[str, int]] = {}
    for tid, seat in seats:
        record = records.get(tid)
        if record is None or record.result is None:
            continue
        ranks = list(record.result["ranks"])
        opponents = []
        for s in record.seats:
            if s.seat == seat:
                continue
            other = links.get(tid, {}).get(s.seat)
            opponents.append(
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "level": s.level,
                    "name": names.get(other, s.name) if other else s.name,
                    "player": other,
                    "rank": ranks[s.seat],
                }
            )
        rank = ranks[seat]
        outcome = "win" if rank == 1 and ranks.count(1) == 1 else "draw" if rank == 1 else "loss"
        change = changes.get((tid, seat))
        games.append(
            {
                "table": tid,
                "game": record.game,
                "seat": seat,
                "finished_at": record.updated_at.isoformat(),
                "rank": rank,
                "players": record.players,
                "score": record.result["scores"][seat],
                "outcome": outcome,
                # Rated only when it counted: a table asked to be rated that was not
                # (a bot level without an anchor, an earlier server) says so.
                "rated": rated.get(tid, False) and change is not None,
                "rating": None
                if change is None
                else {
                    "before": display(change.mu_before, change.sigma_before),
                    "after": display(change.mu_after, change.sigma_after),
                },
                "opponents": opponents,
                "replay": f"/replay/{tid}",
                "review": f"/replay/{tid}?review={seat}",
            }
        )
        total = totals.setdefault(record.game, {"games": 0, "wins": 0, "draws": 0, "losses": 0})
        total["games"] += 1
        total[{"win": "wins", "draw": "draws", "loss": "losses"}[outcome]] += 1
    ratings = {
        r.game: {"rating": display(r.mu, r.sigma), "mu": r.mu, "sigma": r.sigma, "games": r.games}
        for r in players.player_ratings(player_id)
    }
    return {
        "player": {"id": player.id, "name": player.name, "since": player.created_at.isoformat()},
        "ratings": ratings,
        "results": totals,
        "games": games,
    }


# -- seats of players, for the lobby's routes ----------------------------------------------
async def who(manager: TableManager, code: str | None) -> PlayerRecord | None:
    """The player a create or join request names (``None`` for a guest); checked before
    anything is created, so a bad key refuses the request instead of seating a guest."""
    return None if code is None else await authenticate(manager.store, code)


async def seated(
    manager: TableManager,
    table_id: str,
    seat: int | None,
    player: PlayerRecord | None,
    rated: bool | None = None,
    game: str | None = None,
) -> None:
    """After a create or join: link the seat to its player, and for a new table (its
    ``game`` given) store whether it is rated: as asked, else rated when its creator is
    a player and the game is turn-based.

    :raises ApiError: ``rated`` asked for a game that is not rated.
    """
    players = Players(manager.store)
    if player is not None and seat is not None:
        await asyncio.to_thread(players.link_seat, table_id, seat, player.id)
    if game is not None:
        chosen = rated if rated is not None else player is not None and ratable(game)
        await asyncio.to_thread(players.set_rated, table_id, bool(chosen) and ratable(game))


async def carry_seat(manager: TableManager, previous: str, next_id: str, seat: int) -> None:
    """A rematch seat is its player's again: the player of ``seat`` at ``previous`` (if
    the seat had one) sits in the same seat of rematch ``next_id``."""
    links = await asyncio.to_thread(Players(manager.store).seat_players, previous)
    if seat in links:
        await asyncio.to_thread(Players(manager.store).link_seat, next_id, seat, links[seat])


def check_rated(game: str, rated: bool | None) -> None:
    """:raises ApiError: a rated table asked for a game that is not rated."""
    if rated and not ratable(game):
        raise ApiError(ErrorCode.RATING_UNRATED_GAME, f"games of {game} are not rated")


# -- pages -----------------------------------------------------------------------------------
pages = APIRouter(include_in_schema=False)
INDEX = Path_(str(resources.files("spieltisch") / "web" / "index.html"))


@pages.get("/p/{player_id}")
async def profile_page(player_id: str) -> FileResponse:
    """A player's profile (``web/players.js`` draws it from :func:`profile`)."""
    return FileResponse(INDEX)


@pages.get("/players")
async def identity_page() -> FileResponse:
    """Where a browser makes, imports or signs in to its player."""
    return FileResponse(INDEX)


@pages.get("/ratings/{game}")
async def leaderboard_page(game: str) -> FileResponse:
    return FileResponse(INDEX)
