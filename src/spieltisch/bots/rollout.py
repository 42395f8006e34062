"""Rollout search: policy improvement over a heuristic bot by sampled worlds.

Tesauro and Galperin ("On-line policy improvement using Monte-Carlo search", NIPS 1996)
showed that playing the move whose rollouts under a base policy score best is stronger
than the base policy itself, given enough rollouts. Here the base policy is a game's
``rules`` bot, and hidden cards are handled by sampling worlds from the view
(``game.sample_state``), as in perfect-information Monte Carlo, but without its
clairvoyance: every rollout move is planned from the rolling seat's own view, so no move
in a rollout knows more than a player would.

What makes a small budget go far:

- **Common random numbers.** In a round, every candidate is played out in the same
  sampled worlds with the same rollout seeds, so two candidates differ only by their
  consequences, not by the luck of the deal: the paired difference of their rewards has
  a far smaller spread than either reward.
- **Sequential halving** (Karnin, Koren and Somekh, ICML 2013): every round spends an
  equal share of the budget on the candidates left and drops the worse half, so clearly
  bad moves cost a few rollouts and the close ones get most of them.
- **The guard.** The base bot's own move is never dropped, and the search plays another
  move only if its paired advantage is larger than ``margin + z`` standard errors. The
  bot is therefore the base policy, improved where the rollouts show it clearly.

Rollouts stop after ``horizon`` plies (or at the end of the game) and are judged by an
evaluator, or by the result when the game is over. A game may hand the end of a world to
an exact solver instead of its base policy (``finish``): in a sampled world every hand is
known, so the last moves can be played perfectly for every seat, as programs for
trick-taking games do in each world they sample.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from spieltisch.engine import Dynamics, Game, SpieltischError, State, View

from .base import Bot, Plan
from .ismcts import SCORE_WEIGHT, Evaluator, Rewards, StopRule, result_rewards, view_seed

Finisher = Callable[[State], bool]
"""``finish(world) -> bool``: plays the rest of a sampled world's game (or as much as it
solves) perfectly for every seat, if the world is small enough to solve; ``False``, and
the world untouched, if not."""


class RolloutBot(Bot):
    """Plays the move whose rollouts under ``base`` score best, guarded by ``base``'s move.

    :param base: the policy improved on; it plays every rollout move.
    :param rollouts: rollouts per decision (one candidate, one world); deterministic.
    :param time_ms: thinking time per decision instead: the first world's rollouts are
        timed and the budget set to what fits.
    :param horizon: plies per rollout before ``evaluate`` judges the world (``None``: to
        the end of the game or until ``stop`` says so).
    :param stop: an extra rule that ends a rollout early, e.g. at the end of a deal.
    :param z: standard errors of the paired difference a move must beat ``base``'s by.
    :param margin: reward margin a move must beat ``base``'s by, on top of ``z``.
    :param finish: asked before every rollout move; where it solves the world, its moves
        replace ``base``'s.
    :raises SpieltischError: for a real-time game, or a cut-off without an evaluator.
    """

    level = "rollout"
    thinks = True

    def __init__(
        self,
        game: Game,
        base: Bot,
        *,
        seed: int = 0,
        delay: float = 0.0,
        rollouts: int = 200,
        time_ms: float | None = None,
        horizon: int | None = None,
        stop: StopRule | None = None,
        evaluate: Evaluator | None = None,
        z: float = 1.65,
        margin: float = 0.0,
        score_weight: float = SCORE_WEIGHT,
        finish: Finisher | None = None,
    ) -> None:
        super().__init__(game, seed=seed, delay=delay)
        if game.info.dynamics is Dynamics.REAL_TIME:
            raise SpieltischError(
                f"{game.info.name} is a real-time game: what matters is when to act, which "
                "turn-based search does not model; use its reaction-model levels"
            )
        if (horizon is not None or stop is not None) and evaluate is None:
            raise SpieltischError("a rollout cut-off needs an evaluator for unfinished worlds")
        self.base = base
        self.seed = seed
        self.rollouts = rollouts
        self.time_ms = time_ms
        self.horizon = horizon
        self.stop = stop
        self.evaluate = evaluate
        self.z = z
        self.margin = margin
        self.score_weight = score_weight
        self.finish = finish
        self.last_rollouts = 0
        """Rollouts of the last decision, for benchmarks."""
        self.last_estimates: dict[Any, float] = {}
        """Mean reward of every candidate of the last decision (over its rollouts)."""
        self.last_rewards: dict[Any, list[float]] = {}
        """Every rollout reward of every candidate of the last decision, in world order
        (the same worlds for all candidates of a round), for the search diagnosis."""
        self.last_rounds: list[list[Any]] = []
        """The candidates that entered each halving round of the last decision."""

    def plan(self, view: View, seat: int, clock: float) -> Plan:
        legal = self.legal_actions(view)
        if len(legal) == 1:
            return Plan(legal[0], self.delay)
        rng = random.Random(view_seed(self.seed, seat, view))
        self.base.rng = random.Random(rng.getrandbits(63))
        own = self.base.plan(view, seat, clock).action
        return Plan(self.search(view, seat, legal, own, rng), self.delay)

    def search(self, view: View, seat: int, legal: list[Any], own: Any, rng: random.Random) -> Any:
        """Sequential halving over ``legal`` with common worlds; ``own`` is never dropped.

        The budget is a cap, not a floor: every round gets the floor of an equal share of
        what is left, the remainder carries over to the next rounds, and no world is
        started that would take the count over the budget. So a level costs what its
        declaration says, however many moves there are to choose from.
        """
        # A time budget is turned into a count once the first world is timed.
        budget = self.rollouts if self.time_ms is None else sys.maxsize
        candidates = _shortlist(legal, own, budget, rng)
        self.last_rounds = [list(candidates)]
        if len(candidates) < 2:
            self.last_rollouts = 0
            self.last_estimates = {}
            self.last_rewards = {}
            return own
        rewards: dict[Any, list[float]] = {action: [] for action in candidates}
        self.last_rewards = rewards
        self.last_rounds = []
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        started = time.perf_counter()
        deadline = None if self.time_ms is None else started + self.time_ms / 1000
        timed = self.time_ms is None
        done = 0
        for round_no in range(rounds):
            round_start = done
            left = budget - done
            if left < len(candidates):
                if left < 2:
                    break
                # Too little left for one more world of every candidate: keep the best.
                candidates = _best(candidates, rewards, own, left)
            worlds = max(1, left // (rounds - round_no) // len(candidates))
            self.last_rounds.append(list(candidates))
            played = 0
            while played < worlds:
                played += 1
                if done + len(candidates) > budget:
                    break
                if deadline is not None and done and time.perf_counter() >= deadline:
                    break
                world = self.game.sample_state(view, seat, rng.getrandbits(63))
                roll_seed = rng.getrandbits(63)
                for action in candidates:
                    rewards[action].append(self._value(world, seat, action, roll_seed))
                done += len(candidates)
                if not timed:
                    # The first world's rollouts say what the time buys.
                    timed = True
                    per_rollout = (time.perf_counter() - started) / done
                    budget = max(done, int((self.time_ms or 0) / 1000 / per_rollout))
                    share = (budget - round_start) // (rounds - round_no)
                    worlds = max(1, share // len(candidates))
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if len(candidates) > 2:
                candidates = _best(candidates, rewards, own, max(2, len(candidates) // 2))
        self.last_rollouts = done
        self.last_estimates = {a: _mean(r) for a, r in rewards.items() if r}
        tried = [a for a in candidates if rewards[a]]
        if own not in tried:
            return own
        best = max(tried, key=lambda a: _mean(rewards[a]))
        if best != own and not self._clearly_better(rewards[best], rewards[own]):
            return own
        return best

    def _clearly_better(self, best: list[float], own: list[float]) -> bool:
        """Whether ``best`` beats ``own`` on the worlds both were played in, beyond doubt."""
        diffs = [b - o for b, o in zip(best, own, strict=False)]
        n = len(diffs)
        mean = sum(diffs) / n
        if n < 2:
            return mean > self.margin and self.z <= 0
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean > self.margin + self.z * math.sqrt(var / n)

    def _value(self, world: State, seat: int, action: Any, roll_seed: int) -> float:
        """The reward of ``seat`` after ``action`` in a copy of ``world``, played out.

        The hot loop of every search level: names are bound once, the base bot's
        generator is reseeded in place rather than rebuilt (the same sequence), and a
        cut-off rule is only asked when there is one.
        """
        state = world.clone()
        state.play(seat, action)  # a candidate from the view's legal actions
        base = self.base
        base.rng.seed(roll_seed)
        act = base.act
        play = state.play
        is_over = state.is_over
        active = state.active_seats
        stop = self.stop
        finish = self.finish
        limit = -1 if self.horizon is None else self.horizon
        plies = 0
        while not is_over():
            if plies == limit or (stop is not None and stop(world, state)):
                assert self.evaluate is not None
                return self.evaluate(state)[seat]
            if finish is not None and finish(state):
                continue
            actor = active()[0]
            play(actor, act(state, actor))
            plies += 1
        result = state.result()
        assert result is not None
        rewards: Rewards = result_rewards(result, self.score_weight)
        return rewards[seat]


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _shortlist(legal: list[Any], own: Any, budget: int, rng: random.Random) -> list[Any]:
    """The moves a search of ``budget`` rollouts can afford to try once each: all of them,
    or ``own`` and a random sample of the others (a random pick, not the first ones, so
    no move is never looked at because of where the game lists it)."""
    if budget >= len(legal):
        return list(legal)
    others = [a for a in legal if a != own]
    return [own, *rng.sample(others, max(0, budget - 1))]


def _best(candidates: list[Any], rewards: dict[Any, list[float]], own: Any, keep: int) -> list[Any]:
    """The ``keep`` best candidates by mean reward, ``own`` always among them."""
    ranked = sorted(candidates, key=lambda a: -_mean(rewards[a]))
    best = ranked[:keep]
    if own not in best and keep > 0:
        best = [*ranked[: keep - 1], own]
    return best


__all__ = ["Finisher", "RolloutBot"]
