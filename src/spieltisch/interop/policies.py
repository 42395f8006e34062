"""The ladder bots as baselines: a PettingZoo policy and an OpenSpiel bot.

Both ask a spieltisch bot (``spieltisch.bots.make(game, level)``: ``random``, ``rules``,
the game's own levels and the search levels) for its plan from the acting seat's view,
exactly as at the table, and turn the engine action into the adapter's ids. An action of
several steps (a Kalooki meld) is planned once and handed out step by step. In Halli
Galli's reaction rounds a bot that would not act now answers ``wait``.

>>> from spieltisch.interop.pettingzoo import env
>>> from spieltisch.interop.policies import LadderPolicy
>>> e = env("hydra")
>>> e.reset(seed=1)
>>> policy = LadderPolicy("hydra", "rules", seed=0)
>>> isinstance(policy(e, e.agent_selection), int)
True
"""

from __future__ import annotations

from typing import Any

import pyspiel

from spieltisch.bots import Bot, make
from spieltisch.engine import Game, State, load

from .bell import WAIT
from .encoders import Encoder, encoder


class _Planner:
    """A bot and the steps it still owes of an action of several steps."""

    def __init__(self, game: Game, level: str, seed: int) -> None:
        self.bot: Bot = make(game, level, seed=seed)
        self.encoder: Encoder = encoder(game)
        self.pending: list[int] = []

    def next_id(self, state: State, seat: int, prefix: tuple[int, ...], legal: set[int]) -> int:
        """The id the bot plays now for ``seat`` (its view only), one of ``legal``."""
        if prefix and self.pending and self.pending[0] in legal:
            return self.pending.pop(0)
        self.pending = []
        view = state.view(seat)
        if view["legal_actions"]:
            action = self.bot.plan(view, seat, 0.0).action  # None: not now (the bell)
            steps = list(self.encoder.split(action)) if action is not None else [-1]
            if steps[0] in legal:
                self.pending = steps[1:]
                return steps[0]
        wait = self.encoder.action_id(WAIT) if self.encoder.make_clock() else None
        if wait is not None and wait in legal:
            return wait
        return min(legal)


class LadderPolicy:
    """A PettingZoo policy: ``policy(env, agent)`` is the id ``agent`` plays now.

    One instance may serve any agents of one env (it keeps a planner per seat).
    """

    def __init__(self, game: str | Game, level: str = "rules", *, seed: int = 0) -> None:
        self.game = load(game) if isinstance(game, str) else game
        self.level = level
        self.seed = seed
        self._planners: dict[int, _Planner] = {}

    def __call__(self, env: Any, agent: str) -> int:
        base = env.unwrapped
        seat = base.possible_agents.index(agent)
        planner = self._planners.get(seat)
        if planner is None:
            planner = _Planner(self.game, self.level, self.seed + seat)
            self._planners[seat] = planner
        mask = base.observe(agent)["action_mask"]
        legal = {int(i) for i in mask.nonzero()[0]}
        if not legal:
            raise ValueError(f"{agent} may not act now")
        prefix = base._prefix if seat == base._seat else ()
        return planner.next_id(base.game_state, seat, prefix, legal)


class LadderBot(pyspiel.Bot):  # type: ignore[misc]
    """An OpenSpiel bot (``step(state)``) playing a spieltisch ladder level for one seat."""

    def __init__(self, game: Any, player: int, level: str = "rules", *, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.player = player
        self._planner = _Planner(game.shared.engine, level, seed)

    def step(self, state: Any) -> int:
        legal = set(state.legal_actions(self.player))
        return self._planner.next_id(state.engine_state, self.player, state.prefix, legal)

    def restart_at(self, state: Any) -> None:
        self._planner.pending = []

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass
