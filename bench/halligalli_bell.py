"""Halli Galli through the real-time runtime on a simulated clock: speed and fairness.

Run: ``.venv/bin/python bench/halligalli_bell.py [--games 50] [--races 20000]``

1. Whole 6-bot games (levels mixed) through :class:`RealtimeRuntime` on a ``SimClock``
   with per-seat latencies: games/s, actions/s, ring-window decisions/s.
2. Fairness of the bell window: two seats race on one valid table; each has a one-way
   latency drawn from 5–250 ms, the reaction they report is measured on their own screen
   (show time converted with a clock offset that is off by the sync error), the message
   is delayed by latency plus jitter, and the server knows the latency to within the sync
   error. Two network models (good, bad). Reports how often the truly faster reaction
   wins when the two reactions differ by at least 30 ms, and by at least 10 ms, and how
   many honest rings were ranked by the server's own timing (their report was faster).
"""

from __future__ import annotations

import argparse
import random
import time

import spieltisch
from spieltisch.bots import make
from spieltisch.engine import View
from spieltisch.games.halligalli.bell import is_bell_valid
from spieltisch.games.halligalli.cards import card_by_name
from spieltisch.table import RealtimeRuntime, SimClock

LEVELS = ["expert", "average", "beginner", "expert", "average", "beginner"]


def games(n: int) -> None:
    game = spieltisch.load("halligalli")
    start = time.perf_counter()
    actions = decisions = 0
    simulated = 0.0
    for seed in range(n):
        clock = SimClock()
        bots = {s: make(game, lv, seed=seed * 7 + s) for s, lv in enumerate(LEVELS)}
        rt = RealtimeRuntime(game.new_state(players=6, seed=seed), clock, bots)
        rt.latency = {s: 0.02 * s for s in range(6)}
        actions += len(rt.run_bots(clock.advance_to))
        decisions += rt.decisions
        simulated += clock.now()
    took = time.perf_counter() - start
    print(
        f"6 bots, {n} games: {n / took:.1f} games/s, {actions / took:.0f} actions/s, "
        f"{decisions / took:.0f} ring decisions/s "
        f"({simulated / n / 60:.1f} simulated minutes per game)"
    )


def valid_runtime(seed: int) -> tuple[RealtimeRuntime, SimClock, int]:
    game = spieltisch.load("halligalli", stray_cards=False)
    clock = SimClock()
    rt = RealtimeRuntime(game.new_state(players=3, seed=seed), clock)
    for _ in range(200):
        view: View = rt.view(None)
        if is_bell_valid(card_by_name(p[-1]) for p in view["table"] if p):
            return rt, clock, int(view["version"])
        if view["to_flip"] is None:
            break
        clock.advance(1.0)
        rt.act(view["to_flip"], game.parse_action("flip"))
    raise RuntimeError("no valid table")


def races(n: int, jitter: float, offset_error: float, label: str) -> None:
    """``jitter``: extra one-way delay 0..jitter; ``offset_error``: clock-sync error and
    latency-measurement error, each uniform in ±offset_error (seconds)."""
    rng = random.Random(1)
    base = [valid_runtime(seed) for seed in range(20)]
    fair30 = total30 = fair10 = total10 = untrusted = 0
    start = time.perf_counter()
    for i in range(n):
        rt0, _, v = base[i % len(base)]
        clock = SimClock(rt0.clock.now())
        rt = RealtimeRuntime(spieltisch.replay(rt0.state.record()), clock)
        lat = {0: rng.uniform(0.005, 0.25), 1: rng.uniform(0.005, 0.25)}
        rt.latency = {s: lat[s] + rng.uniform(-offset_error, offset_error) for s in lat}
        rt.shown_at[v] = clock.now() + rt.lead()
        react = {0: rng.uniform(0.18, 0.6), 1: rng.uniform(0.18, 0.6)}
        arrivals = []
        for s in (0, 1):
            # The card appears on this screen off by the clock-sync error; the player
            # reacts to his screen and his page measures from there (±1 frame).
            painted = rt.shown_at[v] + rng.uniform(-offset_error, offset_error)
            press = painted + react[s]
            reported = react[s] + rng.uniform(-0.008, 0.008)
            arrivals.append((press + lat[s] + rng.uniform(0.0, jitter), s, reported))
        for arrival, s, reported in sorted(arrivals):
            clock.advance_to(arrival)
            claim = rt.ring(s, v, reported)
            untrusted += claim is not None and not claim.trusted
        winner = None
        for step in rt.run_bots(clock.advance_to):
            for e in step.events:
                if e["type"] == "bell":
                    winner = e["seat"]
        gap = abs(react[0] - react[1])
        truly = 0 if react[0] < react[1] else 1
        if gap >= 0.030:
            total30 += 1
            fair30 += winner == truly
        if gap >= 0.010:
            total10 += 1
            fair10 += winner == truly
    took = time.perf_counter() - start
    print(
        f"{label}: {n} races, faster reaction won {100 * fair30 / total30:.2f}% when "
        f">=30 ms apart, {100 * fair10 / total10:.2f}% when >=10 ms apart; "
        f"{100 * untrusted / (2 * n):.2f}% of honest rings ranked by the server's timing "
        f"({n / took:.0f} races/s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--races", type=int, default=5000)
    args = parser.parse_args()
    games(args.games)
    races(args.races, 0.020, 0.010, "good network (jitter 20 ms, sync error 10 ms)")
    races(args.races, 0.080, 0.030, "bad network (jitter 80 ms, sync error 30 ms)")


if __name__ == "__main__":
    main()
