"""Kalooki (Kaluki): two-deck rummy with jokers and a 51 opening (KA-R1..KA-R10)."""

from .actions import Build, Discard, Draw, KalookiAction, Meld, Swap, parse_action
from .game import INFO, Kalooki
from .meldsearch import Searcher, all_melds, best_opening, min_penalty
from .state import KalookiState

__all__ = [
    "INFO",
    "Build",
    "Discard",
    "Draw",
    "Kalooki",
    "KalookiAction",
    "KalookiState",
    "Meld",
    "Searcher",
    "Swap",
    "all_melds",
    "best_opening",
    "min_penalty",
    "parse_action",
]
