"""The engine contract: what every game provides and every face relies on.

A :class:`Game` is a rule set with validated options; it makes :class:`State` objects.
A state knows who may act, which actions are legal, applies actions atomically, and
tells each seat only what that seat may know (:meth:`State.view`). The generic checks
(game over, unknown seat, not your turn) live here, so each game's code covers only its
own rules. See ``docs/api.md`` for the full contract.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar, Generic, Protocol, Self

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar

from .errors import IllegalAction, InvalidNotation, InvalidPlayers, NoRecord
from .guide import Guide
from .options import Option, validate
from .pickling import copy_sharing
from .resign import RESIGN_RULE, Resign, read_resign
from .text import Text

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


class Origin(StrEnum):
    """How a state began, which decides whether it has a record."""

    NEW_STATE = "new_state"
    """From ``new_state`` and actions: seed plus actions rebuild it."""
    SAMPLED = "sampled"
    """Drawn from a view by ``sample_state``."""
    POSITION = "position"
    """Built from a readable position by ``state_from_position``."""


class Dynamics(StrEnum):
    """How time enters a game (OpenSpiel's ``GameType.Dynamics``)."""

    TURN_BASED = "turn_based"
    """Seats act when the rules say it is their turn; how long they think does not count."""
    REAL_TIME = "real_time"
    """*When* a seat acts is part of the game (a bell): a live table needs the game's
    real-time adapter, and tree search over turns does not model it."""


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class PlayerLimit:
    """While option ``option`` has the value ``value``, at most ``max_players`` play."""

    option: str
    value: Any
    max_players: int
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "option": self.option,
            "value": self.value,
            "max_players": self.max_players,
            "rule": self.rule,
        }


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Faces:
    """Where a game's faces live, as ``"module:attribute"`` paths.

    A path that starts with a dot is relative to the game's package. Faces are imported
    only when someone asks for them (:meth:`Game.face`), so the rules core never pays for
    numpy, Rich or the bots, and no face outside the game's package names the game.
    """

    bots: str | None = None
    """The game's bot ladder (:class:`spieltisch.bots.GameBots`)."""
    encoder: str | None = None
    """Its tensor encoder class (:class:`spieltisch.interop.encoders.Encoder`)."""
    terminal: str | None = None
    """Its terminal face (:class:`spieltisch.terminal.Face`)."""
    hints: str | None = None
    """Its hints: a mapping of hint name to :class:`spieltisch.engine.Hint`."""
    realtime: str | None = None
    """Its real-time adapter (:class:`spieltisch.table.RealtimeAdapter`), for
    :attr:`Dynamics.REAL_TIME` games."""
    review: str | None = None
    """Its post-game review settings (:class:`spieltisch.review.GameReview`)."""
    tutorial: str | None = None
    """Its guided first game (:class:`spieltisch.engine.lesson.Lesson`)."""
    web: str | None = None
    """The browser module drawing the table: ``web/games/<web>.js``."""


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is, declared once at the top of its module (OpenSpiel's GameType).

    Every face reads what varies by game from here; none of them names a game.
    """

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
    dynamics: Dynamics = Dynamics.TURN_BASED
    player_limits: tuple[PlayerLimit, ...] = ()
    """Narrower player ranges that some option values impose."""
    faces: Faces = Faces()
    players_rule: str | None = None
    """The rule id that sets the player range, if the documents give one."""
    rule_texts: Mapping[str, Text] = field(default_factory=dict)
    """What each rule id the game cites says, in German and English: the text a refused
    move shows beside its rule id, whatever the English message of the refusal."""
    resign_rule: str | None = None
    """The game's ruling on what resigning means (:mod:`spieltisch.engine.resign`)."""
    guide: Guide | None = None
    """The rules panel of the table: summary, reference and legends (:mod:`.guide`)."""
    abandoned_after: float | None = None
    """Seconds a running table of this game lives on once its people are all gone, when
    that is to be shorter than the server's setting (a reaction game nobody plays is
    over sooner); the shorter of the two counts."""
    relatives: tuple[str, ...] = ()
    """Published engines of the nearest game elsewhere, as ``library:game`` (e.g. an
    OpenSpiel game), that ``spieltisch bench --peers`` measures this game against."""
    relatives_players: int | None = None
    """How many players those relatives seat, when it is fewer than our default."""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "default_players": self.default_players,
            "player_limits": [p.to_json() for p in self.player_limits],
            "options": [o.to_json() for o in self.options],
            "chance": self.chance,
            "perfect_information": self.perfect_information,
            "dynamics": str(self.dynamics),
            "rules": {rule: text.to_json() for rule, text in self.rule_texts.items()},
            "web": self.faces.web,
            "lesson": self.faces.tutorial is not None,
            "resign_rule": self.resign_rule,
        }


@mypyc_attr(native_class=False)
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


RESIGNED = "resigned"
"""The position field that lists the seats that have resigned, in order (every game)."""
SEED = "seed"
"""The position field of a game with chance: the seed its later deals are drawn from, so
that a state rebuilt from its position deals the next game as the original does."""


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class State(ABC):
    """One game in progress. Subclasses implement the underscored hooks."""

    __slots__ = ("_actions", "game", "origin", "players", "resigned", "seed")

    def __init__(self, game: Game, players: int, seed: int) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.origin = Origin.NEW_STATE
        """How the state began; only a state from ``new_state`` has a record."""
        self._actions: list[tuple[int, Action]] = []
        self.resigned: tuple[int, ...] = ()
        """Seats that have resigned, in order (:mod:`spieltisch.engine.resign`)."""

    @property
    def sampled(self) -> bool:
        """Whether the state was drawn from a view by ``sample_state``."""
        return self.origin is Origin.SAMPLED

    @sampled.setter
    def sampled(self, value: bool) -> None:
        if value:
            self.origin = Origin.SAMPLED
        elif self.origin is Origin.SAMPLED:
            self.origin = Origin.NEW_STATE

    # -- the public contract -------------------------------------------------------------
    @abstractmethod
    def active_seats(self) -> tuple[int, ...]:
        """Seats that may act now (empty when the game is over)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Any]:
        """Every action ``seat`` may take now; empty if it may not act."""

    def apply(self, seat: int, action: Any) -> list[Event]:
        """Play ``action`` for ``seat`` and return what happened: :meth:`refusal`, then
        :meth:`play`. Written once, here; no game overrides it.

        Atomic: when it raises, the state is exactly as before.

        :raises IllegalAction: the rules forbid it; ``rule`` names the rule.
        """
        refused = self.refusal(seat, action)
        if refused is not None:
            refused.context = self._refusal_context(seat, action)
            raise refused
        return self.play(seat, action)

    def refusal(self, seat: int, action: Any) -> IllegalAction | None:
        """Why ``seat`` may not play ``action`` now, naming the rule; ``None`` when it may.

        Changes nothing. The generic checks come first, in this order (part of the
        contract): a seat that does not exist, a game that is over, a resignation twice,
        a seat that may not act now (:meth:`_inactive_refusal`); then the game's own rules
        (:meth:`_refusal`).
        """
        # Every game pays for these checks on every checked action, so each is asked once
        # and in its cheapest form.
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            return IllegalAction(
                SEAT_RULE, f"there is no seat {seat!r} in a {self.players}-seat game"
            )
        if self.is_over():
            return IllegalAction(OVER_RULE, f"the game is over; {action} cannot be played")
        if isinstance(action, Resign):
            if seat in self.resigned:
                return IllegalAction(RESIGN_RULE, f"seat {seat} has resigned already")
            return self._resign_refusal(seat)
        if seat not in self.active_seats():
            return self._inactive_refusal(seat, action)
        try:
            return self._refusal(seat, action)
        except IllegalAction as refused:
            return refused

    def play(self, seat: int, action: Any) -> list[Event]:
        """Play ``action`` for ``seat`` without asking whether the rules allow it.

        The fast path for search, rollouts and learning, which play actions they took
        from :meth:`legal_actions` (python-chess's ``push``, OpenSpiel's
        ``ApplyAction``). An action the rules refuse leaves the state undefined: call
        :meth:`apply` for anything a person, a file or the network chose.
        """
        events = self._resign(seat) if type(action) is Resign else self._play(seat, action)
        self._actions.append((seat, action))
        return events

    def _refusal_context(self, seat: int, action: Any) -> dict[str, Any]:
        """Enough to reproduce a refusal from a log line, and nothing secret (no seed)."""
        return {
            "game": self.game.info.name,
            "options": dict(self.game.options),
            "players": self.players,
            "ply": self.ply,
            "seat": seat,
            "action": str(action),
        }

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may know, JSON-ready; ``None`` is the spectator view."""

    def views(self, seats: Iterable[int | None]) -> dict[int | None, View]:
        """:meth:`view` of each of ``seats`` at once, as a server needs them after every
        step (one per seat with a socket, one for the spectators). A game whose
        audiences see mostly the same may build that part once and share it between
        the views, so treat them as read-only."""
        return {seat: self.view(seat) for seat in seats}

    def is_over(self) -> bool:
        """Whether the game has ended, by its rules or because at most one seat has not
        resigned."""
        # Asked before every action: nobody has resigned in almost every state, and the
        # empty tuple answers that without a call.
        if self.resigned and self._resigned_out():
            return True
        return self._is_over()

    def result(self) -> Result | None:
        """The outcome once the game is over, else ``None``.

        Resigned seats have lost: a game ended by resignation is won by the seat left
        (reason ``"resigned"``); a game played to its end ranks every resigned seat below
        all others. Either way ``details["resigned"]`` lists them in order.
        """
        if self._resigned_out():
            own = self._resignation_result()
            if own is not None:
                return own
            left = [s for s in range(self.players) if s not in self.resigned]
            return Result(
                scores=tuple(1.0 if s in left else 0.0 for s in range(self.players)),
                ranks=tuple(1 if s in left else 1 + len(left) for s in range(self.players)),
                reason="resigned",
                details={"resigned": list(self.resigned)},
            )
        result = self._result()
        if result is None or not self.resigned:
            return result
        keys: list[tuple[float, ...]] = [
            (0.0 if s in self.resigned else 1.0, -float(result.ranks[s]))
            for s in range(self.players)
        ]
        details = {**result.details, "resigned": list(self.resigned)}
        return Result(result.scores, ranks_from_keys(keys), result.reason, details)

    def _resigned_out(self) -> bool:
        return bool(self.resigned) and len(self.resigned) >= self.players - 1

    def _resign(self, seat: int) -> list[Event]:
        """Apply a resignation (the game is running, ``seat`` exists and has not resigned)."""
        self.resigned = (*self.resigned, seat)
        ends = self._resigned_out()
        if ends:
            self._end_by_resignation()
        return [
            {
                "type": "resign",
                "seat": seat,
                "rule": self.game.info.resign_rule or RESIGN_RULE,
                "ends": ends,
            }
        ]

    @property
    def ply(self) -> int:
        """Number of actions applied so far."""
        return len(self._actions)

    def record(self) -> dict[str, Any]:
        """Seed and actions: everything needed to rebuild this state with ``replay``.

        :raises NoRecord: for a state made by ``sample_state`` or ``state_from_position``.
        """
        if self.origin is Origin.SAMPLED:
            raise NoRecord("a state sampled from a view has no seed and action record")
        if self.origin is Origin.POSITION:
            raise NoRecord(
                "a state built from a position has no seed and action record; "
                "use state.position() to describe it"
            )
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
            "origin": str(self.origin),
            "actions": [{"seat": s, "action": a.to_json()} for s, a in self._actions],
            "state": self._dump(),
        }

    def clone(self) -> Self:
        """An independent copy, for search: the same position, record and origin.

        A pickle round trip that shares the (immutable) rule set and the record's
        immutable actions: no JSON, no fresh deal. Games whose state is cheap to copy
        field by field override it.
        """
        actions = self._actions
        self._actions = []
        try:
            copy: Self = copy_sharing(self, self.game)
        finally:
            self._actions = actions
        copy._actions = list(actions)
        return copy

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} game={self.game.info.name!r} seed={self.seed} "
            f"ply={self.ply} over={self.is_over()}>"
        )

    def position(self) -> dict[str, Any]:
        """This state as a readable position (board text, cards in notation), JSON-ready.

        ``game.state_from_position(state.position())`` gives a state with the same
        position; it has no record. Hidden parts are included: this is a full state.
        """
        position = self.game._position_of(self)
        if self.resigned:
            position = {**position, RESIGNED: list(self.resigned)}
        if self.game.info.chance:
            position = {**position, SEED: self.seed}
        return position

    # -- hooks for games -----------------------------------------------------------------
    def _resign_refusal(self, seat: int) -> IllegalAction | None:
        """Why ``seat`` may not resign now under the game's resignation ruling, or None.

        A seat that the game's rules have already put out (a Halli Galli player without
        cards, a Kalooki club player past 150) has nothing left to give up: its place is
        fixed. By default every seat may resign.
        """
        return None

    @abstractmethod
    def _end_by_resignation(self) -> None:
        """Close the game's own phase when resignations end it, so that no seat is active
        and no action is legal any more, as for any other end (``active_seats`` and
        ``legal_actions`` empty)."""

    def _resignation_result(self) -> Result | None:
        """The result of a game ended by resignation in the game's own units (money,
        match points), or None for the engine's 1 and 0."""
        return None

    def _inactive_refusal(self, seat: int, action: Any) -> IllegalAction:
        """The refusal of an action by a seat that may not act now.

        The turn rule by default; a game overrides it where a seat that is not active
        breaks a more specific rule (a player who is out, a second throw).
        """
        return IllegalAction(
            self.game.info.turn_rule, f"seat {seat} may not act now ({action}): not its turn"
        )

    @abstractmethod
    def _is_over(self) -> bool:
        """Whether the game's own rules have ended it (resignations aside)."""

    @abstractmethod
    def _result(self) -> Result | None:
        """The outcome by the game's own rules once they have ended it, else ``None``."""

    @abstractmethod
    def _refusal(self, seat: int, action: Any) -> IllegalAction | None:
        """The game's rules of :meth:`refusal`: why the active ``seat`` may not play
        ``action`` now, or ``None``; the generic checks have passed.

        Returns the refusal or raises it (rule checks deep in a game's helpers raise);
        either way it must change nothing. Each rule is checked here once, in the
        function that also serves :meth:`legal_actions` where the rule has two faces.
        """

    @abstractmethod
    def _play(self, seat: int, action: Any) -> list[Event]:
        """The game's rules of :meth:`play`: change the state for an action that
        :meth:`_refusal` allows, and return the events. Checks nothing."""

    @abstractmethod
    def _dump(self) -> dict[str, Any]:
        """The game-specific part of ``to_json``."""


StateT = TypeVar("StateT", bound=State, default=State, covariant=True)

_FACES: dict[tuple[str, str], Any] = {}


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC, Generic[StateT]):
    """A rule set with validated options; the factory of states."""

    info: ClassVar[GameInfo]

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = validate(self.info.name, self.info.options, options)

    # -- setup ---------------------------------------------------------------------------
    def player_range(self) -> tuple[int, int]:
        """Least and most players with these options (``info.player_limits`` applied)."""
        most = self.info.max_players
        for limit in self.info.player_limits:
            if self.options.get(limit.option) == limit.value:
                most = min(most, limit.max_players)
        return self.info.min_players, most

    def check_setup(self, players: Any) -> None:
        """Refuse a table that could not start: ``players`` seats with these options.

        The one check of a setup: ``new_state`` calls it, the lobby calls it before it
        stores a table, nothing else re-implements it.

        :raises InvalidPlayers: a seat count outside :meth:`player_range`.
        :raises InvalidOption: an option that does not fit the seat count.
        """
        low, high = self.player_range()
        if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
            self._refuse_players(players, low, high)
        self._check_setup(players)

    def _refuse_players(self, players: Any, low: int, high: int) -> None:
        span_de = f"{low} bis {high}" if high > low else str(low)
        span_en = f"{low} to {high}" if high > low else str(low)
        de = f"{self.info.title} wird von {span_de} Spielern gespielt, nicht von {players!r}"
        en = f"{self.info.title} is played by {span_en} players, not {players!r}"
        option, rule = None, self.info.players_rule
        for limit in self.info.player_limits:
            if (
                self.options.get(limit.option) == limit.value
                and isinstance(players, int)
                and limit.max_players < players <= self.info.max_players
            ):
                named = next(o for o in self.info.options if o.name == limit.option)
                option, rule = limit.option, limit.rule or named.rule or rule
                de += f" (mehr nur mit der Option „{named.label.de}“)"
                en += f" (more only with the option {named.label.en!r}, {limit.option})"
        if rule:
            de, en = f"{de}, {rule}", f"{en}, {rule}"
        raise InvalidPlayers(Text(de, en), option=option, rule=rule)

    def _check_setup(self, players: int) -> None:
        """Game-specific setup checks beyond the player range (``players`` is in range)."""

    def new_state(self, players: Any = None, seed: Any = 0) -> StateT:
        """A new game for ``players`` seats (default: the game's usual number).

        ``players`` (an ``int`` or ``None``) and ``seed`` (an ``int``) are typed ``Any``:
        untyped callers reach this, and a wrong type must be an :class:`InvalidSetup`,
        not the compiled core's ``TypeError``.

        :raises InvalidSetup: see :meth:`check_setup`.
        """
        count = self.info.default_players if players is None else players
        self.check_setup(count)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidPlayers(f"seed must be an integer, got {seed!r}")
        return self._new_state(count, seed)

    @abstractmethod
    def _new_state(self, players: int, seed: int) -> StateT: ...

    # -- faces ---------------------------------------------------------------------------
    def face(self, kind: str) -> Any:
        """The game's face ``kind`` (a field of :class:`Faces`), or ``None`` if it has none.

        Loaded on first use and remembered, so asking is cheap.
        """
        if kind not in {f.name for f in fields(Faces)} or kind == "web":
            raise ValueError(f"no face kind {kind!r}")
        target: str | None = getattr(self.info.faces, kind)
        if target is None:
            return None
        key = (self.info.name, kind)
        if key not in _FACES:
            module, _, attr = target.partition(":")
            package = type(self).__module__.rpartition(".")[0]
            _FACES[key] = getattr(importlib.import_module(module, package), attr)
        return _FACES[key]

    def parse_action(self, text: Any) -> Any:
        """Read an action in the game's notation (``resign`` in every game).

        ``text`` is typed ``Any`` so that a non-string is an :class:`InvalidNotation`
        in the compiled core too, not a ``TypeError``.

        :raises InvalidNotation: when ``text`` is not an action of this game.
        """
        resign = read_resign(text)
        if resign is not None:
            return resign
        if not isinstance(text, str):
            raise InvalidNotation(f"an action must be text, got {text!r}")
        return self._parse_action(text)

    def action_from_json(self, data: Any) -> Any:
        """Read an action from ``action.to_json()``.

        :raises InvalidNotation: on malformed data.
        """
        return read_resign(data) or self._action_from_json(data)

    @abstractmethod
    def _parse_action(self, text: str) -> Any:
        """Read one of the game's own actions in its notation."""

    @abstractmethod
    def _action_from_json(self, data: Any) -> Any:
        """Read one of the game's own actions from its JSON."""

    def state_from_json(self, data: Mapping[str, Any]) -> StateT:
        """Rebuild a state from ``state.to_json()``.

        :raises InvalidNotation: on malformed data or another game's state.
        """
        try:
            if data["game"] != self.info.name:
                raise InvalidNotation(f"a {data['game']!r} state is not a {self.info.name} state")
            if dict(data["options"]) != self.options:
                raise InvalidNotation("the state was made with other rule options")
            state = self._new_state(int(data["players"]), int(data["seed"]))
            origin = data.get("origin")
            state.origin = (
                Origin(origin)
                if origin is not None
                else Origin.SAMPLED
                if data["sampled"]
                else Origin.NEW_STATE
            )
            state._actions = [
                (int(a["seat"]), self.action_from_json(a["action"])) for a in data["actions"]
            ]
            state.resigned = tuple(s for s, a in state._actions if isinstance(a, Resign))
            self._restore(state, data["state"])
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, InvalidNotation):
                raise
            raise InvalidNotation(f"malformed {self.info.name} state: {exc!r}") from exc
        return state

    @abstractmethod
    def _restore(self, state: Any, payload: Any) -> None:
        """Fill ``state`` (fresh from ``_new_state``) from its ``_dump()``.

        Validates what it restores: a payload that no game could reach (a tile off the
        board, a card too many) raises ``ValueError`` or ``InvalidNotation``.
        """

    # -- positions -----------------------------------------------------------------------
    def state_from_position(self, position: Mapping[str, Any]) -> StateT:
        """A state with exactly ``position``: the readable form of :meth:`State.position`.

        For research and tests that need a position without playing to it. Each game
        documents its form (``docs/api.md``). The state can be played on but has no
        record (:class:`NoRecord`).

        :raises InvalidNotation: for a position that cannot be read or could not occur
            (a tile on a frame square, a card more often than the deck has it, ...).
        """
        if not isinstance(position, Mapping):
            raise InvalidNotation(
                f"a {self.info.name} position is a JSON object, got {type(position).__name__}"
            )
        resigned = position.get(RESIGNED, ())
        own = {k: v for k, v in position.items() if k not in (RESIGNED, SEED)}
        try:
            state = self._from_position(own)
            seats = tuple(int(s) for s in resigned)
            if SEED in position:
                state.seed = int(position[SEED])
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            if isinstance(exc, InvalidNotation):
                raise
            what = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            raise InvalidNotation(f"not a valid {self.info.name} position: {what}") from exc
        if len(set(seats)) != len(seats) or any(not 0 <= s < state.players for s in seats):
            raise InvalidNotation(f"{RESIGNED}: distinct seats of the game, got {resigned!r}")
        state.resigned = seats
        if state._resigned_out():
            state._end_by_resignation()
        state.origin = Origin.POSITION
        return state

    @abstractmethod
    def _from_position(self, position: Mapping[str, Any]) -> StateT:
        """Build the state of ``position`` (validated; see :meth:`state_from_position`)."""

    @abstractmethod
    def _position_of(self, state: Any) -> dict[str, Any]:
        """The readable position of ``state`` (see :meth:`State.position`)."""

    def next_options(self, result: Mapping[str, Any] | None, players: int) -> dict[str, Any]:
        """The options of the next game between the same seats (a rematch), after a game
        that ended with ``result`` (``Result.to_json()``, or None when unknown).

        The same options by default. A game whose rules rotate something between games
        (the dealer, the first player, the colours) says so here, citing its rule, so that
        no server code names a game.
        """
        return dict(self.options)

    @abstractmethod
    def sample_state(self, view: View, seat: int | None, seed: int) -> StateT:
        """A full state that shows exactly ``view`` to ``seat``, hidden parts drawn at random.

        The result is marked ``sampled``: it can be played on but has no record.
        """

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"spieltisch.load({self.info.name!r}{', ' if opts else ''}{opts})"
