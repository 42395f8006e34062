"""The game-agnostic engine: contract, errors, options, seeded randomness, registry."""

from .errors import (
    IllegalAction,
    InvalidNotation,
    InvalidOption,
    InvalidPlayers,
    NoRecord,
    SpieltischError,
    UnknownGame,
)
from .game import Action, Event, Game, GameInfo, Result, State, View, ranks_from_keys
from .options import Option
from .registry import game_class, games, load, replay
from .rng import derive_rng, shuffled

__all__ = [
    "Action",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "InvalidNotation",
    "InvalidOption",
    "InvalidPlayers",
    "NoRecord",
    "Option",
    "Result",
    "SpieltischError",
    "State",
    "UnknownGame",
    "View",
    "derive_rng",
    "game_class",
    "games",
    "load",
    "ranks_from_keys",
    "replay",
    "shuffled",
]
