"""Golden playthrough of Kalooki: record it, and replay it against the stored file.

The golden file holds every ply of one deal played by rules bots (seeded, so the deal is
fixed): the view of the seat to move (with its legal actions by name), the action taken
and the events. The test replays the actions and diffs ply by ply, the cheapest guard
against silent rule drift (OpenSpiel's playthroughs). Regenerate after an intended rule
change, then review the diff::

    .venv/bin/python -m tests.games.kalooki.golden_playthrough
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import spieltisch
from spieltisch.bots import make

GOLDEN = Path(__file__).with_name("golden") / "ring-2p-seed3-rules-bots.json"
SEED = 3


def record() -> dict[str, Any]:
    game = spieltisch.load("kalooki")
    state = game.new_state(2, seed=SEED)
    bots = [make(game, "rules", seed=SEED * 10 + s) for s in range(2)]
    plies: list[dict[str, Any]] = []
    while not state.is_over():
        (seat,) = state.active_seats()
        view = state.view(seat)
        action = bots[seat].plan(view, seat, 0.0).action
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
        "game": "kalooki",
        "options": dict(game.options),
        "players": 2,
        "seed": SEED,
        "plies": plies,
        "final": state.view(None),
    }


def main() -> None:
    GOLDEN.parent.mkdir(exist_ok=True)
    text = json.dumps(record(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    GOLDEN.write_text(text, encoding="utf-8")
    print(f"wrote {GOLDEN}")


if __name__ == "__main__":
    main()
