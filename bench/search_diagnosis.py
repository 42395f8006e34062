"""Why a game's rollout search does (or does not) add strength: a diagnosis on fixed positions.

Each position comes from a seeded game between ``rules`` bots: position ``k`` is game seed
``k``, taken at the fraction ``(k + 0.5) / n`` of that game's decisions with more than one
legal action, so early, middle and late decisions are all there and every commit sees the
same positions. At each position the seat's view is given to

* ``rules`` (the base policy),
* each searcher named by ``--searchers`` at its ladder budget (``strong``, ``expert``), and
* a *deep* search: the same rollout search with ``--deep`` times the ``strong`` budget
  (default 20), no guard (``z = 0``), every legal move a candidate.

It reports, per searcher, how often its move is the deep search's, and per position:

* **noise**: the standard error of each candidate's value at the searcher's budget,
  taken from the deep search's rollouts (the spread of one rollout's reward over the
  worlds, divided by the square root of the rollouts the searcher gave it), and the same
  for the *paired* difference to the ``rules`` move, which is what the guard tests;
* the **gap**: how much better the deep search's move is than the ``rules`` move, in
  deep-search value, the signal the searcher has to find under that noise;
* **shortlist**: whether the searcher's first round (or its random shortlist when the
  budget is below the number of moves) left out the deep search's move, and in which
  halving round it was dropped.

Budgets are rollout counts, so the figures do not depend on the machine's load; only the
wall time does. Positions are spread over ``--workers`` processes.

    .venv/bin/python bench/search_diagnosis.py --game kalooki --positions 24 --workers 16
    nice -n 10 .venv/bin/python bench/search_diagnosis.py --positions 6 --deep 10 --workers 2
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import spieltisch
from spieltisch.arena import parse_spec
from spieltisch.bots import make
from spieltisch.bots.declaration import declared
from spieltisch.bots.ladder import rules_bot
from spieltisch.bots.rollout import RolloutBot
from spieltisch.engine import Game, State


def position(game: Game, k: int, count: int) -> State:
    """Position ``k`` of ``count``: a decision of a seeded game between ``rules`` bots."""

    def decisions() -> list[State]:
        state = game.new_state(seed=k)
        bots = {s: rules_bot(game, seed=k * 31 + s) for s in range(state.players)}
        out = []
        while not state.is_over():
            seat = state.active_seats()[0]
            if len(state.legal_actions(seat)) > 1:
                out.append(state.clone())
            bot = bots[seat]
            assert bot is not None, f"{game.info.name} has no rules bot"
            state.play(seat, bot.act(state, seat))
        return out

    states = decisions()
    return states[int((k + 0.5) / count * len(states))]


def _sd(values: list[float]) -> float:
    return statistics.stdev(values) if len(values) > 1 else 0.0


def searcher(game: Game, spec: str, seed: int) -> RolloutBot:
    """``strong``, ``expert@96`` or ``strong@96:z=1.0``: a ladder level, optionally with a
    rollout budget and other settings of ``RolloutBot`` (numbers) changed."""
    head, *settings = spec.split(":")
    level, budget = parse_spec(head)
    bot = make(game, level, seed=seed, iterations=budget.iterations if budget else None)
    assert isinstance(bot, RolloutBot), f"{spec}: not a rollout search level"
    for setting in settings:
        key, _, value = setting.partition("=")
        if not hasattr(bot, key):
            raise SystemExit(f"{spec}: RolloutBot has no setting {key!r}")
        setattr(bot, key, float(value))
    return bot


def diagnose(task: tuple[str, int, int, int, list[str], bool, int]) -> dict[str, Any]:
    """Everything the report needs about one position (runs in a worker)."""
    name, k, count, deep_factor, searchers, deep_to_end, deep_budget = task
    game = spieltisch.load(name)
    state = position(game, k, count)
    seat = state.active_seats()[0]
    view = state.view(seat)
    legal = [game.parse_action(t) for t in view["legal_actions"]]
    rules = rules_bot(game, seed=k)
    assert rules is not None
    own = rules.plan(view, seat, 0.0).action
    settings = declared(game).rollout("strong")
    strong_budget = settings.rollouts
    deep = RolloutBot(
        game,
        rules_bot(game, seed=k) or rules,
        seed=10_000 + k,
        rollouts=max(deep_budget or deep_factor * strong_budget, 2 * len(legal)),
        z=0.0,
        horizon=None if deep_to_end else settings.horizon,
        stop=None if deep_to_end else settings.stop,
        evaluate=settings.evaluate or declared(game).evaluate,
    )
    started = time.process_time()
    best = deep.plan(view, seat, 0.0).action
    deep_cpu = time.process_time() - started
    # The first round plays every move in the same worlds: the spread of the values there.
    first = deep.last_rounds[0] if deep.last_rounds else legal
    worlds = min(len(deep.last_rewards[a]) for a in first) if deep.last_rewards else 0
    values = {a: statistics.fmean(r) for a, r in deep.last_rewards.items() if r}
    sds = {a: _sd(deep.last_rewards[a][:worlds]) for a in first} if worlds else {}
    base = deep.last_rewards.get(own, [])[:worlds]
    paired = {
        a: _sd([x - y for x, y in zip(deep.last_rewards[a][:worlds], base, strict=True)])
        for a in first
        if a != own and len(base) == worlds
    }
    row: dict[str, Any] = {
        "position": k,
        "moves": len(legal),
        "kind": type(own).__name__,
        "rules": str(own),
        "deep": str(best),
        "deep_rollouts": deep.last_rollouts,
        "deep_cpu_s": round(deep_cpu, 2),
        "gap": values.get(best, 0.0) - values.get(own, 0.0),
        "searchers": {},
    }
    for level in searchers:
        bot = searcher(game, level, k)
        started = time.process_time()
        chosen = bot.plan(view, seat, 0.0).action
        cpu = time.process_time() - started
        got = {a: len(r) for a, r in bot.last_rewards.items()}
        n = statistics.median(got.values()) if got else 0
        dropped = next(
            (i for i, cands in enumerate(bot.last_rounds) if best not in cands),
            None,
        )
        # The searcher's own noise: the standard error of each candidate's paired
        # difference to the rules move over the worlds both were played in, and the
        # share of those differences that are exactly zero (a value too coarse to tell).
        own_rewards = bot.last_rewards.get(own, [])
        diffs = {
            a: [x - y for x, y in zip(r, own_rewards, strict=False)]
            for a, r in bot.last_rewards.items()
            if a != own
        }
        own_errs = [_sd(d) / math.sqrt(len(d)) for d in diffs.values() if len(d) > 1]
        flat = [d for ds in diffs.values() for d in ds]
        row["searchers"][level] = {
            "own_paired_stderr": statistics.median(own_errs) if own_errs else None,
            "zero_diffs": sum(d == 0 for d in flat) / len(flat) if flat else None,
            "move": str(chosen),
            "agrees": chosen == best,
            "overrides": chosen != own,
            "rollouts": bot.last_rollouts,
            "cpu_s": round(cpu, 3),
            "stderr": statistics.median(s / math.sqrt(n) for s in sds.values()) if n else None,
            "paired_stderr": (
                statistics.median(s / math.sqrt(got.get(own, 1) or 1) for s in paired.values())
                if paired and n
                else None
            ),
            "dropped_in_round": dropped,
            # What the move gains over the rules move by the deep search's values (None
            # where the deep search dropped it before it had as many worlds).
            "deep_gain": (
                values[chosen] - values[own]
                if chosen in values
                and own in values
                and len(deep.last_rewards[chosen]) >= len(deep.last_rewards[own])
                else None
            ),
        }
    return row


def report(game: str, rows: list[dict[str, Any]], searchers: list[str], deep: int) -> None:
    n = len(rows)
    print(f"{game}: {n} positions, deep search = {deep} x the strong budget, no guard")
    rules_agree = sum(r["rules"] == r["deep"] for r in rows)
    print(f"  {'rules':14} agrees with deep: {rules_agree}/{n} = {rules_agree / n:.2f}")
    for level in searchers:
        s = [r["searchers"][level] for r in rows]
        agree = sum(x["agrees"] for x in s)
        over = sum(x["overrides"] for x in s)
        good = sum(x["overrides"] and x["agrees"] for x in s)
        dropped = sum(x["dropped_in_round"] is not None for x in s)
        first = sum(x["dropped_in_round"] == 0 for x in s)
        errs = [x["stderr"] for x in s if x["stderr"] is not None]
        perrs = [x["paired_stderr"] for x in s if x["paired_stderr"] is not None]
        print(
            f"  {level:14} agrees with deep: {agree}/{n} = {agree / n:.2f};"
            f" overrides rules {over}/{n} ({good} of them the deep move);"
            f" deep move dropped {dropped}/{n} (in round 0 / shortlist: {first});"
            f" median rollouts {statistics.median(x['rollouts'] for x in s):.0f},"
            f" CPU {statistics.median(x['cpu_s'] for x in s):.2f} s"
        )
        gains = [x["deep_gain"] for x in s if x["overrides"]]
        if gains:
            known = [g for g in gains if g is not None]
            print(
                f"         overrides by deep value: {sum(g > 0 for g in known)} better,"
                f" {sum(g < 0 for g in known)} worse, {len(gains) - len(known)} dropped by deep;"
                f" mean gain {statistics.fmean(known) if known else float('nan'):+.4f}"
            )
        own = [x["own_paired_stderr"] for x in s if x["own_paired_stderr"] is not None]
        zeros = [x["zero_diffs"] for x in s if x["zero_diffs"] is not None]
        if own:
            print(
                f"         its own paired std-err vs rules' move: median"
                f" {statistics.median(own):.4f}; zero differences: median"
                f" {statistics.median(zeros):.2f} of its paired rollouts"
            )
        if errs:
            print(
                f"         value std-err per candidate at this budget: median "
                f"{statistics.median(errs):.3f}; paired vs rules' move: "
                f"{statistics.median(perrs) if perrs else float('nan'):.3f}"
            )
    gaps = [r["gap"] for r in rows if r["rules"] != r["deep"]]
    if gaps:
        print(
            f"  where deep differs from rules ({len(gaps)}): deep-value gap median "
            f"{statistics.median(gaps):.3f}, max {max(gaps):.3f} (rewards in [0, 1])"
        )
    kinds: dict[str, int] = {}
    for r in rows:
        kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
    print(f"  decisions: {kinds}; median moves {statistics.median(r['moves'] for r in rows)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="kalooki")
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--deep", type=int, default=20, help="deep budget / strong budget")
    parser.add_argument(
        "--searchers",
        default="strong,expert",
        help="comma-separated: strong, expert@96, strong@96:z=1.0 (budget and settings)",
    )
    parser.add_argument(
        "--deep-budget", type=int, default=0, help="deep rollouts (wins over --deep)"
    )
    parser.add_argument(
        "--deep-to-end",
        action="store_true",
        help="deep rollouts play to the end of the game, whatever strong's cut-off",
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true", help="print the rows as JSON too")
    args = parser.parse_args()
    searchers = [s for s in args.searchers.split(",") if s]
    tasks = [
        (args.game, k, args.positions, args.deep, searchers, args.deep_to_end, args.deep_budget)
        for k in range(args.positions)
    ]
    started = time.perf_counter()
    if args.workers <= 1:
        rows = [diagnose(t) for t in tasks]
    else:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            rows = list(pool.map(diagnose, tasks))
    report(args.game, rows, searchers, args.deep)
    print(f"  wall {time.perf_counter() - started:.0f} s, {args.workers} workers")
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
