"""Steps per second through the research adapters, next to the raw engine.

Run: ``.venv/bin/python bench/interop.py [--game halali] [--seconds 5] [--rounds 3] [--json]``

Every row plays uniformly random legal actions for about ``--seconds`` of this process's
CPU time (other load on the machine does not count) and counts player actions
(OpenSpiel chance events are applied but not counted, so the rows compare):

- ``engine``: ``legal_actions`` + ``apply`` on the engine state.
- ``pettingzoo``: the usual agent loop, ``env.last()`` (tensor + mask) and ``env.step``.
- ``openspiel``: ``legal_actions`` + ``apply_action``, chance sampled from
  ``chance_outcomes``.
- ``openspiel + tensor``: the same plus ``observation_tensor`` of the acting player.

Each round runs every row once on games of its own seeds, the order reversed every other
round; rates and each row's
share of the engine's rate (taken within a round) are printed as min / median / max over
the rounds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from spieltisch.engine import game_names, load
from spieltisch.interop import openspiel
from spieltisch.interop.encoders import encoded_games
from spieltisch.interop.pettingzoo import raw_env


def _timed(run: Callable[[float], int], seconds: float) -> float:
    start = time.process_time()
    steps = run(start + seconds)
    return steps / (time.process_time() - start)


def engine_rate(name: str, seconds: float, first: int = 0) -> float:
    game = load(name)
    rng = random.Random(first)

    def run(deadline: float) -> int:
        steps, seed = 0, first
        while time.process_time() < deadline:
            state = game.new_state(seed=seed)
            seed += 1
            while not state.is_over() and time.process_time() < deadline:
                seat = rng.choice(state.active_seats())
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                steps += 1
        return steps

    return _timed(run, seconds)


def pettingzoo_rate(name: str, seconds: float, first: int = 0) -> float:
    env = raw_env(name)
    rng = np.random.default_rng(first)

    def run(deadline: float) -> int:
        steps, seed = 0, first
        while time.process_time() < deadline:
            env.reset(seed=seed)
            seed += 1
            while not any(env.terminations.values()) and time.process_time() < deadline:
                mask = env.last()[0]["action_mask"]
                env.step(int(rng.choice(np.flatnonzero(mask))))
                steps += 1
        return steps

    return _timed(run, seconds)


def openspiel_rate(name: str, seconds: float, tensor: bool, first: int = 0) -> float:
    game = openspiel.load_game(name)
    rng = random.Random(first)

    def run(deadline: float) -> int:
        steps = 0
        while time.process_time() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal() and time.process_time() < deadline:
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(
                        rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
                    )
                    continue
                if tensor:
                    state.observation_tensor(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps

    return _timed(run, seconds)


ROWS: dict[str, Callable[[str, float, int], float]] = {
    "engine": engine_rate,
    "pettingzoo": pettingzoo_rate,
    "openspiel": lambda name, seconds, first: openspiel_rate(name, seconds, False, first),
    "openspiel + tensor": lambda name, seconds, first: openspiel_rate(name, seconds, True, first),
}


FRESH = 1_000_000
"""Round ``n`` starts its games (seeds, random choices) at ``FRESH * (n + 1)``: no round
replays another's games, whose positions an engine's caches would still hold."""


def spread(values: list[float]) -> dict[str, float]:
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def measure(name: str, seconds: float, rounds: int) -> dict[str, Any]:
    rates: dict[str, list[float]] = {row: [] for row in ROWS}
    for n in range(rounds):
        order = list(ROWS) if n % 2 == 0 else list(reversed(ROWS))
        for row in order:
            rates[row].append(ROWS[row](name, seconds, FRESH * (n + 1)))
    return {
        "game": name,
        "steps_per_second": {row: spread(r) for row, r in rates.items()},
        "share_of_engine": {
            row: spread([x / e for x, e in zip(r, rates["engine"], strict=True)])
            for row, r in rates.items()
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per row")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (order alternates)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    names = args.game or [g for g in encoded_games() if g in game_names()]
    rows = [measure(name, args.seconds, args.rounds) for name in names]
    if args.json:
        print(json.dumps({"seconds": args.seconds, "rounds": args.rounds, "rows": rows}, indent=2))
        return
    print(f"steps/s (CPU time), {args.rounds} rounds: min / median / max")
    for row in rows:
        print(row["game"])
        for key, rate in row["steps_per_second"].items():
            share = row["share_of_engine"][key]
            print(
                f"  {key:<20} {' / '.join(f'{rate[k]:,.0f}' for k in ('min', 'median', 'max'))}"
                f"  ({' / '.join(f'{share[k]:.0%}' for k in ('min', 'median', 'max'))} of engine)"
            )


if __name__ == "__main__":
    main()
