"""Kalooki figures: random playouts per second, and the rules bot against random bots.

Usage: ``python bench/kalooki_playouts.py [GAMES] [MATCHES] [SEED] [PLAYERS]``.

* playouts: ``GAMES`` ring games (one deal each) of ``PLAYERS`` seats (default 4) with
  uniformly random legal actions through the public engine API (load, new_state,
  legal_actions, apply), CPU time; plies per game and how the deals ended (random play
  ends most deals by KA-R9, the stock running out after two restocks);
* duel: ``MATCHES`` deals of one rules bot against random bots in the other seats (the
  rules bot's seat rotating), as win rate and average money per deal (stake 10).

For comparison, RLCard's gin rummy is timed the same way with
``bench/kalooki_playouts.py --rlcard GAMES`` (needs the ``peers`` extra): its bare game
engine and its environment (``env.step``, which encodes observations) apart, as in
``spieltisch bench --peers`` (see ``spieltisch.peers`` for what is counted).
"""

from __future__ import annotations

import json
import random
import sys
import time


def playouts(games: int, seed: int, players: int) -> dict[str, object]:
    import spieltisch

    game = spieltisch.load("kalooki", six_players=players > 4)
    rng = random.Random(seed)
    plies = 0
    reasons: dict[str, int] = {}
    start = time.process_time()
    for n in range(games):
        state = game.new_state(players, seed=seed + n)
        while not state.is_over():
            seat = state.active_seats()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            plies += 1
        reasons[state.reason] = reasons.get(state.reason, 0) + 1
    seconds = time.process_time() - start
    return {
        "games": games,
        "players": players,
        "plies_per_game": round(plies / games, 1),
        "playouts_per_second": round(games / seconds, 2),
        "steps_per_second": round(plies / seconds, 1),
        "endings": reasons,
    }


def rlcard_gin_rummy(games: int, seed: int) -> dict[str, object]:
    """RLCard's gin rummy, engine and environment, timed like ours (CPU time)."""
    from spieltisch.peers import rlcard_gin_rummy_env, rlcard_gin_rummy_game

    out: dict[str, object] = {}
    for label, run in (("game", rlcard_gin_rummy_game), ("env.step", rlcard_gin_rummy_env)):
        s = run(games, seed)
        out[label] = {
            "games": games,
            "plies_per_game": round(s.plies_per_game, 1),
            "playouts_per_second": round(s.playouts_per_second, 2),
            "steps_per_second": round(s.steps_per_second, 1),
        }
    return out


def main(argv: list[str]) -> None:
    if len(argv) > 1 and argv[1] == "--rlcard":
        games = int(argv[2]) if len(argv) > 2 else 1000
        print(json.dumps({"rlcard_gin_rummy": rlcard_gin_rummy(games, 0)}))
        return
    games = int(argv[1]) if len(argv) > 1 else 200
    matches = int(argv[2]) if len(argv) > 2 else 200
    seed = int(argv[3]) if len(argv) > 3 else 0
    players = int(argv[4]) if len(argv) > 4 else 4
    print(json.dumps({"kalooki_random": playouts(games, seed, players)}))
    if matches:
        from spieltisch.benchmark import duel

        d = duel("kalooki", "rules", "random", matches, seed=seed)
        figures = d.to_json()
        figures.pop("per_colour", None)
        figures["rules_money_per_deal"] = round(d.points_a / d.matches, 2)
        print(json.dumps({"duel_rules_vs_3_random": figures}, indent=2))


if __name__ == "__main__":
    main(sys.argv)
