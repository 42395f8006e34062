"""A small learned Halali agent: REINFORCE with a tiny numpy MLP on the fast tensors.

Halali rather than Kalooki: a Halali game is about 190 plies with one decision a ply,
a random Kalooki deal about 900 steps (its melds are laid card by card), so Halali shows
learning within a few CPU minutes.

Train (numpy only; about three CPU minutes; writes the weights next to this file)::

    python examples/train_halali.py --minutes 3

Play it as an outside agent (from the repository root, after training)::

    spieltisch arena halali --bots examples.train_halali:Agent,random,rules --games 20

The policy sees what a seat sees: the encoder's observation tensor of its view (806
floats) and the mask of its legal ids (1618). Logits are ``tanh(x W1 + b1) W2 + b2``
over the legal ids (32 hidden units). Training plays the learner against uniformly
random legal moves (seat 0 and 1 alternately) through the PettingZoo environment's fast
path, rewards +1 / -1 / 0 at the end (rank), and follows the REINFORCE gradient with a
running-mean baseline and Adam, one update per batch of games. ``Agent`` samples from
the trained policy (seeded) from the view alone, like every ladder bot. It samples
rather than takes the argmax: the greedy policy repeats itself (a Kosmos game has no
move limit while tiles are face down) and wins less often than the policy it learned.
"""

from __future__ import annotations

import argparse
import os
import time
from collections import deque
from pathlib import Path
from typing import Any

import numpy as np

from spieltisch.bots import Bot
from spieltisch.bots.base import Plan
from spieltisch.engine import Game, View
from spieltisch.interop.encoders import encoder
from spieltisch.interop.pettingzoo import raw_env

WEIGHTS = Path(__file__).with_name("halali_agent.npz")
"""Where training writes the weights and ``Agent`` reads them (or $HALALI_AGENT)."""
HIDDEN = 32
Params = dict[str, np.ndarray]


def init_params(obs: int, actions: int, seed: int) -> Params:
    """Small random first layer, zero output layer: the untrained policy is uniform."""
    rng = np.random.default_rng(seed)
    return {
        "w1": (rng.standard_normal((obs, HIDDEN)) / np.sqrt(obs)).astype(np.float32),
        "b1": np.zeros(HIDDEN, np.float32),
        "w2": np.zeros((HIDDEN, actions), np.float32),
        "b2": np.zeros(actions, np.float32),
    }


def logits(params: Params, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Hidden activations and logits of one observation or a batch of them."""
    h = np.tanh(x @ params["w1"] + params["b1"])
    return h, h @ params["w2"] + params["b2"]


def masked_softmax(z: np.ndarray, mask: np.ndarray) -> np.ndarray:
    z = np.where(mask, z, -np.inf)
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    p: np.ndarray = e / e.sum(axis=-1, keepdims=True)
    return p


class Adam:
    """Adam on a dict of arrays (numpy only)."""

    def __init__(self, params: Params, lr: float) -> None:
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: Params, grads: Params) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m = self.m[k] / (1 - 0.9**self.t)
            v = self.v[k] / (1 - 0.999**self.t)
            params[k] -= (self.lr * m / (np.sqrt(v) + 1e-8)).astype(np.float32)


def play(
    env: Any, params: Params, learner: int, rng: np.random.Generator, greedy: bool, seed: int
) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One game: the learner at seat ``learner``, uniformly random legal ids elsewhere.

    Returns the learner's reward and its decisions (observation, legal ids, chosen id).
    """
    env.reset(seed=seed)
    me = env.possible_agents[learner]
    trace: list[tuple[np.ndarray, np.ndarray, int]] = []
    while not (env.terminations[env.agent_selection] or env.truncations[env.agent_selection]):
        agent = env.agent_selection
        obs = env.observe(agent)
        legal = np.flatnonzero(obs["action_mask"].view(np.bool_))
        if agent == me:
            _, z = logits(params, obs["observation"])
            z = z[legal]
            if greedy:  # the argmax: see the module text for why Agent samples
                i = int(np.argmax(z))
            else:
                p = np.exp(z - z.max())
                i = int(rng.choice(len(legal), p=p / p.sum()))
            trace.append((obs["observation"], legal, i))
            env.step(int(legal[i]))
        else:
            env.step(int(legal[rng.integers(len(legal))]))
    return float(env.rewards[me]), trace


def gradients(params: Params, batch: list[tuple[float, list[Any]]]) -> Params:
    """REINFORCE: the gradient of -sum(advantage * log p(chosen)) over the batch."""
    xs, masks, chosen, adv = [], [], [], []
    n_actions = params["b2"].size
    for advantage, trace in batch:
        for x, legal, i in trace:
            mask = np.zeros(n_actions, np.bool_)
            mask[legal] = True
            xs.append(x)
            masks.append(mask)
            chosen.append(legal[i])
            adv.append(advantage)
    x = np.stack(xs)
    h, z = logits(params, x)
    p = masked_softmax(z, np.stack(masks))
    a = np.asarray(adv, np.float32)[:, None] / len(batch)
    dz = p * a
    dz[np.arange(len(chosen)), chosen] -= a[:, 0]  # d(-adv log p)/dz = adv (p - onehot)
    dh = (dz @ params["w2"].T) * (1 - h * h)
    return {
        "w2": (h.T @ dz).astype(np.float32),
        "b2": dz.sum(0).astype(np.float32),
        "w1": (x.T @ dh).astype(np.float32),
        "b1": dh.sum(0).astype(np.float32),
    }


def evaluate(env: Any, params: Params, games: int, seed: int) -> float:
    """Share of games the policy wins against random moves (a draw counts half)."""
    rng = np.random.default_rng(seed)
    total = 0.0
    for g in range(games):
        reward, _ = play(env, params, g % 2, rng, greedy=False, seed=seed + g)
        total += (reward + 1) / 2
    return total / games


def train(
    minutes: float, games_limit: int | None, batch: int, lr: float, seed: int, eval_games: int
) -> Params:
    """Train for ``minutes`` of CPU time, or ``games_limit`` games (reproducible) if given."""
    env = raw_env("halali")
    enc = env.encoder
    params = init_params(int(np.prod(enc.observation_shape)), enc.num_actions, seed)
    print(f"before: {evaluate(env, params, eval_games, 10**6):.2f} of games won against random")
    opt, rng, baseline = Adam(params, lr), np.random.default_rng(seed), 0.0
    start, games, recent = time.process_time(), 0, deque[float](maxlen=200)

    def more() -> bool:
        if games_limit is not None:
            return games < games_limit
        return time.process_time() - start < minutes * 60

    while more():
        played = []
        for _ in range(batch):
            reward, trace = play(env, params, games % 2, rng, greedy=False, seed=seed + games)
            games += 1
            played.append((reward - baseline, trace))
            baseline += 0.02 * (reward - baseline)
            recent.append(reward)
        opt.step(params, gradients(params, played))
        if games % (batch * 25) == 0:
            spent = time.process_time() - start
            won = np.mean([(r + 1) / 2 for r in recent])
            print(f"{games} games, {spent:.0f} s CPU: {won:.2f} won (last 200, sampling)")
    spent = time.process_time() - start
    print(f"trained on {games} games in {spent:.0f} s CPU")
    print(f"after: {evaluate(env, params, eval_games, 10**6):.2f} of games won against random")
    return params


class Agent(Bot):
    """The trained policy as an outside agent: a legal id drawn from its softmax, from
    the seat's view (``spieltisch arena halali --bots examples.train_halali:Agent,...``)."""

    level = "learned"

    def __init__(self, game: Game, *, seed: int = 0, delay: float = 0.0) -> None:
        super().__init__(game, seed=seed, delay=delay)
        path = Path(os.environ.get("HALALI_AGENT", WEIGHTS))
        if not path.exists():
            raise FileNotFoundError(f"{path}: train first (python examples/train_halali.py)")
        with np.load(path) as saved:
            self.params = {k: saved[k] for k in saved.files}
        self.encoder = encoder(game)
        self.draw = np.random.default_rng(seed)

    def plan(self, view: View, seat: int, clock: float) -> Plan:
        x = self.encoder.observe(view, seat)
        legal = np.flatnonzero(self.encoder.mask_from_view(view).view(np.bool_))
        _, z = logits(self.params, x)
        z = z[legal]
        p = np.exp(z - z.max())
        chosen = int(legal[self.draw.choice(len(legal), p=p / p.sum())])
        return Plan(self.encoder.action_for_id(chosen), self.delay)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="CPU minutes to train")
    parser.add_argument("--games", type=int, default=None, help="train on N games instead")
    parser.add_argument("--batch", type=int, default=16, help="games per update")
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    parser.add_argument("--evaluate", action="store_true", help="only evaluate --out")
    args = parser.parse_args()
    if args.evaluate:
        with np.load(args.out) as saved:
            trained = {k: saved[k] for k in saved.files}
        won = evaluate(raw_env("halali"), trained, args.eval_games, 10**6)
        print(f"{args.out}: {won:.2f} of games won against random")
        return
    params = train(args.minutes, args.games, args.batch, args.lr, args.seed, args.eval_games)
    np.savez(args.out, w1=params["w1"], b1=params["b1"], w2=params["w2"], b2=params["b2"])
    print(f"weights: {args.out}")


if __name__ == "__main__":
    main()
