"""What a learner pays: the research faces against the peers' learning environments.

Run: ``.venv/bin/python bench/research.py [--games 4] [--rounds 5] [--json]``

One run measures, with the rules of :mod:`spieltisch.peers` (process CPU time, one
``random.Random.choice`` per decision, rounds interleaved and reversed every other round,
a warm-up round first, min / median / max of the per-round ratios):

- ours: the bare engine (Kalooki 2p), the PettingZoo env (``raw_env`` and the wrapped
  ``env()``: ``last()`` builds the tensor and mask, then ``step``) for Kalooki 2p and
  Hydra, and the OpenSpiel adapter for Kalooki 2p with the acting player's observation
  tensor before every decision;
- peers: RLCard's gin-rummy ``env.step`` (which encodes the next observation), OpenSpiel's
  ``gin_rummy`` with its observation tensor and ``hearts`` with its information-state
  tensor.

It prints each ratio beside its target from the issue "The research library researchers
pick first". A step is one decision (a Kalooki meld laid card by card is several); a
Kalooki ring game is one deal, as is a gin or hearts game.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import numpy as np

from spieltisch import peers
from spieltisch.benchmark import PlayoutStats, deals_of
from spieltisch.interop import openspiel as our_openspiel
from spieltisch.interop.pettingzoo import env as wrapped_env
from spieltisch.interop.pettingzoo import raw_env


def pettingzoo(name: str, players: int | None, wrapped: bool = False) -> peers.Runner:
    """The PettingZoo agent loop: ``last()`` (tensor, mask), a random masked id, ``step``."""

    def run(games: int, seed: int) -> PlayoutStats:
        env = wrapped_env(name, players=players) if wrapped else raw_env(name, players=players)
        base = env.unwrapped
        choice = random.Random(seed).choice
        plies = deals = 0
        start = time.process_time()
        for n in range(games):
            env.reset(seed=seed + n)
            while not (
                base.terminations[base.agent_selection] or base.truncations[base.agent_selection]
            ):
                obs = env.last()[0]
                env.step(int(choice(np.flatnonzero(obs["action_mask"].view(np.bool_)))))
                plies += 1
            result = base.game_state.result()
            deals += deals_of(result.details) if result is not None else 1
        return PlayoutStats(name, games, plies, time.process_time() - start, deals)

    return run


def openspiel_adapter(name: str, players: int | None) -> peers.Runner:
    """Our OpenSpiel game's state loop with the acting player's observation tensor."""

    def run(games: int, seed: int) -> PlayoutStats:
        params: dict[str, Any] = {} if players is None else {"players": players}
        game = our_openspiel.load_game(name, **params)
        choice = random.Random(seed).choice
        plies = deals = 0
        start = time.process_time()
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(choice(state.legal_actions()))
                    continue
                state.observation_tensor(state.current_player())
                state.apply_action(choice(state.legal_actions()))
                plies += 1
            result = state.engine_state.result()
            deals += deals_of(result.details) if result is not None else 1
        return PlayoutStats(name, games, plies, time.process_time() - start, deals)

    return run


ROWS: tuple[peers.Row, ...] = (
    peers.Row("kalooki 2p engine", "ours", peers.ours("kalooki", players=2)),
    peers.Row("kalooki 2p pettingzoo raw_env", "ours", pettingzoo("kalooki", 2)),
    peers.Row("kalooki 2p pettingzoo env()", "ours", pettingzoo("kalooki", 2, wrapped=True)),
    peers.Row("kalooki 2p openspiel +tensor", "ours", openspiel_adapter("kalooki", 2)),
    peers.Row("hydra pettingzoo raw_env", "ours", pettingzoo("hydra", None)),
    peers.Row("hydra pettingzoo env()", "ours", pettingzoo("hydra", None, wrapped=True)),
    peers.Row("rlcard:gin-rummy env.step", "env", peers.rlcard_gin_rummy_env),
    peers.Row("openspiel:gin_rummy +tensor", "env", peers.openspiel("gin_rummy", tensor=True)),
    peers.Row("openspiel:hearts +tensor", "env", peers.openspiel("hearts", tensor=True)),
)

TARGETS: tuple[tuple[str, str, str, float], ...] = (
    ("kalooki 2p pettingzoo raw_env", "rlcard:gin-rummy env.step", "step", 1.0),
    ("kalooki 2p pettingzoo env()", "rlcard:gin-rummy env.step", "step", 1.0),
    ("kalooki 2p pettingzoo raw_env", "rlcard:gin-rummy env.step", "deal", 0.25),
    ("kalooki 2p pettingzoo env()", "rlcard:gin-rummy env.step", "deal", 0.25),
    ("kalooki 2p openspiel +tensor", "openspiel:gin_rummy +tensor", "step", 0.5),
    ("hydra pettingzoo raw_env", "openspiel:hearts +tensor", "step", 1.0),
    ("hydra pettingzoo env()", "openspiel:hearts +tensor", "step", 1.0),
)
"""(ours, peer, per step or deal, the issue's least ratio)."""


def report(games: int, rounds: int) -> dict[str, Any]:
    found = peers.measure(ROWS, games, rounds)
    rates = {
        row.label: {m: peers.spread(found.rates(row.label, m)) for m in ("step", "deal")}
        for row in found.rows
    }
    ratios = []
    for ours, peer, metric, target in TARGETS:
        values = found.ratios(peers.Pair(ours, peer), metric)
        if values:
            ratio = peers.spread(values)
            ratios.append(
                {
                    "ours": ours,
                    "peer": peer,
                    "per": metric,
                    "target": target,
                    **ratio,
                    "met": ratio["median"] >= target,
                }
            )
    return {
        "games": games,
        "rounds": rounds,
        "rates": rates,
        "ratios": ratios,
        "missing": found.missing,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per row and round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (order alternates)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    out = report(args.games, args.rounds)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"CPU time, {args.games} games a row, {args.rounds} rounds: min / median / max")
    for label, rate in out["rates"].items():
        step, deal = rate["step"], rate["deal"]
        print(
            f"  {label:<30} steps/s {step['min']:>8,.0f} {step['median']:>8,.0f}"
            f" {step['max']:>8,.0f}   deals/s {deal['median']:>7,.1f}"
        )
    for r in out["ratios"]:
        mark = "met" if r["met"] else "NOT met"
        print(
            f"  {r['ours']} / {r['peer']} per {r['per']}: {r['min']:.2f} / {r['median']:.2f}"
            f" / {r['max']:.2f} (target >= {r['target']}: {mark})"
        )
    if out["missing"]:
        print("missing:", ", ".join(out["missing"]))


if __name__ == "__main__":
    main()
