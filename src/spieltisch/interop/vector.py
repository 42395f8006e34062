"""N games of one kind stepped together, with numpy arrays in and out.

>>> import numpy as np
>>> from spieltisch.interop.vector import BatchedEnv
>>> venv = BatchedEnv("hydra", 4)
>>> obs, info = venv.reset(seed=1)
>>> obs["observation"].shape, obs["action_mask"].shape, info["seat"].shape
((4, 558), (4, 118), (4,))
>>> actions = np.array([np.flatnonzero(m)[0] for m in obs["action_mask"]])
>>> obs, rewards, terminated, truncated, info = venv.step(actions)
>>> rewards.shape, terminated.dtype
((4, 5), dtype('bool'))

Learners that play every seat (self-play) batch their forward pass over many games; this
environment hands them one row per game, in the style of Gymnasium's ``VectorEnv``:

- Row ``i`` of ``observation`` and ``action_mask`` is what the seat that decides next in
  game ``i`` sees (``info["seat"][i]``), from the fast path of the PettingZoo env
  (:mod:`.pettingzoo`), which each game runs on: the same tensors, masks, reaction rounds
  (Halli Galli), meld steps (Kalooki) and options (``information_state``, ``max_plies``,
  ``reward``, the game's rule options).
- ``step(actions)`` plays ``actions[i]`` in game ``i``. ``rewards`` has one column per
  seat, because a game's end pays every seat at once; it is zero until a game ends.
- **Auto-reset** in the same step (Gymnasium's ``SAME_STEP``): a game that ends or is
  truncated reports ``terminated`` / ``truncated`` and its rewards, and its row already
  holds the first observation of the next game (seeded from the env's own generator);
  ``info["final"]`` marks those rows and ``info["final_observation"]`` maps each of
  them to the finished game's last observation (of the seat that moved last).
- ``reset(seed=s)`` starts game ``i`` with engine seed ``s + i``; the games after it
  follow from that, so a run is reproducible.

An action outside its row's mask (or not an integer id) raises ``ValueError`` before any
game moves: the whole batch stays as it was.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .infostate import RECALL_BITS
from .pettingzoo import SpieltischEnv

Batch = dict[str, npt.NDArray[Any]]


class BatchedEnv:
    """``num_envs`` PettingZoo games of ``game`` behind one array interface."""

    metadata = {"autoreset_mode": "SameStep"}  # noqa: RUF012 (gymnasium's name for it)

    def __init__(self, game: str, num_envs: int, **options: Any) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        self.envs = [SpieltischEnv(game, **options) for _ in range(num_envs)]
        first = self.envs[0]
        self.num_envs = num_envs
        self.num_players = first.players
        self.game = game
        self.single_observation_space = first.observation_space(first.possible_agents[0])
        self.single_action_space = first.action_space(first.possible_agents[0])
        n_obs = int(np.prod(first.encoder.observation_shape))
        n_obs += RECALL_BITS if first.information_state else 0
        n_act = first.encoder.num_actions
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (num_envs, n_obs), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (num_envs, n_act), dtype=np.int8),
            }
        )
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, n_act))
        self._obs = np.zeros((num_envs, n_obs), dtype=np.float32)
        self._mask = np.zeros((num_envs, n_act), dtype=np.int8)
        self._seat = np.zeros(num_envs, dtype=np.int64)

    def _write(self, i: int) -> None:
        """Row ``i``: the deciding seat's observation and mask."""
        e = self.envs[i]
        obs = e.observe(e.agent_selection)
        self._obs[i] = obs["observation"]
        self._mask[i] = obs["action_mask"]
        self._seat[i] = e.possible_agents.index(e.agent_selection)

    def _batch(self) -> Batch:
        return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Batch, dict[str, Any]]:
        for i, e in enumerate(self.envs):
            e.reset(seed=None if seed is None else seed + i)
            self._write(i)
        return self._batch(), {"seat": self._seat.copy()}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        Batch, npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"expected {self.num_envs} actions, got shape {acts.shape}")
        n = self.num_envs
        if not np.issubdtype(acts.dtype, np.integer):
            raise ValueError(f"actions must be integer ids, not {acts.dtype}")
        inside = (acts >= 0) & (acts < self._mask.shape[1])
        legal = inside.copy()
        legal[inside] = self._mask[np.flatnonzero(inside), acts[inside]] == 1
        if not legal.all():
            bad = [int(i) for i in np.flatnonzero(~legal)]
            raise ValueError(f"actions outside the mask in rows {bad}: no game moved")
        rewards = np.zeros((n, self.num_players), dtype=np.float32)
        terminated = np.zeros(n, dtype=np.bool_)
        truncated = np.zeros(n, dtype=np.bool_)
        final = np.zeros(n, dtype=np.bool_)
        final_obs: dict[int, npt.NDArray[np.float32]] = {}
        for i, e in enumerate(self.envs):
            agent = e.agent_selection
            e.step(int(acts[i]))
            if e.terminations[agent] or e.truncations[agent]:
                terminated[i] = bool(e.terminations[agent])
                truncated[i] = not terminated[i]
                rewards[i] = [e.rewards[a] for a in e.possible_agents]
                final[i] = True
                final_obs[i] = e.observe(agent)["observation"]
                e.reset()
            self._write(i)
        info = {"seat": self._seat.copy(), "final": final, "final_observation": final_obs}
        return self._batch(), rewards, terminated, truncated, info

    def close(self) -> None:
        for e in self.envs:
            e.close()
