"""spieltisch: a games table and research library for four German tabletop games.

>>> import spieltisch
>>> game = spieltisch.load("halali")
>>> state = game.new_state(players=2, seed=7)
>>> state.active_seats()
(0,)

``game_names()`` lists the games. ``spieltisch.games`` is the subpackage that holds them,
and calling it lists them too (``spieltisch.games()``, the original public call).
"""

from .rulescore import activate as _activate_core

_activate_core()  # before any rules module is imported: compiled or pure, never both

from . import games  # noqa: E402
from .engine import (  # noqa: E402
    Event,
    Game,
    GameInfo,
    IllegalAction,
    InvalidNotation,
    InvalidOption,
    InvalidPlayers,
    InvalidSetup,
    NoRecord,
    Result,
    SpieltischError,
    State,
    UnknownGame,
    View,
    game_names,
    load,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "InvalidNotation",
    "InvalidOption",
    "InvalidPlayers",
    "InvalidSetup",
    "NoRecord",
    "Result",
    "SpieltischError",
    "State",
    "UnknownGame",
    "View",
    "__version__",
    "game_names",
    "games",
    "load",
    "replay",
]
