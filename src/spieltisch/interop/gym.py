"""One seat against ladder bots as a single-agent Gymnasium environment.

>>> from spieltisch.interop import gym
>>> env = gym.make("kalooki-2p-vs-rules")
>>> obs, info = env.reset(seed=3)
>>> sorted(obs), obs["observation"].shape
(['action_mask', 'observation'], (4791,))

``make("<game>[-<n>p]-vs-<level>")`` seats the learner at seat 0 (``seat=`` moves it)
and every other seat with a ladder bot of that level (:class:`.policies.LadderPolicy`,
planning from its own view). ``step(action)`` plays the learner's id, then the bots
until the learner must act again or the game ends. Observations and masks are the
PettingZoo env's (the fast path); the reward comes at the end: ``reward="rank"``
(default) the learner's rank utility in [-1, 1], ``"score"`` its score in the game's own
unit, ``"money"`` its money where the game's results are money (Kalooki; see
:meth:`.Encoder.returns`); an action outside the mask ends the episode with reward -1, as
PettingZoo's ``TerminateIllegalWrapper`` does. Any other keyword is passed on to the
PettingZoo env (rule options, ``information_state``, ``max_plies``).
"""

from __future__ import annotations

import re
from typing import Any

import gymnasium

from .pettingzoo import SpieltischEnv
from .policies import LadderPolicy

ILLEGAL_REWARD = -1.0
"""An action outside the mask ends the episode with this reward (the game is not played
on: reset)."""
_NAME = re.compile(r"^(?P<game>[a-z_]+?)(?:-(?P<players>\d+)p)?-vs-(?P<level>[a-z_]+)$")


class VersusLadder(gymnasium.Env[dict[str, Any], int]):
    """The learner's seat of a PettingZoo game, the other seats played by ladder bots."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        game: str,
        level: str = "rules",
        *,
        players: int | None = None,
        seat: int = 0,
        bot_seed: int = 0,
        **options: Any,
    ) -> None:
        self.aec = SpieltischEnv(game, players=players, **options)
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self.level = level
        self.bot_seed = bot_seed
        self.bots = LadderPolicy(self.aec.engine, level, seed=bot_seed)

    def _advance(self) -> None:
        """Let the bots play until the learner acts or the game is done."""
        aec = self.aec
        while not self._done() and aec.agent_selection != self.agent:
            aec.step(self.bots(aec, aec.agent_selection))

    def _observe(self) -> dict[str, Any]:
        """The learner's observation, its own arrays (the env shares one mask a step)."""
        obs = self.aec.observe(self.agent)
        return {"observation": obs["observation"], "action_mask": obs["action_mask"].copy()}

    def _done(self) -> bool:
        return bool(self.aec.terminations[self.agent] or self.aec.truncations[self.agent])

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**31))
        # Fresh bots each episode, seeded from the game's seed: an episode replays.
        self.bots = LadderPolicy(self.aec.engine, self.level, seed=self.bot_seed + game_seed)
        self.aec.reset(seed=game_seed)
        self._advance()
        return self._observe(), dict(self.aec.infos[self.agent])

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        aec = self.aec
        mask = aec.observe(self.agent)["action_mask"]
        if not (0 <= int(action) < len(mask) and mask[int(action)]):
            # As PettingZoo's TerminateIllegalWrapper: the episode ends, reward -1.
            return self._observe(), ILLEGAL_REWARD, True, False, {"illegal": True}
        aec.step(int(action))
        self._advance()
        terminated = bool(aec.terminations[self.agent])
        truncated = bool(aec.truncations[self.agent]) and not terminated
        reward = float(aec._cumulative_rewards[self.agent]) if terminated else 0.0
        return self._observe(), reward, terminated, truncated, {"seat": self.seat}

    def render(self) -> str | None:
        return self.aec.render()


def make(name: str, **kwargs: Any) -> VersusLadder:
    """``make("kalooki-2p-vs-rules")``, ``make("hydra-vs-random")``: see the module text."""
    found = _NAME.match(name)
    if found is None:
        raise ValueError(f"{name!r} is not '<game>[-<n>p]-vs-<level>'")
    players = int(found["players"]) if found["players"] else None
    return VersusLadder(found["game"], found["level"], players=players, **kwargs)
