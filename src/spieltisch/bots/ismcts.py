"""Information-set Monte Carlo tree search (SO-ISMCTS) over the engine contract only.

The bot sees a view, never the state. Every iteration asks the game for one world
consistent with that view (``game.sample_state(view, seat, seed)``), walks a single
tree shared by all those worlds (Cowling, Powley and Whitehouse, "Information Set Monte
Carlo Tree Search", IEEE TCIAIG 2012), and rolls the world out with a pluggable policy.
Children are keyed by ``(seat, action)``, and selection uses availability counts, since
an action exists only in the worlds where it is legal.

Multi-player: a result is turned into one reward in [0, 1] per seat (rank first, a
little score), and each node keeps the reward of the seat that chose it, so every seat
maximises its own result (the "max^n" reading of UCT). Simultaneous moves (several
active seats) are sequentialised by seat number; real-time games, where *when* one acts
is the decision, are refused with a reason: their ladder is their reaction models.

Determinism: with an iteration budget, the same bot seed and the same view give the same
action, in any process (the search seed is derived from both). A millisecond budget trades
that for a bounded thinking time.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from typing import Any, Final

from spieltisch.engine import (
    Dynamics,
    Game,
    Result,
    SpieltischError,
    State,
    View,
    derive_rng,
    ranks_from_keys,
)

from .base import Bot, Plan

Rewards = Sequence[float]
RolloutPolicy = Callable[[State, int, random.Random], Any]
"""``policy(state, seat, rng) -> action``: the move ``seat`` makes in a rollout."""
Evaluator = Callable[[State], Rewards]
"""``evaluate(state) -> rewards``: per-seat rewards in [0, 1] for an unfinished state."""
StopRule = Callable[[State, State], bool]
"""``stop(start, now) -> bool``: whether a rollout of a search that began at ``start`` is
done (e.g. with the game of a match it began in); ``evaluate`` judges ``now``."""

DEFAULT_ITERATIONS: Final = 200
EXPLORATION: Final = 0.7
"""UCB constant; rewards live in [0, 1], so below the textbook √2 (Cowling et al. use 0.7)."""
SCORE_WEIGHT: Final = 0.1
"""Share of the reward given to the score margin, so a won game is won by more if possible."""
VARIANCE_FLOOR: Final = 0.01
"""Least reward variance assumed for a move, so two lucky samples are not a certainty."""


# -- rewards -------------------------------------------------------------------------------
def rank_rewards(result: Result) -> list[float]:
    """1 for a sole winner, 0 for a sole loser; tied seats share their places.

    >>> rank_rewards(Result((3.0, 5.0, 3.0), (2, 1, 2), "x"))
    [0.25, 1.0, 0.25]
    """
    n = len(result.ranks)
    if n < 2:
        return [1.0] * n
    out = []
    for rank in result.ranks:
        tied = sum(1 for r in result.ranks if r == rank)
        place = rank + (tied - 1) / 2
        out.append((n - place) / (n - 1))
    return out


def order_rewards(values: Sequence[float]) -> list[float]:
    """Rank rewards of seats ordered by ``values`` (higher is better), ties shared: how an
    evaluator judges an unfinished world by one number per seat.

    >>> order_rewards([3.0, 7.0, 3.0])
    [0.25, 1.0, 0.25]
    """
    ranks = ranks_from_keys([(v,) for v in values])
    return rank_rewards(Result(tuple(values), ranks, "cut-off"))


def score_rewards(result: Result) -> list[float]:
    """Scores scaled to [0, 1], oriented so that the better-ranked seats score higher.

    Games count in their own unit, some with penalty points (lower is better); the ranks
    say which way is good.
    """
    scores = list(result.scores)
    low, high = min(scores), max(scores)
    if high == low:
        return [0.5] * len(scores)
    best = min(result.ranks)
    top = [s for s, r in zip(scores, result.ranks, strict=True) if r == best]
    rest = [s for s, r in zip(scores, result.ranks, strict=True) if r != best]
    lower_is_better = bool(rest) and sum(top) / len(top) < sum(rest) / len(rest)
    scaled = [(s - low) / (high - low) for s in scores]
    return [1 - x for x in scaled] if lower_is_better else scaled


def result_rewards(result: Result, score_weight: float = SCORE_WEIGHT) -> list[float]:
    """The per-seat reward of a finished game."""
    ranks = rank_rewards(result)
    if score_weight <= 0:
        return ranks
    scores = score_rewards(result)
    return [(1 - score_weight) * r + score_weight * s for r, s in zip(ranks, scores, strict=True)]


# -- rollout policies ------------------------------------------------------------------------
class RandomPolicy:
    """A uniformly random legal action: the default rollout."""

    def __call__(self, state: State, seat: int, rng: random.Random) -> Any:
        return rng.choice(state.legal_actions(seat))


class BotPolicy:
    """A bot guides rollouts, planning from the sampled world's view of the seat to move.

    ``epsilon`` mixes in random moves, so rollouts do not all follow one script.
    """

    def __init__(self, bot: Bot, epsilon: float = 0.0) -> None:
        self.bot = bot
        self.epsilon = epsilon

    def reseed(self, seed: int) -> None:
        """Fix the bot's own tie-breaking per search, so a search depends on its seed only."""
        self.bot.rng = random.Random(seed)

    def __call__(self, state: State, seat: int, rng: random.Random) -> Any:
        if self.epsilon and rng.random() < self.epsilon:
            return rng.choice(state.legal_actions(seat))
        return self.bot.act(state, seat)


# -- the tree --------------------------------------------------------------------------------
class Node:
    """One action in the tree: who took it, how often it was tried and available."""

    __slots__ = ("action", "avail", "children", "seat", "squares", "total", "visits")

    def __init__(self, seat: int, action: Any) -> None:
        self.seat = seat
        self.action = action
        self.children: dict[tuple[int, Any], Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.squares = 0.0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def variance(self) -> float:
        """Sample variance of the rewards seen through this node (at least the floor)."""
        if self.visits < 2:
            return 0.25
        mean = self.total / self.visits
        return max(VARIANCE_FLOOR, self.squares / self.visits - mean * mean)

    def ucb(self, exploration: float) -> float:
        return self.total / self.visits + exploration * math.sqrt(
            math.log(self.avail) / self.visits
        )


def view_seed(seed: int, seat: int, view: View) -> int:
    """A search seed fixed by the bot's seed and what it sees, not by call history."""
    text = json.dumps(view, sort_keys=True, default=str)
    digest = hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
    return derive_rng(seed, "ismcts", seat, digest).getrandbits(63)


class ISMCTSBot(Bot):
    """Single-observer ISMCTS with a budget of iterations or milliseconds.

    :param iterations: searches per decision (deterministic); the default if no budget.
    :param time_ms: thinking time per decision; the search stops at whichever comes first.
    :param rollout: policy for the moves after the tree (default: random).
    :param rollout_depth: plies of rollout before ``evaluate`` judges the world; ``None``
        plays every rollout to the end.
    :param evaluate: per-seat rewards of an unfinished world, needed with ``rollout_depth``
        or ``stop``.
    :param stop: ends a rollout early when it says so, asked with the iteration's world
        as it was sampled and the world now (e.g. at the end of the current game of a
        match); ``evaluate`` judges the world then.
    :param policy_first: expand the rollout policy's choice before the other untried
        actions, so a heuristic's move is always among those searched.
    :param keep_margin: with a guide (or a bot guiding rollouts), keep that bot's own move
        at the root unless the search's choice is better on average by more than this
        reward margin: a small budget then checks a heuristic instead of replacing it by a
        noisy guess.
    :param keep_z: add this many standard errors of the difference of the two means to
        ``keep_margin``: the search overrides the guide only when the difference is
        statistically clear (1.65: one-sided 95 %), whatever the visit counts.
    :param guide: the bot whose move is tried first at the root and kept by the two
        parameters above; default: the bot of a ``BotPolicy`` rollout. A guide lets a
        slow heuristic anchor the search once per decision while rollouts stay cheap.
    :param widening: progressive widening: a node tried ``n`` times has at most
        ``widening * sqrt(n)`` children, so a small budget looks deeper at fewer moves
        instead of once at every move (``None``: expand every action first).
    :raises SpieltischError: for a real-time game, or a cut-off without an evaluator.
    """

    level = "ismcts"
    thinks = True

    def __init__(
        self,
        game: Game,
        *,
        seed: int = 0,
        delay: float = 0.0,
        iterations: int | None = None,
        time_ms: float | None = None,
        rollout: RolloutPolicy | None = None,
        rollout_depth: int | None = None,
        evaluate: Evaluator | None = None,
        stop: StopRule | None = None,
        exploration: float = EXPLORATION,
        score_weight: float = SCORE_WEIGHT,
        policy_first: bool = False,
        widening: float | None = None,
        keep_margin: float = 0.0,
        keep_z: float = 0.0,
        guide: Bot | None = None,
    ) -> None:
        super().__init__(game, seed=seed, delay=delay)
        if game.info.dynamics is Dynamics.REAL_TIME:
            raise SpieltischError(
                f"{game.info.name} is a real-time game: what matters is when to act, which "
                "turn-based tree search does not model; use its reaction-model levels"
            )
        if (rollout_depth is not None or stop is not None) and evaluate is None:
            raise SpieltischError("a rollout cut-off needs an evaluator for cut-off worlds")
        self.seed = seed
        self.iterations = iterations if iterations or time_ms else DEFAULT_ITERATIONS
        self.time_ms = time_ms
        self.rollout: RolloutPolicy = rollout or RandomPolicy()
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate
        self.stop = stop
        self.exploration = exploration
        self.score_weight = score_weight
        self.policy_first = policy_first
        self.widening = widening
        self.keep_margin = keep_margin
        self.keep_z = keep_z
        self.guide = guide
        self.last_iterations = 0
        """Iterations of the last search, for benchmarks."""
        self.root_move: Any = None
        """The guide's move in the last search (tried first at the root), if any."""

    def plan(self, view: View, seat: int, clock: float) -> Plan:
        legal = self.legal_actions(view)
        if len(legal) == 1:
            return Plan(legal[0], self.delay)
        root = self.search(view, seat)
        candidates = [root.children[(seat, a)] for a in legal if (seat, a) in root.children]
        if not candidates:  # no world allowed a legal action: trust the view
            return Plan(legal[0], self.delay)
        best = max(candidates, key=lambda n: (n.visits, n.mean()))
        kept = None if self.root_move is None else root.children.get((seat, self.root_move))
        if kept is not None and kept.visits and best is not kept and self.keeps(kept, best):
            best = kept
        return Plan(best.action, self.delay)

    def guiding_bot(self) -> Bot | None:
        if self.guide is not None:
            return self.guide
        return self.rollout.bot if isinstance(self.rollout, BotPolicy) else None

    def keeps(self, kept: Node, best: Node) -> bool:
        """Whether the guide's move stands: the search's choice is not clearly better."""
        if self.keep_margin <= 0 and self.keep_z <= 0:
            return False
        error = math.sqrt(kept.variance() / kept.visits + best.variance() / best.visits)
        return best.mean() - kept.mean() <= self.keep_margin + self.keep_z * error

    def search(self, view: View, seat: int) -> Node:
        """Grow the tree for ``seat`` seeing ``view`` and return its root."""
        rng = random.Random(view_seed(self.seed, seat, view))
        reseed = getattr(self.rollout, "reseed", None)
        if reseed is not None:
            reseed(rng.getrandbits(63))
        guide = self.guiding_bot()
        self.root_move = None
        if guide is not None and (self.keep_margin > 0 or self.keep_z > 0 or self.guide):
            if self.guide is not None or reseed is None:
                guide.rng = random.Random(rng.getrandbits(63))
            self.root_move = guide.plan(view, seat, 0.0).action
        root = Node(seat, None)
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            world = self.game.sample_state(view, seat, rng.getrandbits(63))
            self._iterate(root, world, seat, rng)
            done += 1
        self.last_iterations = done
        return root

    def _iterate(self, root: Node, state: State, seat: int, rng: random.Random) -> None:
        start = state.clone() if self.stop is not None else state
        node = root
        path = [root]
        expanded = False
        while not state.is_over() and not expanded:
            actor = seat if node is root else state.active_seats()[0]
            legal = state.legal_actions(actor)
            untried = []
            available = []
            for action in legal:
                child = node.children.get((actor, action))
                if child is None:
                    untried.append(action)
                else:
                    available.append(child)
            for child in available:
                child.avail += 1
            if (
                untried
                and available
                and self.widening is not None
                and len(node.children) >= self.widening * math.sqrt(node.visits + 1)
            ):
                untried = []
            if untried:
                action = rng.choice(untried)
                if node is root and self.root_move in untried:
                    action = self.root_move
                elif self.policy_first:
                    preferred = self.rollout(state, actor, rng)
                    if preferred in untried:
                        action = preferred
                child = Node(actor, action)
                node.children[(actor, action)] = child
                expanded = True
            else:
                child = max(available, key=lambda c: c.ucb(self.exploration))
            state.play(actor, child.action)
            node = child
            path.append(node)
        rewards = self._rollout(start, state, rng)
        for visited in path:
            visited.visits += 1
            if visited is not root:
                reward = rewards[visited.seat]
                visited.total += reward
                visited.squares += reward * reward

    def _rollout(self, start: State, state: State, rng: random.Random) -> Rewards:
        plies = 0
        stop = self.stop
        while not state.is_over():
            if (self.rollout_depth is not None and plies >= self.rollout_depth) or (
                stop is not None and stop(start, state)
            ):
                assert self.evaluate is not None
                return self.evaluate(state)
            actor = state.active_seats()[0]
            state.play(actor, self.rollout(state, actor, rng))
            plies += 1
        result = state.result()
        assert result is not None
        return result_rewards(result, self.score_weight)


# -- off the event loop --------------------------------------------------------------------
def _plan(bot: Bot, view: View, seat: int, clock: float) -> Plan:
    return bot.plan(view, seat, clock)


def plan_async(bot: Bot, view: View, seat: int, clock: float, executor: Executor) -> Future[Plan]:
    """Plan in another process of ``executor``, so the caller keeps going while a bot thinks.

    A search is pure Python and holds the GIL; a thread would slow every other request,
    a process does not. The bot is pickled with the task; its searches depend only on its
    seed and the view, so planning in a worker gives the same action as planning here.
    (A live server uses its supervised pool, ``spieltisch.table.SearchPool``.)
    """
    return executor.submit(_plan, bot, view, seat, clock)
