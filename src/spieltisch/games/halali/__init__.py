"""Halali!: two players hunt each other in a forest of face-down tiles (HA-R1..HA-R11)."""

from .actions import (
    AcceptDraw,
    DeclineDraw,
    Flip,
    HalaliAction,
    Move,
    OfferDraw,
    Pass,
    parse_action,
)
from .game import INFO, Halali
from .state import HalaliState

__all__ = [
    "INFO",
    "AcceptDraw",
    "DeclineDraw",
    "Flip",
    "Halali",
    "HalaliAction",
    "HalaliState",
    "Move",
    "OfferDraw",
    "Pass",
    "parse_action",
]
