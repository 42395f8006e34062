"""Golden playthroughs of Halali: the cases and the recording policy (harness and checks in
``tests/helpers/golden.py``).

Regenerate after an intended rule change, then review the diff::

    .venv/bin/python -m tests.games.halali.golden_playthrough
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from spieltisch.engine import Game, State
from spieltisch.games.halali import Flip
from tests.helpers.golden import Case, Policy, only_seat, write

GOLDEN_DIR = Path(__file__).with_name("golden")


def prefer_moves(game: Game, seed: int) -> Policy:
    """The recording policy: prefer moving to flipping, so few plies see many rules."""
    rng = random.Random(seed)

    def choose(state: State) -> tuple[int, Any]:
        seat = only_seat(state)
        actions = state.legal_actions(seat)
        moves = [a for a in actions if not isinstance(a, Flip)]
        if moves and rng.random() < 0.7:
            return seat, rng.choice(moves)
        return seat, rng.choice(actions)

    return choose


CASES = (
    # The opening: reveals, the first moves and captures, the neutral-tile lock.
    Case(
        "halali",
        "kosmos-seed7-opening",
        GOLDEN_DIR,
        seed=7,
        policy=prefer_moves,
        options={"variant": "kosmos"},
        head=60,
    ),
    # The end of a game: the last reveal, the end phase, exits and the final result.
    Case(
        "halali",
        "brettspielnetz-seed1-ending",
        GOLDEN_DIR,
        seed=1,
        policy=prefer_moves,
        options={"variant": "brettspielnetz"},
        tail=60,
    ),
)


if __name__ == "__main__":
    write(CASES)
