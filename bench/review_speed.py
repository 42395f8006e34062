"""CPU time of a post-game review before and after a change to the rules core, and
whether the review is the same.

A review is deterministic for its record, seat, seed and worlds (``review_record``), so
a faster core must give the very same marks in less time: this script reviews one seeded
game per chosen game with two checkouts and reports both CPU times and whether the two
reviews agree field for field (the CPU time aside). The record is a seeded random game
played through the public engine API, the same in both checkouts.

    .venv/bin/python bench/review_speed.py f6c2290 --build --game hydra

``REF`` is checked out into a temporary git worktree (removed at the end); ``--build``
compiles its rules core in place (``setup.py build_ext --inplace``) so that compiled is
compared with compiled (``make compile`` this tree first). Rounds alternate the order
(old/new, then new/old); the clock is each worker's process CPU time.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
from pathlib import Path
from typing import Any

from checkout import checked_out, worker_json

ROOT = Path(__file__).resolve().parents[1]


def worker(game: str, seed: int, worlds: int) -> dict[str, Any]:
    """Play seeded random game ``seed`` of ``game`` and review seat 0 with ``worlds``."""
    import spieltisch
    from spieltisch.review import review_record

    try:
        from spieltisch.rulescore import core_build

        core = core_build().describe()
    except ImportError:  # a checkout from before the compiled core
        core = "pure Python"
    state = spieltisch.load(game).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.active_seats()[0]
        state.play(seat, rng.choice(state.legal_actions(seat)))
    count = worlds if worlds > 0 else None  # 0: the game's declared review budget
    review = review_record(state.record(), 0, seed=seed, worlds=count).to_json()
    cpu = review.pop("cpu_seconds")
    text = json.dumps(review, sort_keys=True)
    return {
        "cpu": cpu,
        "digest": hashlib.sha256(text.encode()).hexdigest()[:16],
        "decisions": len(review.get("decisions", [])),
        "core": str(core),
    }


def run(src: Path, game: str, seed: int, worlds: int) -> dict[str, Any]:
    result: dict[str, Any] = worker_json(__file__, src, game, str(seed), str(worlds))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ref", nargs="?", default="HEAD", help="the 'before' git ref")
    parser.add_argument("--build", action="store_true", help="compile REF's rules core")
    parser.add_argument("--game", action="append", help="repeatable; default hydra")
    parser.add_argument(
        "--worlds", type=int, default=0, help="worlds per decision; 0: the game's budget"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        game, seed, worlds = args.worker
        print(json.dumps(worker(game, int(seed), int(worlds))))
        return
    with checked_out(args.ref, build=args.build) as tree:
        sides = {"before": tree / "src", "now": ROOT / "src"}
        for game in args.game or ["hydra"]:
            cpu: dict[str, list[float]] = {"before": [], "now": []}
            seen: dict[str, dict[str, Any]] = {}
            for n in range(args.rounds):
                order = list(sides) if n % 2 == 0 else list(reversed(sides))
                for label in order:
                    got = run(sides[label], game, args.seed, args.worlds)
                    cpu[label].append(got["cpu"])
                    seen[label] = got
            ratios = [b / a for a, b in zip(cpu["now"], cpu["before"], strict=True) if a > 0]
            same = seen["before"]["digest"] == seen["now"]["digest"]
            worlds = args.worlds or "the declared"
            print(f"{game}: {seen['now']['decisions']} decisions, {worlds} worlds")
            for label in sides:
                c = cpu[label]
                print(
                    f"  {label:6} {seen[label]['core']:22} CPU s min {min(c):.2f}  "
                    f"median {statistics.median(c):.2f}  max {max(c):.2f}"
                )
            print(
                f"  speed-up before/now min {min(ratios):.2f}  median "
                f"{statistics.median(ratios):.2f}  max {max(ratios):.2f}; "
                f"same review: {'yes' if same else 'NO'}"
            )


if __name__ == "__main__":
    main()
