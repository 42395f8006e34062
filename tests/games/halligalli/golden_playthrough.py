"""Golden playthrough of Halli-Galli-Extreem: the case and the recording policy (harness
and checks in ``tests/helpers/golden.py``).

The game is played in real time: several seats may act at once, so the policy also picks
who acts (any seat allowed to), and each recorded ply names that seat. A whole game with
four players, from the first flip through bells, wrong rings and players going out to
the finale.

Regenerate after an intended rule change, then review the diff::

    .venv/bin/python -m tests.games.halligalli.golden_playthrough
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from spieltisch.engine import Game, State
from tests.helpers.golden import Case, Policy, write

GOLDEN_DIR = Path(__file__).with_name("golden")


def anyone_anything(game: Game, seed: int) -> Policy:
    """The recording policy: a random seat of those who may act, a random legal action."""
    rng = random.Random(seed)

    def choose(state: State) -> tuple[int, Any]:
        seat = rng.choice(state.active_seats())
        return seat, rng.choice(state.legal_actions(seat))

    return choose


CASES = (
    Case(
        "halligalli",
        "four-players-seed2-whole-game",
        GOLDEN_DIR,
        seed=2,
        policy=anyone_anything,
        players=4,
    ),
)


if __name__ == "__main__":
    write(CASES)
