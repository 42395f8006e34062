"""What a game's encoder provides: fixed integer actions, masks, tensors, explicit chance.

Learning code needs actions as integers from a fixed range and observations as arrays of
a fixed shape; OpenSpiel also needs chance as explicit nodes. An :class:`Encoder` gives
all of that for one game, on top of the engine contract and nothing else:

- **Action ids.** Every action the game can ever have gets an id in
  ``range(num_actions)``; ids that can never be legal may exist (a board move that leaves
  the frame), they simply never appear in a mask.
- **Observations** are computed from ``state.view(seat)`` only, so a tensor can never
  carry more than the seat may know (ARCHITECTURE principle 3).
- **Chance.** Where the engine draws a hidden thing from its seed (a layout, a deal), the
  encoder may describe the same draw as an explicit chance event at the moment it becomes
  visible; :meth:`chance_outcomes` and :meth:`apply_chance` do that for the OpenSpiel face.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from spieltisch.engine import Event, Game, Result, State, View, load

from ..bell import BellClock
from ..common import rank_returns

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]
Steps = tuple[int, ...]
"""Ids chosen so far of an action made of several steps."""


class TensorLayout:
    """Named pieces of one flat observation vector, each with its own shape.

    Encoders fill a view's facts into named pieces; the layout turns them into one
    ``float32`` vector of fixed size and names every part of it for documentation.
    """

    def __init__(self, pieces: Sequence[tuple[str, tuple[int, ...]]]) -> None:
        self.pieces = tuple(pieces)
        sizes = [int(np.prod(shape)) for _, shape in self.pieces]
        ends = np.cumsum(sizes)
        self.size = int(sum(sizes))
        self._slices = tuple(
            (name, int(end) - n, int(end), shape)
            for (name, shape), n, end in zip(self.pieces, sizes, ends, strict=True)
        )
        self.offsets = {name: start for name, start, _, _ in self._slices}
        """Where each named piece starts in the flat vector (for fillers that write the
        flat vector directly)."""

    def zeros(self) -> tuple[FloatArray, dict[str, FloatArray]]:
        """A zero vector and views of its named pieces, shaped, to write into."""
        out = np.zeros(self.size, dtype=np.float32)
        return out, {name: out[a:b].reshape(shape) for name, a, b, shape in self._slices}


class Encoder(ABC):
    """Fixed action ids and observation tensors for one game."""

    game: ClassVar[str]
    """Registry name of the game."""
    num_actions: ClassVar[int]
    """Size of the integer action space."""
    observation_shape: ClassVar[tuple[int, ...]]
    """Shape of :meth:`observe`'s array."""
    max_chance_outcomes: ClassVar[int] = 0
    """Size of the chance outcome space (0: the encoder derives no chance events)."""
    public_actions: ClassVar[bool] = False
    """True when every seat sees every action and chance outcome, so the history itself is
    each seat's perfect-recall information state."""

    reward_kinds: ClassVar[tuple[str, ...]] = ("rank", "score")
    """The rewards the game offers learners (:meth:`returns`): ``rank`` and ``score``
    always, ``money`` where the game's results are money."""

    def returns(self, result: Result | None, players: int, reward: str = "rank") -> list[float]:
        """Each seat's reward for a finished game (0 for all while it is not over).

        ``rank``: the rank utility in [-1, 1] (:func:`~..common.rank_returns`), zero-sum.
        ``score``: the result's scores in the game's own unit (higher is better). A game
        whose scores are money declares ``money`` and says what its ``score`` is.

        :raises ValueError: for a reward the game does not offer.
        """
        self.check_reward(reward)
        if reward == "rank":
            return rank_returns(result, players)
        if result is None:
            return [0.0] * players
        return [float(x) for x in result.scores]

    def check_reward(self, reward: str) -> None:
        """:raises ValueError: unless the game offers ``reward`` (see :attr:`reward_kinds`)."""
        if reward not in self.reward_kinds:
            offered = ", ".join(self.reward_kinds)
            raise ValueError(f"{self.game} offers the rewards {offered}, not {reward!r}")

    def make_clock(self) -> BellClock | None:
        """The turn model of a real-time game (Halli Galli's reaction rounds), else None."""
        return None

    def __init__(self, engine: Game | None = None) -> None:
        self.engine = engine if engine is not None else load(self.game)
        """The rule set whose notation :meth:`string_to_action` reads."""

    # -- actions -------------------------------------------------------------------------
    @abstractmethod
    def action_id(self, action: Any) -> int:
        """The id of an engine action.

        :raises ValueError: for an action outside the fixed space.
        """

    @abstractmethod
    def action_for_id(self, action_id: int) -> Any:
        """The engine action with this id (legal or not).

        :raises ValueError: for an id that names no action of the game.
        """

    def action_to_string(self, action_id: int) -> str:
        """The action's notation, e.g. ``"flip c4"``."""
        return str(self.action_for_id(action_id))

    def string_to_action(self, text: str) -> int:
        """The id of an action written in the game's notation.

        :raises InvalidNotation: when ``text`` is not an action of the game.
        :raises ValueError: when it is one but outside the fixed space.
        """
        return self.action_id(self.engine.parse_action(text))

    def legal_ids(self, actions: Iterable[Any], prefix: Steps = ()) -> list[int]:
        """Sorted ids legal now, given the legal engine actions.

        ``prefix`` holds the steps already chosen of an action split into several (a
        Kalooki meld); games without such actions take only ``()``.
        """
        if prefix:
            raise ValueError(f"{self.game} has no actions of several steps")
        return sorted(map(self.action_id, actions))

    def mask(self, actions: Iterable[Any], prefix: Steps = ()) -> MaskArray:
        """A 0/1 vector over the action space, 1 where :meth:`legal_ids` has the id."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        out[self.legal_ids(actions, prefix)] = 1
        return out

    def mask_from_view(self, view: View, prefix: Steps = ()) -> MaskArray:
        """The legal-action mask as a function of the view alone (its ``legal_actions``)."""
        parse = self.engine.parse_action
        return self.mask([parse(text) for text in view["legal_actions"]], prefix)

    # -- actions of several steps ----------------------------------------------------------
    def split(self, action: Any) -> Steps:
        """The ids that make up an engine action, in order (one for most actions)."""
        return (self.action_id(action),)

    def finish(self, steps: Steps) -> Any | None:
        """The engine action these steps complete, or ``None`` while more must follow."""
        if len(steps) != 1:
            raise ValueError(f"{self.game} has no actions of several steps")
        return self.action_for_id(steps[0])

    # -- observations --------------------------------------------------------------------
    @abstractmethod
    def observe(self, view: View, seat: int, prefix: Steps = ()) -> FloatArray:
        """The observation tensor of ``seat``, computed from its view and nothing else
        (and the steps it has chosen of an unfinished action)."""

    def observe_state(self, state: State, seat: int, prefix: Steps = ()) -> FloatArray:
        """:meth:`observe` of ``state.view(seat)``, equal array, possibly without the view.

        The learners' fast path: a game may fill the tensor from the state's own fields
        (reading only what the seat's view shows), skipping the JSON view and its notation
        strings. This default builds the view.
        """
        return self.observe(state.view(seat), seat, prefix)

    def observation_names(self) -> Sequence[tuple[str, tuple[int, ...]]]:
        """Named pieces of the flat observation, in order: (name, shape)."""
        return [("observation", self.observation_shape)]

    # -- chance --------------------------------------------------------------------------
    def needs_chance(self, state: State, seat: int, action: Any) -> bool:
        """Whether ``action`` reveals a random outcome that an explicit chance node decides."""
        return False

    def chance_outcomes(self, state: State, seat: int, action: Any) -> list[tuple[int, float]]:
        """Outcomes of the pending chance event with their probabilities, ids ascending."""
        raise NotImplementedError(f"{self.game} derives no chance events")

    def apply_chance(self, state: State, seat: int, action: Any, outcome: int) -> None:
        """Make the hidden part of ``state`` agree with ``outcome`` before ``action`` runs."""
        raise NotImplementedError(f"{self.game} derives no chance events")

    def max_chance_events(self) -> int:
        """An upper bound on the chance events of one state (OpenSpiel's game length)."""
        return 0

    def chance_to_string(self, outcome: int) -> str:
        return f"chance {outcome}"

    def revealed_outcome(self, events: list[Event]) -> int:
        """The chance outcome an action drew in a seeded engine game, from its events.

        Turns engine records (seed + actions) into OpenSpiel histories with chance ids.
        """
        raise NotImplementedError(f"{self.game} derives no chance events")
