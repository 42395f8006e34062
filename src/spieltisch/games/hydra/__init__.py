"""Hydra: a five-player trick-taking game of the Doppelkopf family (HY 1.x–3.4, HY-R1..R10)."""

from .actions import ChooseSolo, Give, HydraAction, Lay, Play, Say, parse_action
from .game import INFO, Hydra
from .state import HydraState

__all__ = [
    "INFO",
    "ChooseSolo",
    "Give",
    "Hydra",
    "HydraAction",
    "HydraState",
    "Lay",
    "Play",
    "Say",
    "parse_action",
]
