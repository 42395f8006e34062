"""Hydra figures: random playouts per second, and the rules bot against random bots.

Usage: ``python bench/hydra_playouts.py [GAMES] [MATCHES] [SEED]``.

* playouts: ``GAMES`` single Hydra games (option ``games=1``) with uniformly random legal
  actions, through the public engine API (load, new_state, legal_actions, apply); the
  full five-game matches are timed too (``spieltisch.benchmark.playouts``);
* duel: ``MATCHES`` matches (5 games each, one round of dealers) of one rules bot against
  four random bots, the rules bot's seat rotating; reported per seat and game as the
  average settlement (zero-sum: a random seat averages minus a quarter of the bot's).
"""

from __future__ import annotations

import json
import random
import sys
import time

import spieltisch
from spieltisch.benchmark import duel, playouts


def single_games(games: int, seed: int) -> dict[str, float]:
    """Random single games (one deal, or several after Armut) per second."""
    game = spieltisch.load("hydra", games=1)
    rng = random.Random(seed)
    plies = 0
    start = time.process_time()
    for n in range(games):
        state = game.new_state(seed=seed + n)
        while not state.is_over():
            seat = state.active_seats()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            plies += 1
    seconds = time.process_time() - start
    return {
        "games": games,
        "plies_per_game": round(plies / games, 1),
        "playouts_per_second": round(games / seconds, 1),
        "steps_per_second": round(plies / seconds, 1),
    }


def main(argv: list[str]) -> None:
    games = int(argv[1]) if len(argv) > 1 else 2000
    matches = int(argv[2]) if len(argv) > 2 else 400
    seed = int(argv[3]) if len(argv) > 3 else 0
    matches_timed = playouts("hydra", max(1, games // 5), seed=seed).to_json()
    print(json.dumps({"single_games": single_games(games, seed), "matches": matches_timed}))
    d = duel("hydra", "rules", "random", matches, seed=seed)
    per_game = 5 * d.matches
    figures = {
        **d.to_json(),
        "rules_points_per_game": round(d.points_a / per_game, 3),
        "random_points_per_game": round(d.points_b / (4 * per_game), 3),
        "rules_first_place_rate": round(d.wins / d.matches, 3) if d.matches else 0.0,
    }
    figures.pop("per_colour", None)
    print(json.dumps({"duel": figures}, indent=2))


if __name__ == "__main__":
    main(sys.argv)
