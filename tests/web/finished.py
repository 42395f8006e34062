"""Finished tables written straight into a store, for browser tests of results and replays.

A table is its seed plus its actions (principle 4), so a game played here by the engine
(by bots on a simulated clock, or from a golden file) is the same table a server would
have stored after people played it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import spieltisch
from spieltisch.bots import make
from spieltisch.engine import State
from spieltisch.server.security import hash_token
from spieltisch.store import Store
from spieltisch.store.repository import SeatRecord
from spieltisch.table import SimClock, TableRuntime

GOLDEN = Path(__file__).resolve().parents[1] / "games"
HYDRA_THREE_PARTIES = GOLDEN / "hydra" / "golden" / "healthy-three-parties-seed0.json"


def golden_record(path: Path) -> dict[str, Any]:
    """The record of a golden playthrough: its seed, options and actions."""
    doc = json.loads(path.read_text())
    game = spieltisch.load(doc["game"], **doc["options"])
    actions = [
        {"seat": p["seat"], "action": game.parse_action(p["action"]).to_json()}
        for p in doc["plies"]
    ]
    return {**{k: doc[k] for k in ("game", "options", "players", "seed")}, "actions": actions}


def bot_record(
    name: str, options: dict[str, Any], players: int, seed: int, level: str = "rules"
) -> dict[str, Any]:
    """A whole game of ``level`` bots on a simulated clock."""
    game = spieltisch.load(name, **options)
    bots = {s: make(game, level, seed=seed + s) for s in range(players)}
    clock = SimClock()
    runtime = TableRuntime(game.new_state(players=players, seed=seed), clock, bots)
    runtime.run_bots(clock.advance_to, limit=50_000)
    assert runtime.state.is_over(), f"{name} did not finish"
    return runtime.state.record()


NAMES = ("Ada", "Bruno", "Clara", "Deniz", "Emil", "Frieda")
"""Players of the running tables, in seat order."""


def store_running(store: Store, table_id: str, record: dict[str, Any], tokens: list[str]) -> None:
    """Store ``record`` as a running table of people, seat ``i`` holding ``tokens[i]``."""
    seats = [
        SeatRecord(s, "human", None, NAMES[s], hash_token(token)) for s, token in enumerate(tokens)
    ]
    _store(store, table_id, record, seats)


def store_finished_people(
    store: Store, table_id: str, record: dict[str, Any], tokens: list[str]
) -> None:
    """Store ``record`` as a finished table of people, seat ``i`` holding ``tokens[i]``."""
    seats = [
        SeatRecord(s, "human", None, NAMES[s], hash_token(token)) for s, token in enumerate(tokens)
    ]
    assert _store(store, table_id, record, seats).is_over()


def store_finished(store: Store, table_id: str, record: dict[str, Any], level: str) -> None:
    """Store ``record`` as a finished table whose seats are ``level`` bots."""
    seats = [SeatRecord(s, "bot", level) for s in range(record["players"])]
    assert _store(store, table_id, record, seats).is_over()


def _store(store: Store, table_id: str, record: dict[str, Any], seats: list[SeatRecord]) -> State:
    """Store ``record`` move by move as the server would: the move that ends the game
    finishes the table with its result."""
    game = spieltisch.load(record["game"], **record["options"])
    state = game.new_state(players=record["players"], seed=record["seed"])
    store.create_table(
        table_id=table_id,
        game=record["game"],
        options=dict(game.options),
        players=record["players"],
        seed=record["seed"],
        host_hash=hash_token(f"host-of-{table_id}"),
        seats=seats,
        status="running",
    )
    for ply, item in enumerate(record["actions"]):
        state.apply(item["seat"], game.action_from_json(item["action"]))
        result = state.result()
        store.append_action(
            table_id, ply, item["seat"], item["action"], result.to_json() if result else None
        )
    return state


KALOOKI_BUILD_TOKENS = ["ada-token-of-the-kalooki-keys", "bob-token-of-the-kalooki-keys"]


def _kalooki_steps() -> tuple[list[tuple[int, str]], int]:
    """The scripted Kalooki deal's accepted steps and the index of its first build."""
    from .kalooki_script import plan
    from .test_cardtables import KALOOKI_SEED

    script = plan(KALOOKI_SEED)
    assert script is not None
    steps = [(seat, a) for seat, a in script.steps if not a.startswith("refused:")]
    return steps, next(i for i, (_, a) in enumerate(steps) if a.startswith("build "))


def kalooki_before_build() -> dict[str, Any]:
    """The scripted deal up to the moment seat 1 builds on seat 0's meld."""
    from .test_cardtables import KALOOKI_SEED

    steps, build = _kalooki_steps()
    game = spieltisch.load("kalooki")
    actions = [{"seat": s, "action": game.parse_action(a).to_json()} for s, a in steps[:build]]
    return {
        "game": "kalooki",
        "options": {},
        "players": 2,
        "seed": KALOOKI_SEED,
        "actions": actions,
    }


def kalooki_build_step() -> str:
    """The build the scripted deal makes next: ``build <meld> <cards>``."""
    steps, build = _kalooki_steps()
    return steps[build][1]


def kalooki_script_record() -> dict[str, Any]:
    """The whole scripted Kalooki deal: openings, a build and a joker swap on the table."""
    steps, build = _kalooki_steps()
    record = kalooki_before_build()
    game = spieltisch.load("kalooki")
    rest = [{"seat": s, "action": game.parse_action(a).to_json()} for s, a in steps[build:]]
    return {**record, "actions": record["actions"] + rest}
