"""Halali!: two players hunt each other in a forest of face-down tiles (HA-R1..HA-R8)."""

from .actions import Flip, HalaliAction, Move, Pass, parse_action
from .game import INFO, Halali
from .state import HalaliState

__all__ = ["INFO", "Flip", "Halali", "HalaliAction", "HalaliState", "Move", "Pass", "parse_action"]
