"""Random playouts of peer libraries' games, measured like ours, for ``bench --peers``.

OpenSpiel's ``gin_rummy`` and ``hearts`` and RLCard's ``gin-rummy`` are the nearest
published relatives of Kalooki and Hydra. Timing them in the same run on the same machine
makes our playouts/s comparable as a ratio. Both libraries are optional (the ``peers``
extra); a peer that cannot be imported is reported as missing, never an error.

Counting: a *ply* is a player's decision. OpenSpiel's explicit chance nodes (the deal)
are sampled and applied but not counted, since our games deal inside ``new_state``;
RLCard deals inside ``reset``, like ours.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from .benchmark import PlayoutStats

PEERS: tuple[str, ...] = ("openspiel:gin_rummy", "openspiel:hearts", "rlcard:gin-rummy")


def openspiel_playouts(name: str, games: int, seed: int = 0) -> PlayoutStats:
    """Uniformly random games of an OpenSpiel game, chance outcomes by their probability."""
    import pyspiel  # type: ignore[import-not-found, unused-ignore]

    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
    return PlayoutStats(f"openspiel:{name}", games, plies, time.perf_counter() - start)


def rlcard_playouts(name: str, games: int, seed: int = 0) -> PlayoutStats:
    """Uniformly random games of an RLCard environment (its usual per-step encoding)."""
    import rlcard  # type: ignore[import-not-found, unused-ignore]

    env = rlcard.make(name, config={"seed": seed})
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        state, _player = env.reset()
        while not env.is_over():
            state, _player = env.step(rng.choice(list(state["legal_actions"])))
            plies += 1
    return PlayoutStats(f"rlcard:{name}", games, plies, time.perf_counter() - start)


RUNNERS: dict[str, Callable[[str, int, int], PlayoutStats]] = {
    "openspiel": openspiel_playouts,
    "rlcard": rlcard_playouts,
}


def peer_playouts(games: int, seed: int = 0) -> tuple[list[PlayoutStats], list[str]]:
    """Measure every importable peer; returns the stats and the peers that are missing."""
    stats: list[PlayoutStats] = []
    missing: list[str] = []
    for peer in PEERS:
        library, _, name = peer.partition(":")
        try:
            stats.append(RUNNERS[library](name, games, seed))
        except ImportError:
            missing.append(peer)
    return stats, missing
