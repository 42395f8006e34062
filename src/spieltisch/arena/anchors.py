"""Anchored bot ratings: where each bot level of a game stands on the rating scale.

Players and bots share one openskill scale per game (:mod:`spieltisch.ratings`). A bot
level does not learn from the people it meets: its rating is measured once, by a
tournament of all of its game's levels against each other (``spieltisch arena GAME
--bots random,rules,... --anchors src/spieltisch/arena/anchors.json``), and then held
fixed. People are rated against those fixed points, so "rules bot: 1180" means the same
thing in every lobby and a player's number says which bot he plays like.

The file keeps, per game, each level's ``mu`` and ``sigma`` with the command, date and
size of the tournament that produced them, so a reader can re-run and check it.
"""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

from spieltisch.engine import SpieltischError

from .runner import Tournament, parse_spec
from .stats import BotStats

ANCHORS_FILE = Path(str(resources.files("spieltisch") / "arena" / "anchors.json"))
"""The anchors the server reads (shipped with the package)."""

FORMAT = 1


def anchor_entry(
    game: str,
    stats: Sequence[BotStats],
    *,
    command: str,
    games: int,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    cpu_seconds: float | None = None,
) -> dict[str, Any]:
    """One game's anchors from a tournament's statistics.

    Only plain levels are anchors: a spec with its own budget (``strong@500``) is not what
    a lobby seats, so it cannot stand for its level.

    :raises SpieltischError: a spec with a budget, or fewer than two levels.
    """
    levels: dict[str, dict[str, Any]] = {}
    for s in stats:
        level, budget = parse_spec(s.bot)
        if budget is not None:
            raise SpieltischError(f"{s.bot!r}: anchors are measured for plain levels only")
        levels[level] = {"mu": round(s.mu, 4), "sigma": round(s.sigma, 4), "games": s.games}
    if len(levels) < 2:
        raise SpieltischError(f"{game}: anchors need a tournament of at least two levels")
    entry: dict[str, Any] = {
        "levels": levels,
        "command": command,
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "games": games,
        "players": players,
        "options": dict(options),
        "seed": seed,
    }
    if cpu_seconds is not None:
        entry["cpu_seconds"] = round(cpu_seconds, 1)
    return entry


def read_anchors(path: Path = ANCHORS_FILE) -> dict[str, Any]:
    """The whole anchors document; an empty one when the file does not exist yet."""
    if not path.exists():
        return {"format": FORMAT, "games": {}}
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    doc.setdefault("games", {})
    return doc


def write_anchors(path: Path, game: str, entry: Mapping[str, Any]) -> None:
    """Put ``game``'s anchors into the file at ``path``, keeping the other games'."""
    doc = read_anchors(path)
    doc["format"] = FORMAT
    doc["games"][game] = dict(entry)
    doc["games"] = dict(sorted(doc["games"].items()))
    path.write_text(json.dumps(doc, indent=2, sort_keys=False) + "\n", encoding="utf-8")


def save_tournament_anchors(
    path: Path,
    tournament: Tournament,
    stats: Sequence[BotStats],
    played: int,
    started: os.times_result,
) -> None:
    """Write a finished tournament's anchors (the ``arena --anchors`` option), with the
    command line that ran it and its processor time (this process and its workers,
    counted since ``started``).

    :raises SpieltischError: as :func:`anchor_entry`.
    """
    now = os.times()
    cpu = (now.user + now.system + now.children_user + now.children_system) - (
        started.user + started.system + started.children_user + started.children_system
    )
    # The tournament's own parameters (all options spelt out), not this process's
    # command line: the same words however the arena was started.
    words = ["spieltisch", "arena", tournament.game, "--bots", ",".join(tournament.bots)]
    words += ["--games", str(tournament.games), "--seed", str(tournament.seed)]
    words += ["--players", str(tournament.players)]
    for key, value in sorted(tournament.options.items()):
        words += ["-o", f"{key}={str(value).lower() if isinstance(value, bool) else value}"]
    words += ["--anchors", str(path)]
    command = " ".join(shlex.quote(w) for w in words)
    entry = anchor_entry(
        tournament.game,
        stats,
        command=command,
        games=played,
        players=tournament.players or 0,
        options=tournament.options,
        seed=tournament.seed,
        cpu_seconds=cpu,
    )
    write_anchors(path, tournament.game, entry)
