"""Baselines for learners: the ladder's levels against each other, as a Markdown table.

Run: ``.venv/bin/python bench/baselines.py GAME [--bots random,rules,strong] [--games 40]
[--jobs 2] [--seed 0]``

Plays an arena tournament (:mod:`spieltisch.arena`: every level in every seat, on
mirrored deals) and prints one row per pair of levels: how often the first finished
ahead of the second where both sat at one table (a tie counts half), with its 95 %
interval (bootstrap over deals), and the mean score difference in the game's unit. The
rows are what ``docs/research.md`` publishes; a learned agent is measured against the
same levels with ``spieltisch arena GAME --bots my_module:MyAgent,random,rules``.
"""

from __future__ import annotations

import argparse
import time

from spieltisch.arena.runner import Tournament
from spieltisch.arena.stats import head_to_head


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--bots", default="random,rules,strong")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args()
    bots = args.bots.split(",")
    tournament = Tournament(
        args.game, bots, args.games, seed=args.seed, jobs=args.jobs, players=args.players
    )
    start = time.monotonic()
    games = list(tournament.run())
    spent = time.monotonic() - start
    print(
        f"{args.game}, {tournament.players} seats, {len(games)} games, seed {args.seed} "
        f"({spent:.0f} s with {args.jobs} jobs)\n"
    )
    print("| game | level | vs | meetings | ahead | 95% CI | score diff |")
    print("|---|---|---|---|---|---|---|")
    for pair in head_to_head(bots, games):
        low, high = pair.ahead_ci
        print(
            f"| {args.game} | {pair.bot} | {pair.other} | {pair.meetings} | {pair.ahead:.2f} "
            f"| {low:.2f}–{high:.2f} | {pair.score_diff:+.1f} |"
        )


if __name__ == "__main__":
    main()
