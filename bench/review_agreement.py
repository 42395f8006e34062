"""Can the post-game review be trusted? Its marks against a much deeper search, per game.

Decisions come from recorded games: a seeded arena tournament of ``rules`` against
``random`` (so there are mistakes to find), reviewed from a seat of each in turn.
From each record ``--per-game`` decisions with a choice are taken, spread evenly over
the first ``--span`` (default half) of the seat's decisions. Each decision is judged
twice from the seat's own view:

* by the review as the server runs it (``review_decision``, the game's declared
  budget), and
* by the same judge with ``--deep`` times the worlds and the screening cap (a much
  deeper search, other seeds).

It reports, for the decisions the review marks (``?!``, ``?``, ``??``), how often the
review's "better move" is the deep search's best move, and how often the deep search
finds that the marked move really loses value: any loss beyond two standard errors, and
a loss at least as large as the mark's own threshold. It also reports how often the
deep search marks a move the review called best or good (a missed mistake).

    .venv/bin/python bench/review_agreement.py --workers 16 --games-per 12 --deep 10
    nice -n 10 .venv/bin/python bench/review_agreement.py --games halali --games-per 2 \\
        --per-game 6 --deep 5 --workers 2
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

import spieltisch
from spieltisch.arena import Tournament, wilson
from spieltisch.engine import Dynamics, derive_rng, game_names
from spieltisch.review import review_decision
from spieltisch.review.declaration import declared_review
from spieltisch.review.model import BLUNDER, INACCURACY, MISTAKE
from spieltisch.review.search import Judge

THRESHOLD = {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER}
"""The loss in chance to win that each mark stands for."""


def decisions(record: dict[str, Any], seat: int, count: int, span: float) -> list[int]:
    """Plies of ``count`` decisions of ``seat`` with a choice, spread over the first
    ``span`` of them: a lost or won position has few marks to check (the chance to win
    hardly moves), so the early part of a game is where the review marks moves."""
    game = spieltisch.load(record["game"], **record.get("options", {}))
    state = game.new_state(players=int(record["players"]), seed=int(record["seed"]))
    mine = []
    for ply, step in enumerate(record["actions"]):
        actor = int(step["seat"])
        if actor == seat and len(state.legal_actions(seat)) > 1:
            mine.append(ply)
        state.apply(actor, game.action_from_json(step["action"]))
    mine = mine[: max(1, round(span * len(mine)))]
    if len(mine) <= count:
        return mine
    return [mine[int((i + 0.5) * len(mine) / count)] for i in range(count)]


def judge(task: tuple[dict[str, Any], int, int, int, int]) -> dict[str, Any]:
    """The review's and the deep search's judgement of one decision (in a worker)."""
    record, seat, ply, deep, seed = task
    game = spieltisch.load(record["game"], **record.get("options", {}))
    state = game.new_state(players=int(record["players"]), seed=int(record["seed"]))
    for step in record["actions"][:ply]:
        state.apply(int(step["seat"]), game.action_from_json(step["action"]))
    action = game.action_from_json(record["actions"][ply]["action"])
    view = state.view(seat)
    started = time.process_time()
    shallow = review_decision(game, view, seat, action, seed=seed, ply=ply)
    review_cpu = time.process_time() - started
    settings = declared_review(game)
    deeper = replace(settings, worlds=settings.worlds * deep, screen=settings.screen * deep)
    rng = derive_rng(seed, "review-agreement", seat, ply)
    verdict = Judge.of(game, deeper, seed + 1).decide(view, seat, action, ply, rng, deeper.worlds)
    assert shallow.loss is not None and verdict.loss is not None
    assert shallow.alternative is not None and verdict.alternative is not None
    deep_best = shallow.action if verdict.kind == "best" else verdict.alternative.action
    return {
        "game": record["game"],
        "seat": seat,
        "ply": ply,
        "legal": shallow.legal,
        "taken": shallow.action,
        "review": shallow.kind,
        "review_better": shallow.alternative.action,
        "review_cpu_s": round(review_cpu, 3),
        "deep": verdict.kind,
        "deep_best": deep_best,
        "deep_loss": verdict.loss.win,
        "deep_loss_se": verdict.loss.win_se,
    }


def report(game: str, rows: list[dict[str, Any]]) -> None:
    marked = [r for r in rows if r["review"] in THRESHOLD]
    print(f"{game}: {len(rows)} decisions, {len(marked)} marked by the review")
    if marked:
        agree = sum(r["review_better"] == r["deep_best"] for r in marked)
        loses = sum(r["deep_loss"] > 2 * r["deep_loss_se"] for r in marked)
        big = sum(r["deep_loss"] >= THRESHOLD[r["review"]] for r in marked)
        for label, k in (
            ("better move is the deep search's best", agree),
            ("marked move loses value (deep, > 2 SE)", loses),
            ("marked move loses at least its mark's threshold", big),
        ):
            lo, hi = wilson(k, len(marked))
            print(f"  {label}: {k}/{len(marked)} = {k / len(marked):.2f} ({lo:.2f}–{hi:.2f})")
    unmarked = [r for r in rows if r["review"] in ("best", "good")]
    missed = sum(r["deep"] in THRESHOLD for r in unmarked)
    if unmarked:
        lo, hi = wilson(missed, len(unmarked))
        print(
            f"  unmarked moves the deep search marks: {missed}/{len(unmarked)} = "
            f"{missed / len(unmarked):.2f} ({lo:.2f}–{hi:.2f})"
        )
    cpu = [r["review_cpu_s"] for r in rows]
    print(f"  review CPU per decision: median {statistics.median(cpu):.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    turn_based = [
        g for g in game_names() if spieltisch.load(g).info.dynamics is Dynamics.TURN_BASED
    ]
    parser.add_argument("--games", default=",".join(turn_based), help="comma-separated")
    parser.add_argument("--games-per", type=int, default=12, help="recorded games per game")
    parser.add_argument("--per-game", type=int, default=8, help="decisions per record")
    parser.add_argument(
        "--span", type=float, default=0.5, help="share of a seat's decisions to draw from"
    )
    parser.add_argument("--deep", type=int, default=10, help="deep worlds / review worlds")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("-o", "--option", action="append", default=[], help="GAME:key=value")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from spieltisch.arena.cli import parse_options

    started = time.perf_counter()
    everything = []
    for name in [g for g in args.games.split(",") if g]:
        own = [o.partition(":")[2] for o in args.option if o.partition(":")[0] == name]
        options = parse_options(name, own)
        seed = derive_rng(args.seed, "review-agreement", name).getrandbits(31)
        tournament = Tournament(
            name,
            ["rules", "random"],
            args.games_per,
            seed=seed,
            jobs=args.workers,
            options=options,
        )
        records = sorted(tournament.run(), key=lambda r: int(r["index"]))[: args.games_per]
        tasks = []
        for i, line in enumerate(records):
            record = line["record"]
            # Alternately a seat of the random bot (mistakes to find) and of the rules bot.
            seat = line["seats"].index("random" if i % 2 == 0 else "rules")
            for ply in decisions(record, seat, args.per_game, args.span):
                tasks.append((record, seat, ply, args.deep, seed + i))
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            rows = list(pool.map(judge, tasks))
        report(name, rows)
        everything += rows
    print(f"wall {time.perf_counter() - started:.0f} s, {args.workers} workers")
    if args.json:
        print(json.dumps(everything, indent=1))


if __name__ == "__main__":
    main()
