"""Golden playthrough of Kalooki: one deal played by rules bots (seeded, so the deal is
fixed); harness and checks in ``tests/helpers/golden.py``.

Regenerate after an intended rule change, then review the diff::

    .venv/bin/python -m tests.games.kalooki.golden_playthrough
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from spieltisch.bots import make
from spieltisch.engine import Game, State
from tests.helpers.golden import Case, Policy, only_seat, write

GOLDEN_DIR = Path(__file__).with_name("golden")


def rules_bots(game: Game, seed: int) -> Policy:
    """The recording policy: each seat's rules bot, seeded from the deal's seed."""
    bots = [make(game, "rules", seed=seed * 10 + s) for s in range(2)]

    def choose(state: State) -> tuple[int, Any]:
        seat = only_seat(state)
        return seat, bots[seat].plan(state.view(seat), seat, 0.0).action

    return choose


CASES = (Case("kalooki", "ring-2p-seed3-rules-bots", GOLDEN_DIR, 3, rules_bots, players=2),)


if __name__ == "__main__":
    write(CASES)
