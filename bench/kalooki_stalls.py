"""KA-R9 safeguard figures: how many Kalooki deals end without a winner, per player count
and bot level, now that the stock is turned over as often as it runs out.

Usage: ``python bench/kalooki_stalls.py [DEALS] [LEVELS] [PLAYERS] [ITERATIONS]``, e.g.
``python bench/kalooki_stalls.py 500 rules,random 2,3,4,5,6`` or, for the search levels on
a small sample, ``python bench/kalooki_stalls.py 10 strong,ismcts 4,6 50``.

Every seat plays the same level; deal ``n`` has seed ``n``. For each player count and level
it prints the deals, how many ended by the safeguard (``STALL_TURNS`` turns in a row left
nothing new on the table), how many were dead (nobody could ever lay a card again), the
longest stretch without laying seen in any deal (the margin to the safeguard), the most
restocks in one deal, and the mean turns per deal.
ITERATIONS is the search levels' budget per move (their own default when left out).
"""

from __future__ import annotations

import json
import sys
from typing import Any


def run(deals: int, level: str, players: int, iterations: int | None) -> dict[str, Any]:
    import spieltisch
    from spieltisch.bots import make
    from spieltisch.games.kalooki.limits import STALL_TURNS

    game = spieltisch.load("kalooki", six_players=players > 4)
    budget: dict[str, Any] = (
        {} if iterations is None or level in ("random", "rules") else {"iterations": iterations}
    )
    ended = dead = longest = restocks = turns = 0
    for n in range(deals):
        bots = [make(game, level, seed=n * 10 + s, **budget) for s in range(players)]
        state = game.new_state(players, seed=n)
        while not state.is_over():
            (seat,) = state.active_seats()
            state.apply(seat, bots[seat].act(state, seat))
            longest = max(longest, state.idle)
        end = state.deals[-1].get("no_winner", "")
        ended += end == "stalled"
        dead += end == "dead"
        restocks = max(restocks, state.restocks)
        turns += state.turns
    return {
        "level": level,
        "players": players,
        "deals": deals,
        "ended_by_safeguard": ended,
        "dead_deals": dead,
        "longest_idle_stretch": longest,
        "safeguard_turns": STALL_TURNS,
        "most_restocks": restocks,
        "turns_per_deal": round(turns / deals, 1),
    }


def main(argv: list[str]) -> None:
    deals = int(argv[1]) if len(argv) > 1 else 500
    levels = argv[2].split(",") if len(argv) > 2 else ["rules", "random"]
    counts = [int(p) for p in argv[3].split(",")] if len(argv) > 3 else [2, 3, 4, 5, 6]
    iterations = int(argv[4]) if len(argv) > 4 else None
    for level in levels:
        for players in counts:
            print(json.dumps(run(deals, level, players, iterations)), flush=True)


if __name__ == "__main__":
    main(sys.argv)
