"""The exceptions of the engine contract.

Every failure a caller can cause has its own class under :class:`SpieltischError`, so a
server can turn each into a stable error code and a client can tell "you may not do
that" (:class:`IllegalAction`) from "I cannot read that" (:class:`InvalidNotation`).
All of them are ``ValueError`` subclasses, like python-chess's move errors.
"""

from __future__ import annotations


class SpieltischError(ValueError):
    """Base class of every error the engine raises on bad input."""

    code = "error"


class UnknownGame(SpieltischError):
    """No game is registered under the requested name."""

    code = "game/unknown"


class InvalidOption(SpieltischError):
    """A rule option is unknown or has a value outside its range."""

    code = "game/invalid_option"


class InvalidPlayers(SpieltischError):
    """The number of players is outside what the game allows."""

    code = "game/invalid_players"


class InvalidNotation(SpieltischError):
    """A text or JSON action (or a JSON state) could not be read."""

    code = "action/invalid_notation"


class IllegalAction(SpieltischError):
    """A well-formed action that the rules forbid in the current state.

    ``rule`` names the rule that forbids it (``HA-R5``, ``HY 2.3.5``, ...); ``message``
    says why in plain words. Raising it never changes the state.
    """

    code = "action/illegal"

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "rule": self.rule, "message": self.message}


class NoRecord(SpieltischError):
    """The state was sampled from a view, so no seed and action list can rebuild it."""

    code = "state/no_record"
