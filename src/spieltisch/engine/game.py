"""The engine contract: what every game provides and every face relies on.

A :class:`Game` is a rule set with validated options; it makes :class:`State` objects.
A state knows who may act, which actions are legal, applies actions atomically, and
tells each seat only what that seat may know (:meth:`State.view`). The generic checks
(game over, unknown seat, not your turn) live here, so each game's code covers only its
own rules. See ``docs/api.md`` for the full contract.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self

from .errors import IllegalAction, InvalidNotation, InvalidPlayers, NoRecord
from .options import Option, validate

Event = dict[str, Any]
"""Something that happened, JSON-ready: ``{"type": ..., ...}``."""

View = dict[str, Any]
"""What one seat (or a spectator) may know of a state, JSON-ready."""

OVER_RULE = "ENGINE-OVER"
SEAT_RULE = "ENGINE-SEAT"


class Action(Protocol):
    """An action of some game: hashable, printable in notation, JSON-ready."""

    def to_json(self) -> dict[str, Any]: ...

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is, declared once at the top of its module (OpenSpiel's GameType)."""

    name: str
    """Registry name, e.g. ``"halali"``."""
    title: str
    """Display name."""
    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...]
    """The rule options with defaults and documentation."""
    chance: bool
    """Whether the game has random events (deals, hidden layouts)."""
    perfect_information: bool
    turn_rule: str
    """Rule id cited when a seat acts out of turn."""
    max_plies: int | None = None
    """An upper bound on the number of actions in one state, if the rules give one."""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "default_players": self.default_players,
            "options": [o.to_json() for o in self.options],
            "chance": self.chance,
            "perfect_information": self.perfect_information,
        }


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended (python-chess's Outcome, for n seats)."""

    scores: tuple[float, ...]
    """Per seat, in the game's own unit (points, cards, money)."""
    ranks: tuple[int, ...]
    """Per seat, 1 is best; equal ranks are a shared place (a draw)."""
    reason: str
    """Why the game ended, a short stable word such as ``"all_moves_played"``."""
    details: dict[str, Any] = field(default_factory=dict)
    """Game-specific breakdown (per-game scores of a match, tie-breaks, ...)."""

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats ranked first (several on a shared first place)."""
        return tuple(s for s, r in enumerate(self.ranks) if r == 1)

    @property
    def is_draw(self) -> bool:
        return len(self.winners) > 1

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "reason": self.reason,
            "winners": list(self.winners),
            "details": self.details,
        }


def ranks_from_keys(keys: list[tuple[float, ...]]) -> tuple[int, ...]:
    """Competition ranks (1, 1, 3, ...) from sort keys where higher is better.

    >>> ranks_from_keys([(3,), (5,), (3,)])
    (2, 1, 2)
    """
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


class State(ABC):
    """One game in progress. Subclasses implement the underscored hooks."""

    __slots__ = ("_actions", "game", "players", "sampled", "seed")

    def __init__(self, game: Game, players: int, seed: int) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.sampled = False
        self._actions: list[tuple[int, Action]] = []

    # -- the public contract -------------------------------------------------------------
    @abstractmethod
    def active_seats(self) -> tuple[int, ...]:
        """Seats that may act now (empty when the game is over)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Any]:
        """Every action ``seat`` may take now; empty if it may not act."""

    def apply(self, seat: int, action: Any) -> list[Event]:
        """Play ``action`` for ``seat`` and return what happened.

        Atomic: when it raises, the state is exactly as before.

        :raises IllegalAction: the rules forbid it; ``rule`` names the rule.
        """
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(
                SEAT_RULE, f"there is no seat {seat!r} in a {self.players}-seat game"
            )
        if self.is_over():
            raise IllegalAction(OVER_RULE, f"the game is over; {action} cannot be played")
        if seat not in self.active_seats():
            raise IllegalAction(
                self.game.info.turn_rule, f"seat {seat} may not act now ({action}): not its turn"
            )
        events = self._apply(seat, action)
        self._actions.append((seat, action))
        return events

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may know, JSON-ready; ``None`` is the spectator view."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result | None:
        """The outcome once the game is over, else ``None``."""

    @property
    def ply(self) -> int:
        """Number of actions applied so far."""
        return len(self._actions)

    def record(self) -> dict[str, Any]:
        """Seed and actions: everything needed to rebuild this state with ``replay``.

        :raises NoRecord: for a state made by ``sample_state``.
        """
        if self.sampled:
            raise NoRecord("a state sampled from a view has no seed and action record")
        return {
            "game": self.game.info.name,
            "options": dict(self.game.options),
            "players": self.players,
            "seed": self.seed,
            "actions": [{"seat": s, "action": a.to_json()} for s, a in self._actions],
        }

    def to_json(self) -> dict[str, Any]:
        """The full state (hidden parts included), for storage; never send it to a seat."""
        return {
            "game": self.game.info.name,
            "options": dict(self.game.options),
            "players": self.players,
            "seed": self.seed,
            "sampled": self.sampled,
            "actions": [{"seat": s, "action": a.to_json()} for s, a in self._actions],
            "state": self._dump(),
        }

    def clone(self) -> Self:
        """An independent copy, for search."""
        return self.game.state_from_json(self.to_json())  # type: ignore[return-value]

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} game={self.game.info.name!r} seed={self.seed} "
            f"ply={self.ply} over={self.is_over()}>"
        )

    # -- hooks for games -----------------------------------------------------------------
    @abstractmethod
    def _apply(self, seat: int, action: Any) -> list[Event]:
        """Game rules of ``apply``; the generic checks have passed. Must be atomic."""

    @abstractmethod
    def _dump(self) -> dict[str, Any]:
        """The game-specific part of ``to_json``."""


class Game(ABC):
    """A rule set with validated options; the factory of states."""

    info: ClassVar[GameInfo]

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = validate(self.info.name, self.info.options, options)

    def new_state(self, players: int | None = None, seed: int = 0) -> State:
        """A new game for ``players`` seats (default: the game's usual number).

        :raises InvalidPlayers: outside the game's player range.
        """
        count = self.info.default_players if players is None else players
        if (
            not isinstance(count, int)
            or isinstance(count, bool)
            or not self.info.min_players <= count <= self.info.max_players
        ):
            raise InvalidPlayers(
                f"{self.info.name} is played by {self.info.min_players}"
                + (
                    f" to {self.info.max_players}"
                    if self.info.max_players > self.info.min_players
                    else ""
                )
                + f" players, not {count!r}"
            )
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidPlayers(f"seed must be an integer, got {seed!r}")
        return self._new_state(count, seed)

    @abstractmethod
    def _new_state(self, players: int, seed: int) -> State: ...

    @abstractmethod
    def parse_action(self, text: str) -> Any:
        """Read an action in the game's notation.

        :raises InvalidNotation: when ``text`` is not an action of this game.
        """

    @abstractmethod
    def action_from_json(self, data: Any) -> Any:
        """Read an action from ``action.to_json()``.

        :raises InvalidNotation: on malformed data.
        """

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from ``state.to_json()``.

        :raises InvalidNotation: on malformed data or another game's state.
        """
        try:
            if data["game"] != self.info.name:
                raise InvalidNotation(f"a {data['game']!r} state is not a {self.info.name} state")
            if dict(data["options"]) != self.options:
                raise InvalidNotation("the state was made with other rule options")
            state = self._new_state(int(data["players"]), int(data["seed"]))
            state.sampled = bool(data["sampled"])
            state._actions = [
                (int(a["seat"]), self.action_from_json(a["action"])) for a in data["actions"]
            ]
            self._restore(state, data["state"])
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, InvalidNotation):
                raise
            raise InvalidNotation(f"malformed {self.info.name} state: {exc!r}") from exc
        return state

    @abstractmethod
    def _restore(self, state: Any, payload: Any) -> None:
        """Fill ``state`` (fresh from ``_new_state``) from its ``_dump()``."""

    @abstractmethod
    def sample_state(self, view: View, seat: int | None, seed: int) -> State:
        """A full state that shows exactly ``view`` to ``seat``, hidden parts drawn at random.

        The result is marked ``sampled``: it can be played on but has no record.
        """

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"spieltisch.load({self.info.name!r}{', ' if opts else ''}{opts})"
