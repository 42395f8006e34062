"""Where two search levels choose differently, which one a deep search sides with, and
what the difference is worth per decision.

``search_diagnosis.py`` asks whether a searcher finds the move of a deep search over every
legal move. When two levels play the same search with different budgets (Hydra's
``strong`` and ``expert``), the question of a ladder rung is narrower: at how many
decisions do they part, and is the upper level's move then better, by how much? Only the
disputed moves need the deep search, so many positions fit in little time.

The positions are ``search_diagnosis.py``'s (decisions of seeded games between ``rules``
bots, spread over the game). At each one the ``rules`` move and both levels' moves are
taken from the seat's view. Where ``upper`` and ``lower`` part, a deep search with the
same rollouts and judge, but ``--deep`` rollouts per move and no guard, plays both moves
out in the same worlds; where ``lower`` leaves the ``rules`` move, the same is done for
that pair, which gives the scale: what ``lower`` gains over ``rules`` per decision.

Reported: how often each level leaves ``rules``, how often the two part, which move the
deep search prefers when they do, and the mean deep-value gain per decision of ``lower``
over ``rules`` and of ``upper`` over ``lower`` (rewards in [0, 1], with 95 % intervals
over positions). The ratio of the two gains says how large a step ``upper`` is next to
the step ``lower`` already makes, which the ladder's head-to-head can then be read
against. Budgets are rollout counts, so the figures do not depend on the machine's load.

    .venv/bin/python bench/level_disagreement.py --game hydra --positions 400 --workers 2
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from search_diagnosis import position, searcher

import spieltisch
from spieltisch.bots.ladder import rules_bot
from spieltisch.bots.rollout import RolloutBot
from spieltisch.engine import Game, View


def deep_gain(
    game: Game, view: View, seat: int, better: Any, worse: Any, rollouts: int, seed: int
) -> tuple[float, float]:
    """Deep-search value of ``better`` minus ``worse`` from ``seat``'s view, played out in
    the same worlds, and the standard error of that paired difference."""
    ref = searcher(game, "strong", seed)
    deep = RolloutBot(
        game,
        ref.base,
        seed=seed,
        rollouts=2 * rollouts,
        z=0.0,
        horizon=ref.horizon,
        stop=ref.stop,
        evaluate=ref.evaluate,
    )
    # Two candidates: one halving round, every world played with both moves.
    deep.search(view, seat, [worse, better], worse, random.Random(seed))
    diffs = [
        b - w for b, w in zip(deep.last_rewards[better], deep.last_rewards[worse], strict=True)
    ]
    err = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return statistics.fmean(diffs), err


def compare(task: tuple[str, int, int, str, str, int]) -> dict[str, Any]:
    """Both levels' moves at position ``k`` and the deep verdicts (runs in a worker)."""
    name, k, count, lower, upper, rollouts = task
    game = spieltisch.load(name)
    state = position(game, k, count)
    seat = state.active_seats()[0]
    view = state.view(seat)
    rules = rules_bot(game, seed=k)
    assert rules is not None, f"{name} has no rules bot"
    own = rules.plan(view, seat, 0.0).action
    moves = {}
    cpu = {}
    for level in (lower, upper):
        started = time.process_time()
        moves[level] = searcher(game, level, k).plan(view, seat, 0.0).action
        cpu[level] = time.process_time() - started
    row: dict[str, Any] = {
        "position": k,
        "kind": type(own).__name__,
        "rules": str(own),
        "moves": {level: str(move) for level, move in moves.items()},
        "cpu_s": cpu,
        "lower_over_rules": None,
        "upper_over_lower": None,
    }
    if moves[lower] != own:
        row["lower_over_rules"] = deep_gain(
            game, view, seat, moves[lower], own, rollouts, 20_000 + k
        )
    if moves[upper] != moves[lower]:
        row["upper_over_lower"] = deep_gain(
            game, view, seat, moves[upper], moves[lower], rollouts, 40_000 + k
        )
    return row


def interval(values: list[float]) -> str:
    """Mean with a normal 95 % interval over positions."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{mean:+.5f} ({mean - half:+.5f} to {mean + half:+.5f})"


def report(game: str, rows: list[dict[str, Any]], lower: str, upper: str, rollouts: int) -> None:
    n = len(rows)
    print(f"{game}: {n} positions; deep search: {rollouts} rollouts per move, no guard")
    for level in (lower, upper):
        left = sum(r["moves"][level] != r["rules"] for r in rows)
        cpu = statistics.median(r["cpu_s"][level] for r in rows)
        print(f"  {level:10} leaves the rules move at {left}/{n} = {left / n:.3f}; CPU {cpu:.3f} s")
    for key, better, worse in (
        ("lower_over_rules", lower, "rules"),
        ("upper_over_lower", upper, lower),
    ):
        found = [r[key] for r in rows if r[key] is not None]
        if not found:
            print(f"  {better} never parts from {worse}")
            continue
        gains = [g for g, _ in found]
        sides = sum(g > 0 for g in gains), sum(g < 0 for g in gains), sum(g == 0 for g in gains)
        per_decision = [r[key][0] if r[key] is not None else 0.0 for r in rows]
        print(
            f"  {better} over {worse}: parts at {len(found)}/{n} = {len(found) / n:.3f};"
            f" deep prefers {better} {sides[0]}, {worse} {sides[1]}, tie {sides[2]};"
            f" deep gain where they part {interval(gains)},"
            f" median paired std-err {statistics.median(e for _, e in found):.4f};"
            f" per decision {interval(per_decision)}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="hydra")
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--levels", default="strong,expert", help="lower,upper")
    parser.add_argument("--deep", type=int, default=4000, help="deep rollouts per move")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    lower, upper = args.levels.split(",")
    tasks = [(args.game, k, args.positions, lower, upper, args.deep) for k in range(args.positions)]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        rows = list(pool.map(compare, tasks))
    report(args.game, rows, lower, upper, args.deep)
    print(f"  wall time {time.perf_counter() - started:.0f} s on {args.workers} workers")


if __name__ == "__main__":
    main()
