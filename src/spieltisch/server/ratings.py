"""One rating scale per game for players and bot levels, and the leaderboards.

Ratings are openskill's Plackett-Luce model, the one the arena rates bots with. Bot
levels are anchored: their ratings come from a tournament of all levels
(``arena/anchors.json``, :mod:`spieltisch.arena.anchors`) and do not move when they
play people. Players start at openskill's default (mu 25, sigma 25/3) and learn from
every finished *rated* game (:func:`table_finished`).

What people see is one number on one scale for bots and players alike: the
conservative estimate mu - 3 sigma (openskill's ``ordinal``), shown as
``1000 + 40 × (mu − 3 sigma)`` rounded (:func:`display`). A new player shows 1000 and
climbs as games make his sigma shrink; a player is ranked above a bot only once the
games show he is better with some certainty.

A rating must be played for, not farmed (:func:`unrated_because`): only players and
anchored bots are rated opponents (a guest seat makes a game unrated: anyone can fill
one, also its own opponent), one player never meets himself, and every player's seat
must have made a move of its own (not a stand-in bot's, not a resignation) - a game
given up before it began says nothing. Repeated games of the same two players count
less and less within a day (:func:`repeat_weight`), so two accounts of one person
feeding each other wins gain a bounded amount.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import pathlib
import threading
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request

from spieltisch.arena.anchors import ANCHORS_FILE, read_anchors
from spieltisch.engine import Dynamics, UnknownGame, game_class, game_names
from spieltisch.engine.resign import read_resign
from spieltisch.store import Store, TableRecord
from spieltisch.store.players import Players, Rated, RatingRecord

from . import schemas as S
from .botplies import BotPlies
from .errors import ApiError, ErrorCode

log = logging.getLogger("spieltisch.ratings")

router = APIRouter(prefix="/api/ratings", tags=["ratings"])

MU, SIGMA = 25.0, 25.0 / 3
"""openskill's defaults: where a new player (and a guest at a rated table) starts."""

SCALE_BASE, SCALE_FACTOR = 1000.0, 40.0
"""The displayed scale: ``SCALE_BASE + SCALE_FACTOR × (mu − 3 sigma)``."""

LEADERBOARD_SIZE = 100

REPEAT_WINDOW = timedelta(hours=24)
"""How far back rated games of the same two players are counted (a rolling day)."""
FULL_REPEATS = 3
"""Rated games of the same two players within the window that count fully; each one
after them counts half as much as the one before (:func:`repeat_weight`)."""

_RATE_LOCK = threading.Lock()
"""One rating transaction at a time in this process: SQLite cannot lock rows, and two
games of one player ending at once must not both start from his old rating. Between
processes (PostgreSQL) the rows are locked for update."""


def display(mu: float, sigma: float) -> int:
    """The rating people see.

    >>> display(25.0, 25.0 / 3)
    1000
    >>> display(30.0, 2.0)
    1960
    """
    return round(SCALE_BASE + SCALE_FACTOR * (mu - 3 * sigma))


def ratable(game: str) -> bool:
    """Whether games of ``game`` may be rated: turn-based games only. Halli Galli's
    bell is a race of reaction times, which measures the connection and the device as
    much as the player, and its bots' speed is a setting, not a strength."""
    try:
        return game_class(game).info.dynamics is Dynamics.TURN_BASED
    except UnknownGame:
        return False


_anchors_file: pathlib.Path = ANCHORS_FILE
"""The anchors this process rates with: the setting ``anchors_file`` of its app."""


def use_anchors(path: pathlib.Path | None) -> None:
    """Rate with the anchors in ``path`` (``None``: the shipped file) from now on. The
    anchors are the process's, like its package: one app sets them as it starts."""
    global _anchors_file
    _anchors_file = path or ANCHORS_FILE
    anchors.cache_clear()


@functools.cache
def anchors() -> dict[str, dict[str, tuple[float, float]]]:
    """Per game and bot level, the anchored ``(mu, sigma)`` (read once per process)."""
    doc = read_anchors(_anchors_file)
    return {
        game: {level: (float(v["mu"]), float(v["sigma"])) for level, v in entry["levels"].items()}
        for game, entry in doc["games"].items()
    }


def bot_rating(game: str, level: str | None) -> tuple[float, float] | None:
    return anchors().get(game, {}).get(level or "")


def anchored(game: str, level: str | None) -> bool:
    """Whether ``level``'s strength in ``game`` is measured (an anchor): only then does a
    game against it count for a rating."""
    return bot_rating(game, level) is not None


def repeat_weight(previous: int) -> float:
    """How much a rated game counts for a player who has played ``previous`` rated games
    against the same opponent within :data:`REPEAT_WINDOW`: fully for the first
    :data:`FULL_REPEATS`, then half as much as the game before. However many games two
    accounts play, together they move a rating by at most ``FULL_REPEATS + 1`` games'
    worth a day.

    >>> [repeat_weight(n) for n in range(6)]
    [1.0, 1.0, 1.0, 0.5, 0.25, 0.125]
    """
    return 0.5 ** max(0, previous + 1 - FULL_REPEATS)


def scaled(
    new: Mapping[int, tuple[float, float]], seats: list[Rated], weights: Mapping[str, float]
) -> dict[int, tuple[float, float]]:
    """The new ratings with each player's change (mu and sigma) scaled by his weight."""
    out = dict(new)
    for s in seats:
        weight = weights.get(s.player_id or "", 1.0)
        if s.seat in out and weight < 1.0:
            mu, sigma = out[s.seat]
            out[s.seat] = (s.mu + weight * (mu - s.mu), s.sigma + weight * (sigma - s.sigma))
    return out


def unrated_because(
    record: TableRecord, linked: Mapping[int, str], actions: list[dict[str, Any]], plies: BotPlies
) -> str | None:
    """Why the finished game ``record`` must not be rated, or ``None`` when it may be.

    ``linked`` maps seats to their players, ``actions`` is the game's record and
    ``plies`` says which of its moves a bot made for a person.
    """
    if not linked:
        return "no player"
    for s in record.seats:
        if s.seat not in linked and (s.kind != "bot" or s.name is not None):
            return "a guest seat"  # a person without identity, or his stand-in bot
    if len(set(linked.values())) != len(linked):
        return "a player in two seats"
    if len(record.seats) < 2:
        return "one seat"
    moved = {
        a["seat"]
        for ply, a in enumerate(actions)
        if read_resign(a["action"]) is None and plies.level(a["seat"], ply) is None
    }
    if any(seat not in moved for seat in linked):
        return "a player made no move of his own"
    return None


def rate(game: str, result: dict[str, Any], seats: list[Rated]) -> dict[int, tuple[float, float]]:
    """New ratings of the players' seats after a game with ``result`` (its ranks).

    Every seat is its own team: the games' results rank seats, and Hydra's parties
    change from deal to deal within a match, so its result ranks seats by match total.
    A player in two seats of one game is not rated (he could feed himself wins).
    """
    from openskill.models import PlackettLuce

    players = [s.player_id for s in seats if s.player_id is not None]
    if len(players) != len(set(players)) or len(seats) < 2:
        return {}
    ranks = [int(r) for r in result["ranks"]]
    model = PlackettLuce()
    teams = [[model.rating(mu=s.mu, sigma=s.sigma)] for s in seats]
    new = model.rate(teams, ranks=[ranks[s.seat] for s in seats])
    return {
        s.seat: (float(team[0].mu), float(team[0].sigma))
        for s, team in zip(seats, new, strict=True)
        if s.player_id is not None
    }


def rate_finished(store: Store, record: TableRecord) -> int:
    """Rate finished table ``record`` if it is rated and may be (:func:`unrated_because`);
    returns how many players' ratings changed (0 also when another process rated it
    first)."""
    players = Players(store)
    if record.result is None or not ratable(record.game) or not players.is_rated(record.id):
        return 0
    linked = players.seat_players(record.id)
    if not linked:
        return 0
    plies = BotPlies(record, store.seat_spans(record.id))
    reason = unrated_because(record, linked, store.actions(record.id), plies)
    if reason is not None:
        log.info("game not rated: %s", reason, extra={"table": record.id})
        return 0
    seats: dict[int, str | None] = {}
    fixed: dict[int, tuple[float, float]] = {}
    for s in record.seats:
        seats[s.seat] = linked.get(s.seat)
        if s.seat in linked:
            continue
        anchored = bot_rating(record.game, s.level)
        if anchored is None:  # a level not measured yet: its strength would be a guess
            log.info("game not rated: unanchored bot", extra={"table": record.id})
            return 0
        fixed[s.seat] = anchored
    with _RATE_LOCK:
        weights = repeat_weights(players, record.game, sorted(set(linked.values())))

        def weighted(
            game: str, result: dict[str, Any], rated: list[Rated]
        ) -> dict[int, tuple[float, float]]:
            return scaled(rate(game, result, rated), rated, weights)

        changes = players.rate_table(
            record.id, record.game, record.result, seats, fixed, (MU, SIGMA), weighted
        )
    return len(changes)


def repeat_weights(players: Players, game: str, player_ids: list[str]) -> dict[str, float]:
    """Each player's weight for a game against the others in ``player_ids``: set by the
    opponent he has met most often within :data:`REPEAT_WINDOW`."""
    since = datetime.now(UTC) - REPEAT_WINDOW
    met = players.pair_games(game, player_ids, since)
    return {
        p: repeat_weight(max((met.get((p, q), 0) for q in player_ids if q != p), default=0))
        for p in player_ids
    }


async def table_finished(store: Store, table_id: str) -> None:
    """The hook for a table that just finished: rate it, and never let a failure here
    disturb the table (the game is stored; a rating can be missing, not the game)."""
    try:
        record = await asyncio.to_thread(store.get_table, table_id)
        if record is not None and record.status == "finished":
            changed = await asyncio.to_thread(rate_finished, store, record)
            if changed:
                log.info("game rated", extra={"table": table_id, "players": changed})
    except Exception:
        log.exception("rating a finished game failed", extra={"table": table_id})


def _entry(r: RatingRecord) -> dict[str, Any]:
    return {
        "kind": "player",
        "player": r.player_id,
        "name": r.name,
        "games": r.games,
        "mu": r.mu,
        "sigma": r.sigma,
        "rating": display(r.mu, r.sigma),
    }


def bot_entries(game: str) -> list[dict[str, Any]]:
    return [
        {"kind": "bot", "level": level, "mu": mu, "sigma": sigma, "rating": display(mu, sigma)}
        for level, (mu, sigma) in anchors().get(game, {}).items()
    ]


@router.get("", **S.answers(S.BotRatings))
async def bot_ratings() -> dict[str, Any]:
    """Every anchored bot level's rating per game (the lobby shows them where bots are
    picked), and the scale they are on."""
    return {
        "scale": {"base": SCALE_BASE, "factor": SCALE_FACTOR, "z": 3},
        "games": {
            game: {b["level"]: b["rating"] for b in bot_entries(game)}
            for game in game_names()
            if ratable(game)
        },
    }


@router.get("/{game}", **S.answers(S.Leaderboard, S.E.GAME_UNKNOWN, S.E.RATING_UNRATED_GAME))
async def leaderboard(
    game: Annotated[str, Path(max_length=32)],
    request: Request,
    limit: Annotated[int, Query(ge=1, le=LEADERBOARD_SIZE)] = LEADERBOARD_SIZE,
) -> dict[str, Any]:
    """A game's leaderboard: players and anchored bots on one scale, best first."""
    try:
        game_class(game)
    except UnknownGame as exc:
        raise ApiError(ErrorCode.GAME_UNKNOWN, f"there is no game {game!r}") from exc
    if not ratable(game):
        raise ApiError(ErrorCode.RATING_UNRATED_GAME, f"{game} is not rated")
    store: Store = request.app.state.manager.store  # not deps: the table manager uses us
    rows = await asyncio.to_thread(Players(store).leaderboard, game, limit)
    entries = [_entry(r) for r in rows] + bot_entries(game)
    entries.sort(key=lambda e: (-e["rating"], e.get("name") or e.get("level") or ""))
    return {"game": game, "entries": entries}
