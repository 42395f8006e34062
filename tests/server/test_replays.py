"""Replay steps served from a cursor per finished game (:mod:`spieltisch.server.replays`):
each step equals the game rebuilt from its record up to that ply, whichever order the
viewer steps in; stepping forward applies only the actions in between; few cursors."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

import spieltisch
from spieltisch.server.tables import TableManager

from .conftest import create


def finished_bot_game(client: TestClient) -> dict[str, Any]:
    made = create(
        client,
        [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}],
        options={"match": "single"},
    )
    tid = made["table"]["id"]
    for _ in range(400):
        table: dict[str, Any] = client.get(f"/api/tables/{tid}").json()
        if table["status"] == "finished":
            return table
        time.sleep(0.05)
    raise AssertionError("the bot game did not finish")


def rebuilt_view(record: dict[str, Any], ply: int) -> Any:
    """The spectator view after ``ply`` actions, rebuilt from scratch."""
    return spieltisch.replay({**record, "actions": record["actions"][:ply]}).view(None)


def manager_of(client: TestClient) -> TableManager:
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    return manager


def test_every_order_of_steps_shows_the_game_rebuilt_to_that_ply(client: TestClient) -> None:
    table = finished_bot_game(client)
    tid, plies = table["id"], table["plies"]
    record = manager_of(client).store.record(tid)
    forward = list(range(plies + 1))
    jumps = [plies, 0, plies // 2, plies // 2 + 1, 3, plies - 1, 1]
    for ply in forward + forward[::-1] + jumps:
        step = client.get(f"/api/tables/{tid}/replay/{ply}").json()
        assert step["ply"] == ply and step["plies"] == plies
        assert step["view"] == rebuilt_view(record, ply), ply
        assert step["seat"] == (record["actions"][ply - 1]["seat"] if ply else None)


def test_a_step_forward_goes_on_from_the_last_state(client: TestClient) -> None:
    table = finished_bot_game(client)
    tid = table["id"]
    replays = manager_of(client).replays
    client.get(f"/api/tables/{tid}/replay/2")
    cursor = replays.cursors[tid]
    state = cursor.state
    client.get(f"/api/tables/{tid}/replay/5")
    assert cursor.state is state and cursor.ply == 5  # the same game, three actions on
    client.get(f"/api/tables/{tid}/replay/1")
    assert cursor.state is not state and cursor.ply == 1  # back: rebuilt from the start


def test_few_games_keep_a_cursor(client: TestClient) -> None:
    replays = manager_of(client).replays
    replays.size = 1
    first, second = finished_bot_game(client), finished_bot_game(client)
    client.get(f"/api/tables/{first['id']}/replay/1")
    client.get(f"/api/tables/{second['id']}/replay/1")
    assert list(replays.cursors) == [second["id"]]
    again = client.get(f"/api/tables/{first['id']}/replay/1").json()
    assert again["ply"] == 1 and list(replays.cursors) == [first["id"]]
