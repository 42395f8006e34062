"""The games as PettingZoo AEC environments.

>>> from spieltisch.interop.pettingzoo import env
>>> e = env("halali", variant="brettspielnetz")
>>> e.reset(seed=7)
>>> e.agent_selection
'player_0'
>>> obs, reward, termination, truncation, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()), info["legal_actions"][:2]
((806,), 48, ['flip b2', 'flip c2'])

- Agents are ``player_0 .. player_{n-1}``, one per seat.
- Observations are dicts: ``observation`` (the encoder's tensor of that seat's view) and
  ``action_mask`` (int8 over the fixed action space; all zero when the seat may not act).
- Rewards come only at the end. ``reward="rank"`` (default): the rank utilities of
  :func:`common.rank_returns`, in [-1, 1] and zero-sum; ``"score"``: the result's scores
  in the game's own unit; ``"money"`` where the game's results are money (Kalooki). The
  game declares what it offers (``encoder.reward_kinds``, :meth:`.Encoder.returns`); a
  truncated game pays 0.
- ``reset(seed=s)`` starts the engine game with seed ``s``: the hidden layout or deal is
  the engine's own, so the finished game's ``record()`` (``env.unwrapped.game_state``) replays
  with ``spieltisch.replay`` and can be exported with :mod:`spieltisch.interop.dataset`.
  Without a seed the next one is drawn from the generator of the previous reset.
- ``information_state=True`` makes observations information-state tensors (perfect
  recall, :mod:`spieltisch.interop.infostate`): the view's tensor followed by 128 recall
  bits, a digest of every view the seat has seen and every step it chose. It writes every
  seat's view as JSON once a step, so it costs what the fast path saves.
- ``max_plies`` (default 5000, counting steps) truncates endless games (Halali's Kosmos
  rules have no move limit while tiles are face down).
- ``info["legal_actions"]`` names the legal actions in the game's notation; the strings
  are written only when the info is read (:class:`LazyInfo`).
- The fast path: observations come from ``encoder.observe_state`` (the game's tensor
  filled from the state, equal to the view's), the mask is computed once per step, and an
  action the mask allows is played with the engine's unchecked ``play``; one it does not
  allow goes through ``apply``, which raises the rules' refusal.
- Kalooki melds take several steps by the same agent (see its encoder); Halli Galli is
  played in reaction rounds (:mod:`spieltisch.interop.bell`), their orders drawn from
  the game seed, so only one seat decides at a time and ``wait`` is an action.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from spieltisch.engine import State, derive_rng, load

from .bell import WAIT
from .encoders import encoder
from .infostate import RECALL_BITS, Recall

DEFAULT_MAX_PLIES = 5000
Obs = dict[str, Any]


class LazyInfo(dict[str, Any]):
    """An agent's ``info``: ``seat`` at once, ``legal_actions`` (notation) when first read.

    Writing every legal action as text costs a learner a tenth of its step; the strings
    are made only for code that reads them (any read of the dict's content does).
    """

    __slots__ = ("_legal",)

    def __init__(self, seat: int, legal: list[Any]) -> None:
        super().__init__(seat=seat)
        self._legal: list[Any] | None = legal

    def _fill(self) -> None:
        if self._legal is not None:
            dict.__setitem__(self, "legal_actions", [str(a) for a in self._legal])
            self._legal = None

    def __missing__(self, key: str) -> Any:
        self._fill()
        if key == "legal_actions":
            return dict.__getitem__(self, key)
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        self._fill()
        return dict.get(self, key, default)

    def __contains__(self, key: object) -> bool:
        self._fill()
        return dict.__contains__(self, key)

    def __iter__(self) -> Iterator[str]:
        self._fill()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._fill()
        return dict.__len__(self)

    def __eq__(self, other: object) -> bool:
        self._fill()
        return dict.__eq__(self, other)

    __hash__ = None

    def __repr__(self) -> str:
        self._fill()
        return dict.__repr__(self)

    def keys(self) -> Any:
        self._fill()
        return dict.keys(self)

    def items(self) -> Any:
        self._fill()
        return dict.items(self)

    def values(self) -> Any:
        self._fill()
        return dict.values(self)

    def copy(self) -> dict[str, Any]:
        self._fill()
        return dict(dict.items(self))

    def __reduce__(self) -> Any:
        return (dict, (self.copy(),))


class SpieltischEnv(AECEnv):  # type: ignore[misc]
    """One spieltisch game as an agent-environment-cycle environment."""

    def __init__(
        self,
        game: str,
        *,
        players: int | None = None,
        max_plies: int = DEFAULT_MAX_PLIES,
        render_mode: str | None = None,
        information_state: bool = False,
        reward: str = "rank",
        **options: Any,
    ) -> None:
        super().__init__()
        self.information_state = information_state
        """Observations are information-state tensors (:mod:`.infostate`): the view's
        tensor followed by the recall bits of every view the seat has seen."""
        self._recall: Recall | None = None
        self.engine = load(game, **options)
        self.encoder = encoder(self.engine)
        self.encoder.check_reward(reward)
        self.reward = reward
        """What a finished game pays (``encoder.reward_kinds``: rank, score, money)."""
        self.players = self.engine.info.default_players if players is None else players
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": ["ansi", "human"],
            "name": f"spieltisch_{game}_v0",
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{s}" for s in range(self.players)]
        self._seats = {agent: s for s, agent in enumerate(self.possible_agents)}
        n_obs = int(np.prod(self.encoder.observation_shape))
        n_obs += RECALL_BITS if information_state else 0
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (n_obs,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoder.num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {
            a: spaces.Discrete(self.encoder.num_actions) for a in self.possible_agents
        }
        self._seeds = random.Random()
        self._legal: list[Any] = []
        self._no_mask = np.zeros(self.encoder.num_actions, dtype=np.int8)
        self._no_mask.flags.writeable = False
        self._mask = self._no_mask
        self._seat = 0
        self._clock = self.encoder.make_clock()
        self._orders = 0
        self._prefix: tuple[int, ...] = ()
        """Steps chosen so far of an action made of several (a Kalooki meld)."""
        self._steps = 0
        self.game_state: State = self.engine.new_state(players=self.players, seed=0)
        """The engine state of the current game (full state: for records, not for agents)."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the AEC loop --------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.randrange(2**31)
        self.game_state = self.engine.new_state(players=self.players, seed=game_seed)
        self._prefix = ()
        self._steps = 0
        self._clock = self.encoder.make_clock()
        self._orders = 0
        self._recall = Recall(self.game_state) if self.information_state else None
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._idle = [LazyInfo(s, []) for s in range(self.players)]
        self._select()

    def _actor(self) -> int:
        """The seat that decides next; draws Halli Galli's reaction order when one is due."""
        state, clock = self.game_state, self._clock
        if clock is None:
            seats = state.active_seats()
            return seats[0] if seats else 0
        while clock.needs_order(state):
            outcomes = clock.order_outcomes(state)
            rng = derive_rng(state.seed, "bell-order", self._orders)
            clock.set_order(state, rng.randrange(len(outcomes)))
            self._orders += 1
        return clock.actor(state) if not state.is_over() else 0

    def _legal_for(self, seat: int) -> list[Any]:
        """The actor's engine actions (plus ``wait`` in a reaction round); nobody else's."""
        if self.game_state.is_over() or seat != self._seat:
            return []
        legal = list(self.game_state.legal_actions(seat))
        if self._clock is not None and self._clock.may_wait(self.game_state):
            legal.append(WAIT)
        return legal

    def _select(self) -> None:
        self._seat = self._actor()
        self.agent_selection = self.possible_agents[self._seat]
        # One legal-action list and mask per step, shared by observe, info and step.
        self._legal = self._legal_for(self._seat)
        self._mask = self.encoder.mask(self._legal, self._prefix)
        infos, idle = self.infos, self._idle
        for s, agent in enumerate(self.possible_agents):
            if agent in infos:
                # Seats that may not act keep one info (no legal actions) from step to
                # step, as most PettingZoo environments do; the actor's is new each step.
                infos[agent] = LazyInfo(s, self._legal) if s == self._seat else idle[s]

    def observe(self, agent: str) -> Obs:
        seat = self._seats[agent]
        acting = seat == self._seat
        prefix = self._prefix if acting else ()
        observation = self.encoder.observe_state(self.game_state, seat, prefix)
        if self._recall is not None:
            observation = np.concatenate((observation, self._recall.bits(seat)))
        return {
            "observation": observation,
            "action_mask": self._mask if acting else self._no_mask,
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat  # the seat of agent_selection
        assert action is not None, "a live agent must act"
        steps = (*self._prefix, int(action))
        move = self.encoder.finish(steps)
        self._prefix = () if move is not None else steps
        if move is not None and self._clock is not None:
            self._clock.apply(self.game_state, seat, move)
        elif move is not None and 0 <= action < len(self._mask) and self._mask[action]:
            # The mask holds only steps of legal actions: play skips the rules' check.
            self.game_state.play(seat, move)
        elif move is not None:
            self.game_state.apply(seat, move)  # raises the rules' refusal
        self._steps += 1
        if self._recall is not None:
            self._recall.fold(self.game_state, seat, steps)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        over = self.game_state.is_over()
        if over:
            returns = self.encoder.returns(self.game_state.result(), self.players, self.reward)
            for s, a in enumerate(self.possible_agents):
                self.rewards[a] = returns[s]
                self.terminations[a] = True
        elif self._steps >= self.max_plies:
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        if over:  # rewards come only at the end: no other step adds anything
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # -- output --------------------------------------------------------------------------
    def render(self) -> str | None:
        text = _render(self.game_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def _render(state: State) -> str:
    view = state.view(None)
    over = state.result()
    head = f"{view['game']} ply {state.ply}"
    if over is not None:
        return f"{head}: over, ranks {list(over.ranks)} ({over.reason})"
    return f"{head}: seats to act {list(state.active_seats())}"


class _Forward:
    """PettingZoo's wrappers, reading the environment's per-step fields in one hop.

    A wrapper finds ``agent_selection``, ``terminations`` and the like through
    ``__getattr__``, one Python call per wrapper: ``last()`` and ``step()`` read a dozen
    of them, which made the three wrappers cost a Kalooki step as much as the step. These
    properties read them straight from the bare environment (never cached: it rebinds
    them every step); the wrappers' behaviour is PettingZoo's own, unchanged.
    """

    _raw: SpieltischEnv

    def __init__(self, env: AECEnv, *args: Any) -> None:
        super().__init__(env, *args)  # type: ignore[call-arg]
        self._raw = env.unwrapped

    @property
    def agent_selection(self) -> str:
        return self._raw.agent_selection

    @property
    def agents(self) -> list[str]:
        return self._raw.agents

    @property
    def possible_agents(self) -> list[str]:
        return self._raw.possible_agents

    @property
    def terminations(self) -> dict[str, bool]:
        return self._raw.terminations

    @property
    def truncations(self) -> dict[str, bool]:
        return self._raw.truncations

    @property
    def rewards(self) -> dict[str, float]:
        return self._raw.rewards

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        return self._raw.infos

    @property
    def _cumulative_rewards(self) -> dict[str, float]:
        return self._raw._cumulative_rewards

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._raw.action_spaces[agent]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._raw.observation_spaces[agent]


class _TerminateIllegal(_Forward, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's wrapper; ``observe`` keeps the acting agent's observation and info
    as PettingZoo's does, reading the bare environment's fields once."""

    def observe(self, agent: str) -> Any:
        obs = self.env.observe(agent)
        raw = self._raw
        if agent == raw.agent_selection:
            self._prev_obs = obs
            self._prev_info = raw.infos.get(agent, {})
        return obs

    def step(self, action: Any) -> None:
        """A live agent's action that the observed mask allows goes straight on, as in
        PettingZoo's ``step``; everything else (no observation yet, a dead agent, an
        illegal action) takes PettingZoo's own path."""
        raw = self._raw
        agent = raw.agent_selection
        prev = self._prev_obs
        if (
            type(prev) is dict
            and not raw.terminations[agent]
            and not raw.truncations[agent]
            and prev["action_mask"][action]
        ):
            self._prev_obs = None
            self._prev_info = None  # type: ignore[assignment]
            self.env.step(action)
        else:
            super().step(action)


class _AssertOutOfBounds(_Forward, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's bounds check; a plain ``int`` inside the action space passes at once.

    Gymnasium's ``Discrete.contains`` probes the space's numpy dtype on every call, a
    tenth of a Kalooki step; every other value still goes through PettingZoo's check.
    """

    def step(self, action: Any) -> None:
        if type(action) is int and 0 <= action < self._raw.encoder.num_actions:
            self.env.step(action)
        else:
            super().step(action)


class _OrderEnforcing(_Forward, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """Before the first ``reset`` these fields raise, as PettingZoo's wrapper makes them."""

    def _checked(self, name: str) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self._raw, name)

    def step(self, action: Any) -> None:
        """PettingZoo's order check, the live agents read from the bare environment."""
        if self._has_reset and self._raw.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``, the four fields read from the bare environment at once
        (after a reset; before one, PettingZoo's own ``last`` raises as it does)."""
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]
        raw = self._raw
        agent = raw.agent_selection
        observation = self.observe(agent) if observe else None
        return (
            observation,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

    agent_selection = property(lambda self: self._checked("agent_selection"))
    agents = property(lambda self: self._checked("agents"))
    terminations = property(lambda self: self._checked("terminations"))
    truncations = property(lambda self: self._checked("truncations"))
    rewards = property(lambda self: self._checked("rewards"))
    infos = property(lambda self: self._checked("infos"))


def raw_env(game: str, **options: Any) -> SpieltischEnv:
    """The environment without PettingZoo's checking wrappers."""
    return SpieltischEnv(game, **options)


def env(game: str, **options: Any) -> AECEnv:
    """The AEC environment of ``game`` with PettingZoo's usual wrappers (illegal action
    and out-of-bounds checks, order enforcement). Keyword arguments are the game's rule
    options plus ``players``, ``max_plies``, ``render_mode``, ``information_state`` and
    ``reward``."""
    e: AECEnv = raw_env(game, **options)
    e = _TerminateIllegal(e, -1)
    e = _AssertOutOfBounds(e)
    return _OrderEnforcing(e)
