"""CPU time of what a live table builds from its state for every step, before and after a
change to the rules core: the seat to move's legal actions in notation, the views of that
seat and of a spectator, the seat's envelope, and reading an action's notation back.

The server does each of these once or twice per action (``LiveTable.broadcast_step``, a
bot's view, a person's move), for every table, so a microsecond here is a microsecond of
every action (``bench/ws_load.py`` measures the whole path). The positions are seeded
random playouts of each game to a seeded depth, the same in both checkouts; each piece is
timed over all positions, repeated, on the worker's process CPU clock, and the best of
its repetitions is kept (the least disturbed). Rounds alternate the order of the two
checkouts (before/now, then now/before) and the figures are min / median / max over the
rounds, in microseconds per call.

    .venv/bin/python bench/step_messages.py HEAD~1 --build --game halali

``REF`` is checked out into a temporary git worktree (removed at the end); ``--build``
compiles its rules core in place so that compiled is compared with compiled (``make
compile`` this tree first).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from checkout import checked_out, worker_json

ROOT = Path(__file__).resolve().parents[1]
PIECES = ("legal in notation", "views (seat, spectator)", "envelope (seat)", "parse")


def positions(game: str, count: int, seed: int) -> tuple[Any, list[tuple[Any, int]]]:
    """``count`` states of seeded random playouts, each with a seat that may act."""
    import spieltisch

    rules = spieltisch.load(game)
    rng = random.Random(seed)
    out: list[tuple[Any, int]] = []
    while len(out) < count:
        state = rules.new_state(seed=rng.randrange(2**31))
        for _ in range(rng.randrange(5, 80)):
            if state.is_over():
                break
            seat = state.active_seats()[0]
            state.play(seat, rng.choice(state.legal_actions(seat)))
        if not state.is_over():
            out.append((state, state.active_seats()[0]))
    return rules, out


def best_of(fn: Callable[[], object], calls: int, repeats: int) -> float:
    """Microseconds per call of ``fn`` (which makes ``calls`` calls), best of ``repeats``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best / calls * 1e6


def worker(game: str, count: int, seed: int, repeats: int) -> dict[str, Any]:
    from spieltisch.engine.envelope import envelope
    from spieltisch.rulescore import core_build

    rules, states = positions(game, count, seed)
    texts = [(state, [str(a) for a in state.legal_actions(seat)]) for state, seat in states]
    loops = 50

    def legal() -> None:
        for _ in range(loops):
            for state, seat in states:
                [str(a) for a in state.legal_actions(seat)]

    def views() -> None:
        for _ in range(loops):
            for state, seat in states:
                state.views([seat, None])

    def envelopes() -> None:
        for _ in range(loops):
            for state, seat in states:
                envelope(state, seat)

    def parse() -> None:
        for _ in range(loops):
            for _state, notations in texts:
                rules.parse_action(notations[0])

    calls = loops * len(states)
    return {
        "core": str(core_build().describe()),
        "legal in notation": best_of(legal, calls, repeats),
        "views (seat, spectator)": best_of(views, calls, repeats),
        "envelope (seat)": best_of(envelopes, calls, repeats),
        "parse": best_of(parse, calls, repeats),
    }


def run(src: Path, game: str, count: int, seed: int, repeats: int) -> dict[str, Any]:
    args = (game, str(count), str(seed), str(repeats))
    result: dict[str, Any] = worker_json(__file__, src, *args, PYTHONHASHSEED="0")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ref", nargs="?", default="HEAD", help="the 'before' git ref")
    parser.add_argument("--build", action="store_true", help="compile REF's rules core")
    parser.add_argument("--game", action="append", help="repeatable; default halali")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=5, help="timings per piece and run")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        game, count, seed, repeats = args.worker
        print(json.dumps(worker(game, int(count), int(seed), int(repeats))))
        return
    with checked_out(args.ref, build=args.build) as tree:
        sides = {"before": tree / "src", "now": ROOT / "src"}
        for game in args.game or ["halali"]:
            got: dict[str, list[dict[str, Any]]] = {"before": [], "now": []}
            for n in range(args.rounds):
                order = list(sides) if n % 2 == 0 else list(reversed(sides))
                for label in order:
                    got[label].append(
                        run(sides[label], game, args.positions, args.seed, args.repeats)
                    )
            cores = ", ".join(f"{label}: {got[label][-1]['core']}" for label in sides)
            print(
                f"{game}: {args.positions} positions, {args.rounds} rounds, µs per call ({cores})"
            )
            for piece in PIECES:
                cells = []
                for label in sides:
                    v = [r[piece] for r in got[label]]
                    cells.append(
                        f"{label} {min(v):6.2f} / {statistics.median(v):6.2f} / {max(v):6.2f}"
                    )
                print(f"  {piece:24} " + "   ".join(cells))


if __name__ == "__main__":
    main()
