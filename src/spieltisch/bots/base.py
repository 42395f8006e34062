"""What a bot is: something that plans an action from a view, never from the full state.

ARCHITECTURE.md, "Bots": a bot is asked ``plan(view, seat, clock)`` and answers what it
wants to do and when (``delay`` seconds after ``clock``). Turn-based bots answer with a
thinking delay; real-time bots (Halli Galli) with a reaction time. A bot gets its legal
actions from the view (``view["legal_actions"]``, in notation), so it cannot peek.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, NamedTuple

from spieltisch.engine import Game, State, View


class Plan(NamedTuple):
    """A bot's answer: the action, and how many seconds after ``clock`` to play it."""

    action: Any
    delay: float


class Bot(ABC):
    """Base class of all bots. ``seed`` makes every choice reproducible."""

    level: str = ""
    """The ladder name this bot is known by (``random``, ``rules``, ...)."""
    thinks: bool = False
    """Whether a plan is a search that takes a noticeable time: a server then computes it
    in a worker process (``spieltisch.bots.ismcts.plan_async``) instead of a thread."""
    reads_only_legal_actions: bool = False
    """Whether :meth:`plan` reads nothing of its view but ``legal_actions``: a runtime may
    then hand it a view of those alone (on a busy server a whole view was most of a
    random bot's move)."""

    def __init__(self, game: Game, *, seed: int = 0, delay: float = 0.0) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.delay = delay

    @abstractmethod
    def plan(self, view: View, seat: int, clock: float) -> Plan:
        """Choose what to do for ``seat`` seeing ``view`` at time ``clock``.

        Called only when ``seat`` may act (``view["legal_actions"]`` is not empty).
        """

    def act(self, state: State, seat: int) -> Any:
        """The action ``seat`` plays in ``state``, a world inside a search (a rollout).

        The same move ``plan`` would choose from ``seat``'s view. A game's bot may
        override it to read ``state`` directly for speed, but only what ``seat`` could
        see there: a rollout move must never know more than a player would.
        """
        return self.plan(state.view(seat), seat, 0.0).action

    def legal_actions(self, view: View) -> list[Any]:
        """The seat's legal actions, read from its view."""
        return [self.game.parse_action(text) for text in view["legal_actions"]]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} level={self.level!r} game={self.game.info.name!r}>"


class RandomBot(Bot):
    """Plays a uniformly random legal action: the baseline of every ladder."""

    level = "random"
    reads_only_legal_actions = True

    def plan(self, view: View, seat: int, clock: float) -> Plan:
        # Only the chosen text is parsed (the same draw as over all parsed actions): it
        # plays on every live table's turn, where parsing every legal action cost more
        # than the rest of its move.
        return Plan(self.game.parse_action(self.rng.choice(view["legal_actions"])), self.delay)
