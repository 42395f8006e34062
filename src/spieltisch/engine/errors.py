"""The exceptions of the engine contract.

Every failure a caller can cause has its own class under :class:`SpieltischError`, so a
server can turn each into a stable error code and a client can tell "you may not do
that" (:class:`IllegalAction`) from "I cannot read that" (:class:`InvalidNotation`).
All of them are ``ValueError`` subclasses, like python-chess's move errors.

Setup errors (:class:`InvalidSetup` and its kinds) name the option or rule at fault and
carry their message in German and English, because they reach players in the lobby.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .text import Text


class SpieltischError(ValueError):
    """Base class of every error the engine raises on bad input."""

    code: ClassVar[str] = "error"

    def __init__(self, message: str | Text) -> None:
        self.text = message if isinstance(message, Text) else None
        """The message in German and English, where the error is meant for players."""
        super().__init__(str(message))

    def detail(self) -> dict[str, Any]:
        """What a client needs to explain the error in the user's language."""
        return {"text": self.text.to_json()} if self.text else {}


class UnknownGame(SpieltischError):
    """No game is registered under the requested name."""

    code: ClassVar[str] = "game/unknown"


class InvalidSetup(SpieltischError):
    """A table that cannot start: a bad option, a bad player count, or both together.

    ``option`` names the rule option at fault (if one is), ``rule`` the rule id behind the
    limit (if the documents give one).
    """

    code: ClassVar[str] = "game/invalid_setup"

    def __init__(
        self, message: str | Text, *, option: str | None = None, rule: str | None = None
    ) -> None:
        super().__init__(message)
        self.option = option
        self.rule = rule

    def detail(self) -> dict[str, Any]:
        out = super().detail()
        if self.option is not None:
            out["option"] = self.option
        if self.rule is not None:
            out["rule"] = self.rule
        return out


class InvalidOption(InvalidSetup):
    """A rule option is unknown or has a value outside its range."""

    code: ClassVar[str] = "game/invalid_option"


class InvalidPlayers(InvalidSetup):
    """The number of players is outside what the game allows with its options."""

    code: ClassVar[str] = "game/invalid_players"


class InvalidNotation(SpieltischError):
    """A text or JSON action (or a JSON state or position) could not be read."""

    code: ClassVar[str] = "action/invalid_notation"


class IllegalAction(SpieltischError):
    """A well-formed action that the rules forbid in the current state.

    ``rule`` names the rule that forbids it (``HA-R5``, ``HY 2.3.5``, ...); ``message``
    says why in plain words. Raising it never changes the state.

    ``context`` is set by ``State.apply``: the game, its options, the player count, the
    ply, the seat and the action in notation — enough to reproduce a logged refusal, and
    nothing secret (no seed, no hidden cards).
    """

    code: ClassVar[str] = "action/illegal"

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.message = message
        self.context: dict[str, Any] | None = None

    def describe(self) -> str:
        """The refusal with its context, for a log line."""
        if self.context is None:
            return str(self)
        c = self.context
        return (
            f"{self} (game {c['game']} {c['options']}, {c['players']} players, "
            f"ply {c['ply']}, seat {c['seat']}: {c['action']})"
        )

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "rule": self.rule, "message": self.message}


class NoRecord(SpieltischError):
    """The state was not made by ``new_state`` and its actions, so no seed and action list
    can rebuild it (sampled from a view, or built from a position)."""

    code: ClassVar[str] = "state/no_record"
