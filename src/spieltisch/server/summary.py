"""What anyone may know about a table: its summary for the lobby and the table page.

Pure functions of a table's record, its live table (when it runs here) and its stored
turn clock, so every part of the manager and the live table itself draw one summary.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import Any

from spieltisch.bots import levels, unproven
from spieltisch.engine import UnknownGame, game_class, game_names, load
from spieltisch.store import TableRecord, TurnClockRecord
from spieltisch.table import allows_turn_clock

from .live import LiveTable

log = logging.getLogger("spieltisch.table")


@lru_cache(maxsize=64)
def web_module(game: str) -> str | None:
    """The browser module that draws ``game``'s table, as its descriptor names it
    (``faces.web``); ``None`` for a game this server does not know (a broken row).
    Remembered: every step's summary asks, and finding a game's class imports it."""
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
                "bot_levels_unproven": unproven(game),
                "turn_clock": allows_turn_clock(game.info),
            }
        )
    return out


def summary(
    record: TableRecord,
    live: LiveTable | None,
    clock: TurnClockRecord | None,
    now: float,
) -> dict[str, Any]:
    """What anyone may know about a table. The seed stays secret until the end.

    A table with a turn clock says so (``clock``: mode, seconds per move, and per seat
    the seconds left or ``None``; a time bank adds its ``increment`` and per seat the
    ``bank`` of a seat not to move): from its runtime when it runs here, else from the
    stored ``clock``, read by the caller (a lobby list reads all of its page at once);
    ``now`` is the wall clock its deadlines are compared with.
    """
    online = live.online_seats() if live else set()
    plies = live.runtime.ply if live and live.runtime else record.plies
    part = _live_part(live) if live is not None and live.record is record else record_part(record)
    out = dict(part, plies=plies)
    out["seats"] = [dict(seat, online=seat["seat"] in online) for seat in part["seats"]]
    turn = clock_summary(record, live, clock, now)
    if turn is not None:
        out["clock"] = turn
    return out


def record_part(record: TableRecord) -> dict[str, Any]:
    """What :func:`summary` draws from the record alone. A live table keeps it until its
    record changes (:attr:`.live.LiveTable.summary_part`): every step sends a summary,
    and the dates' text alone was a tenth of it. Never changed once made: the summary
    copies what it adds to."""
    out = {
        "id": record.id,
        "game": record.game,
        "web": web_module(record.game),
        "options": record.options,
        "players": record.players,
        "status": record.status,
        "plies": record.plies,
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
            }
            for s in record.seats
        ],
        "result": record.result,
    }
    if record.status in ("finished", "abandoned"):
        out["seed"] = record.seed
    return out


def _live_part(live: LiveTable) -> dict[str, Any]:
    """:func:`record_part` of a live table's record, made again only once it changed."""
    kept = live.summary_part
    if kept is None or kept[0] is not live.record:
        kept = live.summary_part = (live.record, record_part(live.record))
    return kept[1]


def clock_summary(
    record: TableRecord, live: LiveTable | None, clock: TurnClockRecord | None, now: float
) -> dict[str, Any] | None:
    """The ``clock`` of :func:`summary`; ``None`` for a table without a turn clock."""
    rt = live.runtime if live is not None else None
    seats = range(record.players)
    if rt is not None and rt.turn_clock is not None:
        turn_clock = rt.turn_clock
        out: dict[str, Any] = {
            **turn_clock.limit.to_json(),
            "left": [turn_clock.left(seat) for seat in seats],
        }
        if turn_clock.limit.bank:
            out["bank"] = [turn_clock.bank(seat) for seat in seats]
        return out
    clock = clock or (live.clock_record if live is not None else None)
    if clock is None:
        return None
    current = record.status == "running" and clock.ply == record.plies
    out = {
        "mode": clock.mode,
        "seconds": clock.seconds,
        "left": [
            max(0.0, clock.deadlines[seat] - now) if current and seat in clock.deadlines else None
            for seat in seats
        ],
    }
    if clock.mode == "bank":
        out["increment"] = clock.increment
        out["bank"] = [clock.banks.get(seat, float(clock.seconds)) for seat in seats]
    return out
