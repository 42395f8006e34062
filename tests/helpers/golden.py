"""Golden playthroughs of every game: record them, and replay them against the stored files.

A golden file holds, for a fixed seed and a fixed policy, every ply of a window of one
game: the view of the seat that acts (which lists its legal actions by name), the action
taken and the events it caused, then the spectator's view at the end. The tests replay
the recorded actions and diff ply by ply, the cheapest guard against silent rule drift
(OpenSpiel's playthroughs). Each game names its cases and its recording policy in
``tests/games/<game>/golden_playthrough.py``; recording, the file format and the checks
are here, the same for all.

Regenerate a game's files after an intended rule change, then review the diff::

    .venv/bin/python -m tests.games.<game>.golden_playthrough
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import spieltisch
from spieltisch.engine import Dynamics, Game, State

Policy = Callable[[State], tuple[int, Any]]
"""Picks who acts and with which legal action in a state."""

PolicyFactory = Callable[[Game, int], Policy]
"""A fresh policy for one recording of ``game`` with ``seed`` (its own seeded RNG)."""


@dataclass(frozen=True)
class Case:
    """One golden file: the game, its set-up, the policy, and which plies are kept in full."""

    game: str
    name: str
    directory: Path
    seed: int
    policy: PolicyFactory
    options: Mapping[str, Any] = field(default_factory=dict)
    players: int | None = None
    """``None``: the game's usual number of players."""
    head: int = 0
    """Keep the first ``head`` plies (and stop there), or..."""
    tail: int = 0
    """...play to the end and keep the last ``tail`` plies; earlier ones are kept as action
    texts only (``prefix``), so ``tail`` is for games with one seat to act."""

    @property
    def path(self) -> Path:
        return self.directory / f"{self.name}.json"


def only_seat(state: State) -> int:
    """The seat to act in a turn-based game."""
    (seat,) = state.active_seats()
    return seat


def record(case: Case) -> dict[str, Any]:
    """Play ``case`` with its policy and return its golden document."""
    game = spieltisch.load(case.game, **case.options)
    state = game.new_state(case.players, case.seed)
    choose = case.policy(game, case.seed)
    plies: list[dict[str, Any]] = []
    while not state.is_over() and not (case.head and state.ply == case.head):
        seat, action = choose(state)
        view = state.view(seat)
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
    return {
        "game": case.game,
        "options": dict(game.options),
        "players": state.players,
        "seed": case.seed,
        "prefix": prefix,
        "plies": plies[cut:],
        "final": {"spectator": state.view(None), "over": state.is_over()},
    }


def dumps(document: Mapping[str, Any]) -> str:
    """The stored text: sorted keys and one-space indents, so diffs stay readable."""
    return json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def write(cases: Iterable[Case]) -> None:
    """Record ``cases`` and overwrite their golden files (the regeneration command)."""
    for case in cases:
        case.directory.mkdir(exist_ok=True)
        case.path.write_text(dumps(record(case)), encoding="utf-8")
        print(f"wrote {case.path}")


def load(case: Case) -> dict[str, Any]:
    """The stored golden document of ``case``."""
    document: dict[str, Any] = json.loads(case.path.read_text(encoding="utf-8"))
    return document


def replay(case: Case) -> None:
    """Replay the stored actions of ``case`` and assert every ply as recorded: the ply
    number, who may act, each field of the acting seat's view (its legal actions among
    them), that the action was legal, the events, and the spectator's view at the end."""
    golden = load(case)
    game = spieltisch.load(golden["game"], **golden["options"])
    state = game.new_state(golden["players"], golden["seed"])
    turn_based = game.info.dynamics is Dynamics.TURN_BASED
    for text in golden["prefix"]:
        state.apply(only_seat(state), game.parse_action(text))
    assert golden["plies"], "an empty golden file tests nothing"
    for step in golden["plies"]:
        where = f"{case.name}, ply {step['ply']}"
        assert state.ply == step["ply"], where
        if turn_based:
            assert state.active_seats() == (step["seat"],), where
        else:
            assert step["seat"] in state.active_seats(), where
        view = state.view(step["seat"])
        for key in sorted(set(view) | set(step["view"])):
            assert view.get(key) == step["view"].get(key), f"{where}: view[{key!r}] differs"
        assert step["action"] in view["legal_actions"], where
        events = state.apply(step["seat"], game.parse_action(step["action"]))
        assert json.loads(json.dumps(events)) == step["events"], f"{where}: events differ"
    assert state.view(None) == golden["final"]["spectator"]
    assert state.is_over() == golden["final"]["over"]


def event_types(cases: Iterable[Case]) -> set[str]:
    """The types of all events in the kept plies of ``cases``' golden files."""
    return {
        event["type"] for case in cases for step in load(case)["plies"] for event in step["events"]
    }
