"""The ladder, proven or not: every rung of every game against the rung below, on duplicate deals.

For each game (``--games``, default all) the rungs are the game's ladder in its own order
(``spieltisch.bots.levels``: ``random``, the game's levels, then ``ismcts``, ``strong``,
``expert``, unless the game declares its measured order, ``GameBots.order``). Each
adjacent pair, and each pair one rung apart (so ``strong`` meets ``rules`` even with
``ismcts`` between them), plays an arena tournament
(``spieltisch.arena.Tournament``: every lineup in every rotation on the same deal) on
``--deals`` deals with seeds the bench derives from ``--seed``, over ``--workers``
processes. The head-to-head "ahead" share and score difference per game, with 95 %
bootstrap intervals over deals, come from ``spieltisch.arena.head_to_head``. A rung
*holds* when its "ahead" interval against the rung below lies above 0.5, is *reversed*
when it lies below, and is *not shown* otherwise.

A real-time game (Halli Galli) is played the same way, and its reaction levels also race
for the bell: on valid tables, two levels (and each level against a scripted person who
judges every table right and reacts after a log-normal time with a 250 ms median) ring,
seats swapped on every table; the share of bells each wins is printed with its Wilson
interval.

    .venv/bin/python bench/ladder.py --workers 16 --deals 40
    nice -n 10 .venv/bin/python bench/ladder.py --games halali --deals 4 --workers 2 \\
        -o halali:match=single
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import spieltisch
from spieltisch.arena import (
    Tournament,
    games_per_deal,
    head_to_head,
    parse_spec,
    wilson,
    write_records,
)
from spieltisch.arena.cli import parse_options
from spieltisch.bots import levels, make
from spieltisch.engine import Dynamics, derive_rng, game_names

HUMAN_MEDIAN = 0.25
"""The scripted person's median reaction time at the bell, in seconds."""


def chosen_rungs(ladder: list[str], wanted: list[str]) -> list[str]:
    """The rungs of ``ladder`` that ``wanted`` names, in the ladder's order; a search
    level named with a budget (``ismcts@400``, as in the arena) plays at that budget.

    >>> chosen_rungs(["random", "rules", "ismcts", "strong"], ["ismcts@400", "rules"])
    ['rules', 'ismcts@400']
    """
    by_level = {parse_spec(spec)[0]: spec for spec in wanted}
    return [by_level[level] for level in ladder if level in by_level]


def pairs(rungs: list[str]) -> list[tuple[str, str]]:
    """(upper, lower) for every rung against the one and the two below it.

    >>> pairs(["random", "rules", "strong"])
    [('rules', 'random'), ('strong', 'rules'), ('strong', 'random')]
    """
    out = [(rungs[i + 1], rungs[i]) for i in range(len(rungs) - 1)]
    out += [(rungs[i + 2], rungs[i]) for i in range(len(rungs) - 2)]
    return out


MIN_DEALS = 5
"""Fewer deals than this give no verdict: a bootstrap over one or two deals has no spread."""


def verdict(low: float, high: float, deals: int) -> str:
    if deals < MIN_DEALS:
        return "too few deals"
    if low > 0.5:
        return "holds"
    if high < 0.5:
        return "reversed"
    return "not shown"


def play_pair(
    game: str,
    upper: str,
    lower: str,
    deals: int,
    seed: int,
    workers: int,
    options: dict[str, Any],
    keep: Path | None = None,
) -> dict[str, Any]:
    """One pair's tournament and its head-to-head row. With ``keep``, each game's record
    is written there as it finishes (a run stopped early keeps the games it played), and
    the whole file again in tournament order at the end."""
    tournament = Tournament(game, [upper, lower], 1, seed=seed, jobs=workers, options=dict(options))
    assert tournament.players is not None
    tournament.games = deals * games_per_deal([upper, lower], tournament.players)
    started = time.perf_counter()
    records: list[dict[str, Any]] = []
    with contextlib.ExitStack() as files:
        partial = None if keep is None else files.enter_context(keep.open("w", encoding="utf-8"))
        for record in tournament.run():
            records.append(record)
            if partial is not None:
                partial.write(json.dumps(record, sort_keys=True) + "\n")
                partial.flush()
    if keep is not None:
        write_records(keep, records)
    (h,) = head_to_head([upper, lower], records, seed=seed)
    row = {
        "game": game,
        "upper": upper,
        "lower": lower,
        "deals": h.deals,
        "games": len(records),
        "ahead": h.ahead,
        "ahead_ci95": list(h.ahead_ci),
        "score_diff": h.score_diff,
        "score_diff_ci95": list(h.score_ci),
        "verdict": verdict(*h.ahead_ci, h.deals),
        "seed": seed,
        "options": tournament.options,
        "wall_s": round(time.perf_counter() - started, 1),
    }
    return row


def bell_race(task: tuple[str, str, int]) -> int | None:
    """Which of two bell players (0: ``first``, 1: ``second``) rings a valid table first.

    ``human`` is the scripted person. Table ``index`` is a seeded game flipped until its
    face-up cards call for the bell; odd indices swap the seats.
    """
    from spieltisch.games.halligalli.bell import is_bell_valid
    from spieltisch.games.halligalli.cards import card_by_name
    from spieltisch.games.halligalli.faces.bots import SKILLS, ReactionBot, Skill
    from spieltisch.table import RealtimeRuntime, SimClock

    first, second, index = task
    game = spieltisch.load("halligalli", stray_cards=False)
    clock = SimClock()
    runtime = RealtimeRuntime(game.new_state(players=3, seed=index // 2), clock)
    for _ in range(200):
        view = runtime.view(None)
        if is_bell_valid(card_by_name(p[-1]) for p in view["table"] if p):
            break
        if view["to_flip"] is None:
            return None
        clock.advance(1.0)
        runtime.act(view["to_flip"], game.parse_action("flip"))
    else:
        return None
    exact = SKILLS["expert"]
    human = Skill(HUMAN_MEDIAN, exact.reaction_spread, 0.1, 0.0, 0.0, 0.0, exact.flip_median)

    def bot(level: str, seed: int) -> Any:
        if level == "human":
            return ReactionBot(game, seed=seed, skill=human)
        return make(game, level, seed=seed)

    swap = index % 2
    levels_by_seat = (second, first) if swap else (first, second)
    for seat, level in enumerate(levels_by_seat):
        runtime.set_bot(seat, bot(level, 1000 * index + seat))
    for step in runtime.run_bots(clock.advance_to, limit=50):
        for event in step.events:
            if event["type"] == "bell":
                seat = int(event["seat"])
                return seat ^ swap if seat in (0, 1) else None
    return None


def bell_races(rungs: list[str], races: int, workers: int) -> list[dict[str, Any]]:
    players = [*rungs, "human"]
    rows = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for first, second in itertools.combinations(players, 2):
            tasks = [(first, second, i) for i in range(races)]
            winners = [w for w in pool.map(bell_race, tasks, chunksize=16) if w is not None]
            wins = sum(1 for w in winners if w == 0)
            lo, hi = wilson(wins, len(winners))
            rows.append(
                {
                    "first": first,
                    "second": second,
                    "bells": len(winners),
                    "first_share": wins / len(winners) if winners else math.nan,
                    "ci95": [lo, hi],
                }
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(game_names()), help="comma-separated")
    parser.add_argument("--deals", type=int, default=20, help="deals per pair")
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--races", type=int, default=2000, help="bell races per pair")
    parser.add_argument(
        "--rungs",
        default=None,
        help="only these levels, comma-separated (e.g. rules,strong; ismcts@400: at a budget)",
    )
    parser.add_argument(
        "-o", "--option", action="append", default=[], help="GAME:key=value rule option"
    )
    parser.add_argument("--out", type=Path, default=None, help="directory for records")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    rows: list[dict[str, Any]] = []
    bells: list[dict[str, Any]] = []
    for game_name in [g for g in args.games.split(",") if g]:
        own = [o.partition(":")[2] for o in args.option if o.partition(":")[0] == game_name]
        options = parse_options(game_name, own)
        game = spieltisch.load(game_name, **options)
        rungs = levels(game)
        if args.rungs:
            rungs = chosen_rungs(rungs, args.rungs.split(","))
        for upper, lower in pairs(rungs):
            seed = derive_rng(args.seed, "ladder", game_name, upper, lower).getrandbits(31)
            keep = None
            if args.out is not None:
                args.out.mkdir(parents=True, exist_ok=True)
                keep = args.out / f"{game_name}-{upper}-{lower}.jsonl"
            row = play_pair(game_name, upper, lower, args.deals, seed, args.workers, options, keep)
            rows.append(row)
            lo, hi = row["ahead_ci95"]
            slo, shi = row["score_diff_ci95"]
            print(
                f"{game_name:10} {upper:>8} vs {lower:<8} {row['deals']:3} deals "
                f"{row['games']:4} games  ahead {row['ahead']:.3f} ({lo:.3f}–{hi:.3f})  "
                f"score {row['score_diff']:+.2f} ({slo:+.2f} to {shi:+.2f})  "
                f"{row['verdict']}  [{row['wall_s']:.0f} s]",
                flush=True,
            )
        if game.info.dynamics is Dynamics.REAL_TIME and args.races > 0:
            for b in bell_races([r for r in rungs if r != "random"], args.races, args.workers):
                bells.append({"game": game_name, **b})
                lo, hi = b["ci95"]
                print(
                    f"{game_name:10} bell: {b['first']:>8} vs {b['second']:<8} "
                    f"{b['bells']:5} bells, first wins {b['first_share']:.3f} "
                    f"({lo:.3f}–{hi:.3f})",
                    flush=True,
                )
    print("\nsummary (a rung holds when its 'ahead' CI against the rung below is above 0.5):")
    for row in rows:
        print(f"  {row['game']:10} {row['upper']:>8} > {row['lower']:<8} {row['verdict']}")
    print(f"wall {time.perf_counter() - started:.0f} s, {args.workers} workers")
    if args.json:
        print(json.dumps({"pairs": rows, "bells": bells}, indent=1))


if __name__ == "__main__":
    main()
