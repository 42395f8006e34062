"""Golden playthroughs of Hydra: the cases and the recording policy (harness and checks in
``tests/helpers/golden.py``).

Regenerate after an intended rule change, then review the diff::

    .venv/bin/python -m tests.games.hydra.golden_playthrough
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from spieltisch.engine import Game, State
from spieltisch.games.hydra import HydraState
from spieltisch.games.hydra.cards import antrag_colours
from tests.helpers.golden import Case, Policy, PolicyFactory, only_seat, write

GOLDEN_DIR = Path(__file__).with_name("golden")


def bidding(keen: float) -> PolicyFactory:
    """The recording policy: random, but bids Morbus/Antrag/accept with chance ``keen``
    (Morbus only with a black queen pair when ``keen`` is high, to reach an Antrag)."""

    def policy(game: Game, seed: int) -> Policy:
        rng = random.Random(seed)

        def choose(state: State) -> tuple[int, Any]:
            assert isinstance(state, HydraState)
            seat = only_seat(state)
            actions = state.legal_actions(seat)
            pair = bool(antrag_colours(state.hands[seat]))
            texts = [str(a) for a in actions]
            if keen > 0.8 and not pair:
                actions = [a for a, t in zip(actions, texts, strict=True) if t != "morbus"]
                texts = [str(a) for a in actions]
            eager = [
                a
                for a, t in zip(actions, texts, strict=True)
                if t in ("morbus", "antrag", "accept")
            ]
            if eager and rng.random() < keen:
                return seat, rng.choice(eager)
            calm = [a for a, t in zip(actions, texts, strict=True) if t not in ("morbus", "armut")]
            return seat, rng.choice(calm or actions)

        return choose

    return policy


CASES = (
    # An accepted Antrag: lay, answers, three cards given back, specials in the scoring.
    Case(
        "hydra",
        "antrag-accepted-seed13",
        GOLDEN_DIR,
        seed=13,
        policy=bidding(0.9),
        options={"games": 1},
        players=5,
    ),
    # A healthy game with three parties (after Armut or plain Valeo), duels in the scoring.
    Case(
        "hydra",
        "healthy-three-parties-seed0",
        GOLDEN_DIR,
        seed=0,
        policy=bidding(0.0),
        options={"games": 1, "second_h10_wins": True},
        players=5,
    ),
    # A solo with six players (the dealer sits out).
    Case(
        "hydra",
        "solo-six-players-seed0",
        GOLDEN_DIR,
        seed=0,
        policy=bidding(0.5),
        options={"games": 1},
        players=6,
    ),
)


if __name__ == "__main__":
    write(CASES)
