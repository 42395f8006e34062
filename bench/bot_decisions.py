"""CPU time of one bot decision, per game and level, on fixed positions.

Every game gets ``--positions`` positions (24 by default) with a real choice, reached by
seeded random play from ``new_state``: position ``k`` is game seed ``k``, taken at the
fraction ``(k + 0.5) / n`` of that game's choices, so openings, middle games and ends
are all there. Random play only asks the engine, whose behaviour is pinned by the trace
fixtures, so the positions are the same in every commit and a before/after comparison
times the same decisions. A level's bot is seeded with the position's number.

Time is process CPU time (``time.process_time``) of ``bot.plan``, so other load on the
machine does not count. Prints per game and level min/median/max seconds, the mean
rollouts (search levels) and the share of positions over the target (0.5 s ``strong``,
1.5 s ``expert``, at the 95th percentile, which it prints too). A level may carry an
arena budget, ``strong@1000``, to try a budget before declaring it.

    .venv/bin/python bench/bot_decisions.py
    .venv/bin/python bench/bot_decisions.py --game halali --levels strong,expert --json
    .venv/bin/python bench/bot_decisions.py --before 51fb084

``--before REF`` checks ``REF`` out into a temporary git worktree and times every
decision twice, in two worker processes (one importing the worktree's package, one this
tree's), alternating per decision, so both see the same machine load; it prints both
and the ratio of medians and of mean rollouts. ``--build`` compiles the worktree's rules
core in place first (``setup.py build_ext --inplace``), so a change to the compiled core
is compared compiled against compiled (``make compile`` this tree first): the bots' time
budgets are fixed, so a faster core shows as more rollouts per decision.

    .venv/bin/python bench/bot_decisions.py --before REF --build --game hydra --levels strong
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any, TextIO

from checkout import checked_out

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("halali", "hydra", "kalooki")
LEVELS = ("rules", "strong", "expert")
TARGETS = {"strong": 0.5, "expert": 1.5}
"""CPU seconds a decision of the level should stay within."""


def positions(name: str, count: int) -> list[Any]:
    """``count`` states of ``name`` where the seat to move has more than one action."""
    import spieltisch

    game = spieltisch.load(name)
    out = []
    for k in range(count):
        choices = sum(1 for _ in _random_game(game, k))
        target = int((k + 0.5) / count * choices)
        for index, state in enumerate(_random_game(game, k)):
            if index == target:
                out.append(state.clone())
                break
    return out


def _random_game(game: Any, seed: int) -> Iterator[Any]:
    """The states of a seeded random game in which the seat to move has a choice."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.active_seats()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            yield state
        state.apply(seat, rng.choice(legal))


def decide(state: Any, level: str, seed: int) -> dict[str, Any]:
    """Time one decision of ``level`` (a ladder level or an arena spec such as
    ``strong@1000``) in ``state``."""
    from spieltisch.arena.runner import build_bot

    seat = state.active_seats()[0]
    view = state.view(seat)
    bot = build_bot(state.game, level, seed)
    started = time.process_time()
    action = bot.plan(view, seat, 0.0).action
    cpu = time.process_time() - started
    rollouts = getattr(bot, "last_rollouts", None)
    return {
        "cpu": cpu,
        "rollouts": rollouts,
        "legal": len(view["legal_actions"]),
        "action": str(action),
    }


def worker(stdin: TextIO, stdout: TextIO) -> None:
    """Answer ``{"game", "position", "level", "count"}`` lines with timings, one per line."""
    cache: dict[tuple[str, int], list[Any]] = {}
    for line in stdin:
        ask = json.loads(line)
        key = (ask["game"], ask["count"])
        if key not in cache:
            cache[key] = positions(ask["game"], ask["count"])
        state = cache[key][ask["position"]]
        try:
            answer = decide(state, ask["level"], ask["position"])
        except Exception as exc:  # a game under construction must not end the whole run
            answer = {"error": f"{type(exc).__name__}: {exc}"}
        stdout.write(json.dumps(answer) + "\n")
        stdout.flush()


class Worker:
    """A worker process importing the package from ``src``."""

    def __init__(self, src: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(src)}
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=src.parent,
        )

    def ask(self, game: str, position: int, level: str, count: int) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        ask = {"game": game, "position": position, "level": level, "count": count}
        self.proc.stdin.write(json.dumps(ask) + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise RuntimeError(f"worker for {ask} died")
        result: dict[str, Any] = json.loads(answer)
        return result

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait()


def summary(timings: list[dict[str, Any]], level: str) -> dict[str, Any]:
    errors = [t["error"] for t in timings if "error" in t]
    timings = [t for t in timings if "error" not in t]
    if not timings:
        return {"n": 0, "errors": errors, "target": TARGETS.get(level)}
    cpu = [t["cpu"] for t in timings]
    rollouts = [t["rollouts"] for t in timings if t["rollouts"] is not None]
    target = TARGETS.get(level.partition("@")[0])
    return {
        "n": len(cpu),
        "min": min(cpu),
        "median": statistics.median(cpu),
        "p95": statistics.quantiles(cpu, n=20, method="inclusive")[-1] if len(cpu) > 1 else cpu[0],
        "max": max(cpu),
        "mean_rollouts": statistics.fmean(rollouts) if rollouts else None,
        "max_rollouts": max(rollouts) if rollouts else None,
        "target": target,
        "over_target": (sum(1 for c in cpu if c > target) / len(cpu)) if target else None,
        "errors": errors,
    }


def line(game: str, level: str, label: str, s: dict[str, Any]) -> str:
    failed = f"  ERRORS {len(s['errors'])}: {s['errors'][0]}" if s["errors"] else ""
    if not s["n"]:
        return f"{game:8} {level:7} {label:6}{failed}"
    over = "" if s["target"] is None else f"  over {s['target']:.1f}s: {s['over_target']:4.0%}"
    rollouts = "" if s["mean_rollouts"] is None else f"  rollouts {s['mean_rollouts']:6.1f}"
    return (
        f"{game:8} {level:7} {label:6} min {s['min']:6.3f}  median {s['median']:6.3f}  "
        f"p95 {s['p95']:6.3f}  max {s['max']:6.3f}{rollouts}{over}{failed}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="repeatable; default all")
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated")
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--before", metavar="REF", help="also time REF's code, interleaved")
    parser.add_argument(
        "--build", action="store_true", help="compile REF's rules core (with --before)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(sys.stdin, sys.stdout)
        return
    games = args.game or list(GAMES)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    runs: dict[str, Worker] = {}
    trees = ExitStack()
    if args.before:
        tree = trees.enter_context(checked_out(args.before, build=args.build))
        runs["before"] = Worker(tree / "src")
    runs["now"] = Worker(ROOT / "src")
    results: dict[str, dict[str, dict[str, list[dict[str, Any]]]]] = {}
    try:
        for game in games:
            for level in levels:
                for position in range(args.positions):
                    for label, run in runs.items():
                        timing = run.ask(game, position, level, args.positions)
                        results.setdefault(game, {}).setdefault(level, {}).setdefault(
                            label, []
                        ).append(timing)
                if not args.json:
                    for label in runs:
                        s = summary(results[game][level][label], level)
                        print(line(game, level, label, s), flush=True)
                    if "before" in runs:
                        now = summary(results[game][level]["now"], level).get("median")
                        old = summary(results[game][level]["before"], level).get("median")
                        if now is not None and old:
                            print(f"{'':17}median now/before: {now / old:.2f}")
                        new_r = summary(results[game][level]["now"], level).get("mean_rollouts")
                        old_r = summary(results[game][level]["before"], level).get("mean_rollouts")
                        if new_r is not None and old_r:
                            print(f"{'':17}mean rollouts now/before: {new_r / old_r:.2f}")
    finally:
        for run in runs.values():
            run.close()
        trees.close()
    if args.json:
        out = {
            game: {
                level: {label: summary(ts, level) for label, ts in by_label.items()}
                for level, by_label in by_level.items()
            }
            for game, by_level in results.items()
        }
        print(json.dumps({"positions": args.positions, "results": out}, indent=2))


if __name__ == "__main__":
    main()
