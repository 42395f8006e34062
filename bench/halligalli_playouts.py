"""Halli-Galli-Extreem figures: random playouts per second, and a first look at the bot
levels against each other.

Usage: ``python bench/halligalli_playouts.py [GAMES] [BOT_GAMES] [SEED]``.

* playouts: ``GAMES`` games each at 3 and 6 players, uniformly random active seat and
  legal action through the public engine API (load, new_state, active_seats,
  legal_actions, apply); CPU time, so a busy machine does not distort it;
* bots: ``BOT_GAMES`` six-player games per line-up (two each of beginner, average and
  expert; three beginners against three average; three average against three experts;
  seats rotating), on a naive simulated clock — the earliest planned action
  happens next, no collection window, no latency (the table runtime does that
  properly). Reports wins per level and the game statistics.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections import Counter
from typing import Any

import spieltisch
from spieltisch.bots import make


def playouts(players: int, games: int, seed: int) -> dict[str, float]:
    game = spieltisch.load("halligalli")
    plies = 0
    start = time.process_time()
    for g in range(games):
        state = game.new_state(players=players, seed=seed + g)
        rng = random.Random(seed + g)
        while not state.is_over():
            seat = rng.choice(state.active_seats())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        plies += state.ply
    spent = time.process_time() - start
    return {
        "players": players,
        "games": games,
        "games_per_s": round(games / spent, 1),
        "plies_per_s": round(plies / spent),
        "mean_plies": round(plies / games, 1),
    }


def bot_games(games: int, seed: int, ladder: list[str]) -> dict[str, Any]:
    game = spieltisch.load("halligalli")
    wins: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    finales = 0
    seconds = 0.0
    for g in range(games):
        seats = ladder[g % 6 :] + ladder[: g % 6]
        bots = [make(game, lvl, seed=seed * 1000 + g * 10 + s) for s, lvl in enumerate(seats)]
        state = game.new_state(players=6, seed=seed + g)
        clock = 0.0
        while not state.is_over():
            best: tuple[float, int, Any] | None = None
            for seat in state.active_seats():
                plan = bots[seat].plan(state.view(seat), seat, clock)
                if plan.action is not None and (best is None or clock + plan.delay < best[0]):
                    best = (clock + plan.delay, seat, plan.action)
            assert best is not None
            clock = best[0]
            state.apply(best[1], best[2])
        result = state.result()
        assert result is not None
        for s in result.winners:
            wins[seats[s]] += 1
        totals.update(result.details["stats"])
        finales += bool(result.details["finale"])
        seconds += clock
    return {
        "lineup": ladder,
        "games": games,
        "wins_by_level": dict(wins),
        "mean_stats": {k: round(v / games, 1) for k, v in totals.items()},
        "finale_rate": round(finales / games, 2),
        "mean_simulated_minutes": round(seconds / games / 60, 1),
    }


def main(argv: list[str]) -> None:
    games = int(argv[1]) if len(argv) > 1 else 500
    bots = int(argv[2]) if len(argv) > 2 else 60
    seed = int(argv[3]) if len(argv) > 3 else 0
    report = {
        "playouts": [playouts(3, games, seed), playouts(6, games, seed)],
        "bots": [
            bot_games(bots, seed, ["beginner", "average", "expert"] * 2),
            bot_games(bots, seed, ["beginner", "average"] * 3),
            bot_games(bots, seed, ["average", "expert"] * 3),
        ],
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main(sys.argv)
