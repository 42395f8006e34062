"""Halli-Galli-Extreem: the house rules' reaction game for 3–6 players (HG-R1..HG-R13)."""

from .actions import Flip, HalliGalliAction, Ring, Stake, Throw, parse_action
from .bell import chance_valid_after_flip, coach, count_pairs, is_bell_valid
from .game import INFO, HalliGalli
from .scoring import penalty_per_player
from .state import PLY_CAP, HalliGalliState

__all__ = [
    "INFO",
    "PLY_CAP",
    "Flip",
    "HalliGalli",
    "HalliGalliAction",
    "HalliGalliState",
    "Ring",
    "Stake",
    "Throw",
    "chance_valid_after_flip",
    "coach",
    "count_pairs",
    "is_bell_valid",
    "parse_action",
    "penalty_per_player",
]
