"""Golden playthroughs of Hydra: record them, and replay them against the stored files.

A golden file holds, for a fixed seed and a fixed random policy, every ply of one game:
the view of the seat to act (with its legal actions by name), the action taken and the
events it caused. The test replays the actions and diffs ply by ply, the cheapest guard
against silent rule drift (OpenSpiel's playthroughs).

Regenerate after an intended rule change, then review the diff::

    .venv/bin/python -m tests.games.hydra.golden_playthrough
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from spieltisch.games.hydra import Hydra
from spieltisch.games.hydra.cards import antrag_colours

GOLDEN_DIR = Path(__file__).with_name("golden")


class Case:
    """One golden file: options, seed, and the share of "keen" bids of the policy."""

    def __init__(self, name: str, options: dict[str, Any], seed: int, keen: float) -> None:
        self.name = name
        self.options = options
        self.seed = seed
        self.keen = keen

    @property
    def path(self) -> Path:
        return GOLDEN_DIR / f"{self.name}.json"


CASES = (
    # An accepted Antrag: lay, answers, three cards given back, specials in the scoring.
    Case("antrag-accepted-seed13", {"games": 1}, 13, 0.9),
    # A healthy game with three parties (after Armut or plain Valeo), duels in the scoring.
    Case("healthy-three-parties-seed0", {"games": 1, "second_h10_wins": True}, 0, 0.0),
    # A solo with six players (the dealer sits out).
    Case("solo-six-players-seed0", {"games": 1}, 0, 0.5),
)


def choose(actions: list[Any], rng: random.Random, keen: float, pair: bool) -> Any:
    """The recording policy: random, but bids Morbus/Antrag/accept with chance ``keen``
    (Morbus only with a black queen pair when ``keen`` is high, to reach an Antrag)."""
    texts = [str(a) for a in actions]
    if keen > 0.8 and not pair:
        actions = [a for a, t in zip(actions, texts, strict=True) if t != "morbus"]
        texts = [str(a) for a in actions]
    eager = [a for a, t in zip(actions, texts, strict=True) if t in ("morbus", "antrag", "accept")]
    if eager and rng.random() < keen:
        return rng.choice(eager)
    calm = [a for a, t in zip(actions, texts, strict=True) if t not in ("morbus", "armut")]
    return rng.choice(calm or actions)


def players(case: Case) -> int:
    return 6 if "six" in case.name else 5


def record(case: Case) -> dict[str, Any]:
    """Play ``case`` with the recording policy and return its golden document."""
    state = Hydra(**case.options).new_state(players(case), case.seed)
    rng = random.Random(case.seed)
    plies: list[dict[str, Any]] = []
    while not state.is_over():
        (seat,) = state.active_seats()
        view = state.view(seat)
        pair = bool(antrag_colours(state.hands[seat]))
        action = choose(state.legal_actions(seat), rng, case.keen, pair)
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
    return {
        "game": "hydra",
        "options": dict(state.game.options),
        "players": state.players,
        "seed": case.seed,
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
