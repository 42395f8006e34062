"""Golden playthroughs of Halali: record them, and replay them against the stored files.

A golden file holds, for a fixed seed and a fixed random policy, every ply of a window
of one game: the view of the seat to move (which lists its legal actions by name), the
action taken and the events it caused. The test replays the recorded actions and diffs
ply by ply, the cheapest guard against silent rule drift (OpenSpiel's playthroughs).

Regenerate after an intended rule change, then review the diff::

    .venv/bin/python -m tests.games.halali.golden_playthrough
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import spieltisch
from spieltisch.games.halali import Flip

GOLDEN_DIR = Path(__file__).with_name("golden")


class Case:
    """One golden file: the game, its seed, and which window of plies is kept in full."""

    def __init__(
        self, name: str, options: dict[str, str], seed: int, *, head: int = 0, tail: int = 0
    ) -> None:
        self.name = name
        self.options = options
        self.seed = seed
        self.head = head
        """Keep the first ``head`` plies (and stop there), or..."""
        self.tail = tail
        """...play to the end and keep the last ``tail`` plies; earlier ones are actions."""

    @property
    def path(self) -> Path:
        return GOLDEN_DIR / f"{self.name}.json"


CASES = (
    # The opening: reveals, the first moves and captures, the neutral-tile lock.
    Case("kosmos-seed7-opening", {"variant": "kosmos"}, 7, head=60),
    # The end of a game: the last reveal, the end phase, exits and the final result.
    Case("brettspielnetz-seed1-ending", {"variant": "brettspielnetz"}, 1, tail=60),
)


def choose(actions: list[Any], rng: random.Random) -> Any:
    """The recording policy: prefer moving to flipping, so few plies see many rules."""
    moves = [a for a in actions if not isinstance(a, Flip)]
    if moves and rng.random() < 0.7:
        return rng.choice(moves)
    return rng.choice(actions)


def record(case: Case) -> dict[str, Any]:
    """Play ``case`` with the recording policy and return its golden document."""
    state = spieltisch.load("halali", **case.options).new_state(seed=case.seed)
    rng = random.Random(case.seed)
    plies: list[dict[str, Any]] = []
    while not state.is_over() and not (case.head and state.ply == case.head):
        (seat,) = state.active_seats()
        view = state.view(seat)
        action = choose(state.legal_actions(seat), rng)
        events = state.apply(seat, action)
        plies.append(
            {
                "ply": state.ply - 1,
                "seat": seat,
                "view": view,
                "action": str(action),
                "events": events,
            }
        )
    cut = len(plies) - case.tail if case.tail else 0
    prefix = [step["action"] for step in plies[:cut]]
    plies = plies[cut:]
    return {
        "game": "halali",
        "options": dict(state.game.options),
        "seed": case.seed,
        "prefix": prefix,
        "plies": plies,
        "final": {"spectator": state.view(None), "over": state.is_over()},
    }


def dumps(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for case in CASES:
        case.path.write_text(dumps(record(case)), encoding="utf-8")
        print(f"wrote {case.path}")


if __name__ == "__main__":
    main()
