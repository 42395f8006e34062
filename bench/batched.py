"""Throughput of the batched environment (:mod:`spieltisch.interop.vector`) per game.

Run: ``.venv/bin/python bench/batched.py [--envs 64] [--seconds 3] [--rounds 3] [--json]``

Each round steps ``--envs`` games of each game together for ``--seconds`` of process CPU
time, a uniformly random legal id per row (drawn from the row's mask), games resetting
themselves as they end; it counts game steps (one row's decision). Games per second are
not printed: a round ends too few long games (a random Kalooki deal) to count them fairly.
The figure printed is the median over rounds, after a warm-up round; rounds interleave
the games so that a noisy neighbour on the machine hits all of them alike.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from spieltisch.engine import game_names
from spieltisch.interop.encoders import encoded_games
from spieltisch.interop.vector import BatchedEnv


def run(name: str, envs: int, seconds: float, seed: int) -> float:
    """Game steps per second of one round."""
    venv = BatchedEnv(name, envs)
    obs, _ = venv.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.process_time()
    while (spent := time.process_time() - start) < seconds:
        masks = obs["action_mask"].view(np.bool_)
        actions = np.empty(envs, dtype=np.int64)
        for i in range(envs):
            legal = np.flatnonzero(masks[i])
            actions[i] = legal[rng.integers(len(legal))]
        obs = venv.step(actions)[0]
        steps += envs
    return steps / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    names = [g for g in encoded_games() if g in game_names()]
    for name in names:  # warm-up: imports, encoders, first games
        run(name, args.envs, 0.2, seed=0)
    figures: dict[str, list[float]] = {name: [] for name in names}
    for r in range(args.rounds):
        order = names if r % 2 == 0 else names[::-1]
        for name in order:
            figures[name].append(run(name, args.envs, args.seconds, seed=1 + r))
    table = {name: statistics.median(rows) for name, rows in figures.items()}
    if args.json:
        print(json.dumps({"envs": args.envs, "steps_per_s": table}, indent=2))
        return
    print(f"{args.envs} games stepped together, median of {args.rounds} rounds (CPU time)")
    for name, rate in table.items():
        print(f"{name:12} {rate:10,.0f} steps/s")


if __name__ == "__main__":
    main()
