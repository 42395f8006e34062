"""Is one policy better than another? One seat against the rest, paired, in seconds.

A search level is as good as the policy its rollouts play, so the next step of a ladder
is often a better policy, found by trying thresholds of a heuristic bot. The ladder bench
answers with tournaments of search levels, minutes per game; a policy alone plays a
whole match in milliseconds, so thousands of matches can settle a change of one
threshold.

Each deal is played once by ``--baseline`` bots at every seat, then once for every seat
with ``--challenger`` there instead, the other seats and every bot seed unchanged. Up to
the challenger's first own move the two games are the same, so the paired difference at
that seat measures the challenger's moves and little of the deal. Reported per seat and
game, as differences to the baseline at that seat in the same deal:

* **places**: the share of the other seats the seat finished ahead of (a tie counts
  half), as the arena's "ahead";
* **score**: the seat's score minus the mean of the others, in the game's unit (for a
  game counted in penalty points, negative is better);

each with a 95 % interval over deals (normal, from the per-deal means), and the share of
games the challenger changed at all. Specs are the arena's: a level, a level with a
budget (``strong@150``) or ``module:Class``.

    .venv/bin/python bench/policy_duel.py --game hydra --challenger \\
        spieltisch.games.hydra.faces.bots:SharpRulesBot --deals 2000 --workers 2
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import spieltisch
from spieltisch.arena import build_bot
from spieltisch.arena.cli import parse_options
from spieltisch.engine import Game, Result, derive_rng


def play(game: Game, deal: int, specs: list[str], seed: int) -> Result:
    """One game of ``deal`` with bot ``specs[s]`` at seat ``s``, each seeded per seat."""
    state = game.new_state(len(specs), seed=deal)
    bots = [build_bot(game, spec, seed=seed * 31 + s) for s, spec in enumerate(specs)]
    while not state.is_over():
        seat = state.active_seats()[0]
        state.play(seat, bots[seat].act(state, seat))
    result = state.result()
    assert result is not None
    return result


def standing(result: Result, seat: int) -> tuple[float, float]:
    """``seat``'s share of the others it finished ahead of, and its score minus theirs."""
    others = [s for s in range(len(result.ranks)) if s != seat]
    mine = result.ranks[seat]
    ahead = sum(
        1.0 if mine < result.ranks[o] else 0.5 if mine == result.ranks[o] else 0.0 for o in others
    )
    rest = sum(result.scores[o] for o in others) / len(others)
    return ahead / len(others), result.scores[seat] - rest


def duel(task: tuple[str, dict[str, Any], int, str, str, int, int]) -> list[float]:
    """Per deal of one worker's share: mean place and score gain, and the changed share."""
    name, options, players, challenger, baseline, first, count = task
    game = spieltisch.load(name, **options)
    seats = players or game.info.default_players
    out: list[float] = []
    for deal in range(first, first + count):
        seed = derive_rng(deal, "policy_duel").getrandbits(31)
        base = play(game, deal, [baseline] * seats, seed)
        places = scores = changed = 0.0
        for seat in range(seats):
            specs = [baseline] * seats
            specs[seat] = challenger
            result = play(game, deal, specs, seed)
            (p, s), (bp, bs) = standing(result, seat), standing(base, seat)
            places += p - bp
            scores += s - bs
            changed += result != base
        out += [places / seats, scores / seats, changed / seats]
    return out


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95 % normal interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="hydra")
    parser.add_argument("--challenger", required=True, help="arena spec or module:Class")
    parser.add_argument("--baseline", default="rules", help="arena spec or module:Class")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--players", type=int, default=0, help="seats (0: the game's default)")
    parser.add_argument("-o", "--option", action="append", default=[], help="game option k=v")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    options = parse_options(args.game, args.option)
    chunk = max(1, math.ceil(args.deals / (args.workers * 4)))
    tasks = [
        (
            args.game,
            options,
            args.players,
            args.challenger,
            args.baseline,
            first,
            min(chunk, args.first_deal + args.deals - first),
        )
        for first in range(args.first_deal, args.first_deal + args.deals, chunk)
    ]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [x for part in pool.map(duel, tasks) for x in part]
    places, scores, changed = rows[0::3], rows[1::3], rows[2::3]
    print(f"{args.game}: {args.challenger} against {args.baseline}, {len(places)} deals")
    for label, values in (("places", places), ("score", scores)):
        mean, low, high = interval(values)
        print(f"  {label:7} {mean:+.4f} ({low:+.4f} to {high:+.4f})")
    print(f"  games changed: {statistics.fmean(changed):.3f}")
    print(f"  {time.perf_counter() - started:.0f} s on {args.workers} workers")


if __name__ == "__main__":
    main()
