"""Seeded random games reduced to one digest each: what the engines did before a change.

Speed work on an engine must not change what it does. ``trace_digest`` plays one
seeded random game and hashes every step's legal actions (as a set: their order is an
implementation detail), the chosen action, the events, each seat's view and the final
result and record. ``python -m tests.engine.traces`` writes ``traces.json`` from the
engines as they are; ``test_traces.py`` compares the engines of today against it.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from spieltisch.engine import load

FIXTURE = Path(__file__).with_name("traces.json")

GAMES: dict[str, tuple[int, int]] = {
    "halali": (2, 300),
    "hydra": (5, 300),
    "kalooki": (2, 150),
    "kalooki-4": (4, 100),
    "halligalli": (4, 200),
}
"""Game (``name-players`` for more than one setup) -> (players, games traced)."""

MAX_PLIES = 5000


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def trace_digest(key: str, seed: int) -> str:
    """The digest of random game ``seed`` of ``key`` (a :data:`GAMES` key)."""
    name = key.split("-")[0]
    players = GAMES[key][0]
    game = load(name)
    state = game.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    for _ in range(MAX_PLIES):
        if state.is_over():
            break
        seat = sorted(state.active_seats())[rng.randrange(len(state.active_seats()))]
        legal = sorted(_canon(a.to_json()) for a in state.legal_actions(seat))
        digest.update(_canon(legal).encode())
        action = game.action_from_json(json.loads(legal[rng.randrange(len(legal))]))
        events = state.apply(seat, action)
        digest.update(_canon([seat, action.to_json(), events]).encode())
        if state.ply % 7 == 0:  # views are costly; every seventh step sees them all
            views = [state.view(s) for s in (*range(players), None)]
            digest.update(_canon(views).encode())
    result = state.result()
    digest.update(_canon(None if result is None else result.to_json()).encode())
    digest.update(_canon(state.record()).encode())
    return digest.hexdigest()[:20]


def main() -> None:
    traces = {key: [trace_digest(key, seed) for seed in range(n)] for key, (_, n) in GAMES.items()}
    FIXTURE.write_text(json.dumps(traces, indent=1) + "\n")


if __name__ == "__main__":
    main()
