"""Which games exist, and loading one by name.

Games are imported lazily, so ``spieltisch.game_names()`` is cheap and a face that uses one
game does not pay for the others.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from .errors import InvalidNotation, UnknownGame
from .game import Game, State

_GAMES: dict[str, str] = {
    "halali": "spieltisch.games.halali:Halali",
    "halligalli": "spieltisch.games.halligalli:HalliGalli",
    "hydra": "spieltisch.games.hydra:Hydra",
    "kalooki": "spieltisch.games.kalooki:Kalooki",
}


def game_names() -> list[str]:
    """Names of all registered games, sorted.

    >>> "halali" in game_names()
    True
    """
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    """The class of the game called ``name``.

    :raises UnknownGame: if there is none.
    """
    try:
        target = _GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(game_names())
        raise UnknownGame(f"unknown game {name!r} (games: {known})") from None
    module, _, cls = target.partition(":")
    found: type[Game] = getattr(importlib.import_module(module), cls)
    return found


def load(name: str, **options: Any) -> Game:
    """The game ``name`` with the given rule options (defaults for the rest).

    :raises UnknownGame: no such game.
    :raises InvalidOption: an unknown option or a bad value.
    """
    return game_class(name)(**options)


def replay(record: Mapping[str, Any]) -> State:
    """Rebuild a state from ``state.record()`` by playing its actions again.

    :raises InvalidNotation: on a malformed record.
    :raises IllegalAction: if an action of the record is illegal (a corrupt record).
    """
    try:
        game = load(record["game"], **record["options"])
        state = game.new_state(players=record["players"], seed=record["seed"])
        steps = [(a["seat"], game.action_from_json(a["action"])) for a in record["actions"]]
    except (KeyError, TypeError) as exc:
        raise InvalidNotation(f"malformed record: {exc!r}") from exc
    for seat, action in steps:
        state.apply(seat, action)
    return state
