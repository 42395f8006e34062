"""The game-agnostic engine: contract, errors, options, seeded randomness, registry."""

from .errors import (
    IllegalAction,
    InvalidNotation,
    InvalidOption,
    InvalidPlayers,
    InvalidSetup,
    NoRecord,
    SpieltischError,
    UnknownGame,
)
from .game import (
    Action,
    Dynamics,
    Event,
    Faces,
    Game,
    GameInfo,
    Origin,
    PlayerLimit,
    Result,
    State,
    View,
    ranks_from_keys,
)
from .hints import BadQuestion, Hint
from .options import Choice, Option
from .registry import game_class, game_names, load, replay
from .rng import derive_rng, shuffled
from .text import LANGS, Text

__all__ = [
    "LANGS",
    "Action",
    "BadQuestion",
    "Choice",
    "Dynamics",
    "Event",
    "Faces",
    "Game",
    "GameInfo",
    "Hint",
    "IllegalAction",
    "InvalidNotation",
    "InvalidOption",
    "InvalidPlayers",
    "InvalidSetup",
    "NoRecord",
    "Option",
    "Origin",
    "PlayerLimit",
    "Result",
    "SpieltischError",
    "State",
    "Text",
    "UnknownGame",
    "View",
    "derive_rng",
    "game_class",
    "game_names",
    "load",
    "ranks_from_keys",
    "replay",
    "shuffled",
]
