"""The replay viewer stepping through a finished game, with and without its cursor.

Usage: ``.venv/bin/python bench/replay_steps.py [GAME] [PLAYERS] [SEED]`` (default
``halali 2 7``). One random game is played to its end through the engine, stored in a
temporary SQLite file as a finished table, and then every ply from 0 to the end is asked
of ``TableManager.replay_step`` in order, as the viewer's "next" button does: once with
no cursor kept (``size = 0``: each step reads the record and rebuilds the game from ply 0,
as replays were served before) and once with the cursor (:mod:`spieltisch.server.replays`).
Wall time of the whole walk, on the machine as it is (not an assertion anywhere).
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from typing import Any

import spieltisch
from spieltisch.server import Settings
from spieltisch.server.tables import TableManager
from spieltisch.store import SeatRecord, Store


def random_game(game_name: str, players: int, seed: int) -> tuple[Any, list[tuple[int, Any]]]:
    """A random game to its end: its final state and its moves (seat, action JSON)."""
    state = spieltisch.load(game_name).new_state(players=players, seed=seed)
    rng = random.Random(seed)
    moves = []
    while not state.is_over():
        seat = state.active_seats()[0]
        action = rng.choice(list(state.legal_actions(seat)))
        state.apply(seat, action)
        moves.append((seat, action.to_json()))
    return state, moves


async def walk(store: Store, plies: int, cursors: int) -> float:
    """Seconds to step through every ply in order with ``cursors`` kept."""
    manager = TableManager(store, Settings(db_url=store.url))
    manager.replays.size = cursors
    start = time.perf_counter()
    for ply in range(plies + 1):
        await manager.replay_step("t", ply)
    took = time.perf_counter() - start
    await manager.close()
    return took


def main(game_name: str = "halali", players: int = 2, seed: int = 7) -> None:
    state, moves = random_game(game_name, players, seed)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{tmp}/replay.db")
        store.create_table(
            table_id="t",
            game=game_name,
            options=state.game.options,
            players=players,
            seed=seed,
            host_hash="-",
            seats=[SeatRecord(i, "bot", "random") for i in range(players)],
            status="running",
        )
        for ply, (seat, action) in enumerate(moves):
            result = state.result().to_json() if ply == len(moves) - 1 else None
            store.append_action("t", ply, seat, action, result)
        rebuilt = asyncio.run(walk(store, len(moves), 0))
        cached = asyncio.run(walk(store, len(moves), 64))
        store.close()
    print(
        f"{game_name}, {players} players: {len(moves)} plies stepped one by one: "
        f"rebuilt from ply 0 each step {rebuilt:.2f} s, from the cursor {cached:.2f} s"
    )


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[0] if args else "halali", *(int(a) for a in args[1:3]))
