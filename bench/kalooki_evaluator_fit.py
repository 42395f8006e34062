"""Fit Kalooki's hand evaluator (``games/kalooki/faces/evaluator.py``) on played-out deals.

Deals between ``rules`` bots are played from seeds ``--seed`` onwards; at every decision
with probability ``--sample`` the table's features (each seat's relative to the table's
mean) are recorded, and once the deal is over every recorded row gets its seat's reward
(``result_rewards``: rank first, a little payout) relative to the table's mean. A least
squares fit without intercept (both sides are centred per table) gives the weights,
printed as the ``WEIGHTS`` tuple to paste into the evaluator, with the fit's R² on held
out deals (every fifth seed) and, for comparison, the R² of the rank of deadwood counts
(the old evaluator) on the same rows.

    nice -n 10 .venv/bin/python bench/kalooki_evaluator_fit.py --deals 1200 --workers 2
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

import spieltisch
from spieltisch.bots.ismcts import result_rewards
from spieltisch.bots.ladder import rules_bot
from spieltisch.games.kalooki.faces.bots import deadwood_evaluate
from spieltisch.games.kalooki.faces.evaluator import FEATURES, table_features
from spieltisch.games.kalooki.state import KalookiState

Row = tuple[int, list[float], float, float]
"""(deal seed, features, relative reward, old evaluator's relative value)."""


def deal_rows(task: tuple[int, float]) -> list[Row]:
    """The sampled rows of one deal between ``rules`` bots."""
    seed, sample = task
    game = spieltisch.load("kalooki")
    state = game.new_state(seed=seed)
    assert isinstance(state, KalookiState)
    bots = {s: rules_bot(game, seed=seed * 31 + s) for s in range(state.players)}
    rng = random.Random(seed)
    taken: list[tuple[list[list[float]], list[float]]] = []
    while not state.is_over():
        seat = state.active_seats()[0]
        if rng.random() < sample:
            old = deadwood_evaluate(state)
            taken.append((table_features(state), old))
        bot = bots[seat]
        assert bot is not None
        state.play(seat, bot.act(state, seat))
    result = state.result()
    assert result is not None
    reward = result_rewards(result)
    seats = [s for s in range(state.players) if state.alive[s]]
    mean = sum(reward[s] for s in seats) / len(seats)
    rows: list[Row] = []
    for table, old in taken:
        old_mean = sum(old[s] for s in seats) / len(seats)
        rows.extend((seed, table[s], reward[s] - mean, old[s] - old_mean) for s in seats)
    return rows


SIGNS: dict[str, int] = {
    "deadwood": -1,
    "penalty": -1,
    "cards": -1,
    "loose": -1,
    "high_loose": -1,
    "opening_short": -1,
    "loose_paired": 1,
    "can_open": 1,
    "rank": 1,
}
"""Signs the rules fix (KA-R7: every card left costs; a hand nearer its melds is better).
Fitted on the ``rules`` bot's own positions, a free fit learns what its choices go with,
not what they cause (it rewarded keeping high cards, which the bot keeps only when they
are nearly melded); a coefficient of the wrong sign is set to zero and the rest refitted."""


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Least squares with the signs of ``SIGNS`` (an active set: zero what breaks them)."""
    free = np.ones(x.shape[1], dtype=bool)
    while True:
        w = np.zeros(x.shape[1])
        w[free], *_ = np.linalg.lstsq(x[:, free], y, rcond=None)
        wrong = [i for i, name in enumerate(FEATURES) if free[i] and w[i] * SIGNS.get(name, 0) < 0]
        if not wrong:
            return w
        # Zero the worst offender only: dropping one feature changes the others' signs.
        free[max(wrong, key=lambda i: abs(w[i]))] = False


def r2(pred: np.ndarray, y: np.ndarray) -> float:
    return float(1 - ((y - pred) ** 2).sum() / (y**2).sum())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--sample", type=float, default=0.1, help="share of decisions kept")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cache", type=Path, default=None, help=".npz of the rows, reused")
    parser.add_argument("--free", dest="signs", action="store_false", help="no sign constraints")
    args = parser.parse_args()
    started = time.perf_counter()
    tasks = [(args.seed + i, args.sample) for i in range(args.deals)]
    if args.cache and args.cache.exists():
        data = np.load(args.cache)
        seeds, x, y, old = data["seeds"], data["x"], data["y"], data["old"]
    else:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            rows = [row for chunk in pool.map(deal_rows, tasks, chunksize=8) for row in chunk]
        seeds = np.array([seed for seed, *_ in rows])
        x = np.array([f for _, f, _, _ in rows])
        y = np.array([r for _, _, r, _ in rows])
        old = np.array([o for *_, o in rows])
        if args.cache:
            np.savez(args.cache, seeds=seeds, x=x, y=y, old=old)
    rows_n = len(y)
    test = seeds % 5 == 0
    w = (
        fit(x[~test], y[~test])
        if args.signs
        else np.linalg.lstsq(x[~test], y[~test], rcond=None)[0]
    )
    # The old evaluator's best linear rescaling, so its R² is not unfair by its scale.
    k = float((old[~test] @ y[~test]) / (old[~test] @ old[~test]))
    print(f"{rows_n} rows from {args.deals} deals, {time.perf_counter() - started:.0f} s wall")
    print(
        f"held-out R²: fitted {r2(x[test] @ w, y[test]):.3f},"
        f" deadwood rank {r2(k * old[test], y[test]):.3f}"
    )
    print(f"training R²: fitted {r2(x[~test] @ w, y[~test]):.3f}")
    for name, value in zip(FEATURES, w, strict=True):
        print(f"  {name:14} {value:+.4f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.4f}" for v in w) + ")")


if __name__ == "__main__":
    main()
