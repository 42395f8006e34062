"""Hostile clients farming ratings through the HTTP and websocket API, on SQLite and on
PostgreSQL: beating one's own guest seat gains nothing, a game given up before a move
is not rated, a second account fed wins gains a bounded amount a day, and an operator
resets a farmed rating from the command line."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce
from typer.testing import CliRunner

from spieltisch.cli import app as cli
from spieltisch.server import Settings, create_app, ratings
from spieltisch.store.players import Players

from .bothdbs import DATABASES, database
from .test_life import resign
from .test_players import new_player, opening, rating

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # as in conftest: Starlette's note on its HTTP client
    from fastapi.testclient import TestClient

FARMED = 30
"""Games of the audit's attack (it took 16 s and rose from 1000 to 2322)."""


@pytest.fixture(params=DATABASES)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Settings]:
    """The lobby's write limit lifted: a farmer has addresses to spare."""
    with database(request.param, tmp_path, http_rate=1e3, http_burst=1000) as settings:
        yield settings


@pytest.fixture
def farm(db: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as client:
        yield client


def table(client: TestClient, key: str, other: str | None) -> tuple[str, list[str]]:
    """A running rated Halali table: the farmer (``key``) in seat 0, and in seat 1 a
    guest (``other`` None) or the player of key ``other``."""
    seats = [{"kind": "human"}] * 2
    made = client.post(
        "/api/tables", json={"game": "halali", "seats": seats, "name": "Mallory", "player": key}
    )
    assert made.status_code == 201, made.text
    tid = made.json()["table"]["id"]
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Gast", "player": other})
    assert joined.status_code == 200, joined.text
    return tid, [made.json()["seat_token"], joined.json()["seat_token"]]


def farm_games(client: TestClient, key: str, other: str | None, n: int, moves: bool) -> None:
    """``n`` games the farmer wins: seat 1 resigns (after a move each, if ``moves``)."""
    for _ in range(n):
        tid, tokens = table(client, key, other)
        if moves:
            opening(client, tid, list(tokens))
        resign(client, tid, tokens[1], 1)


def full_weight_rating(games: int) -> int:
    """The winner's rating after ``games`` won games at full weight between two new
    players who meet only each other (what a pair may gain a day, at most)."""
    model = PlackettLuce()
    me, other = model.rating(), model.rating()
    for _ in range(games):
        [[me], [other]] = model.rate([[me], [other]], ranks=[1, 2])
    return ratings.display(me.mu, me.sigma)


def test_beating_ones_own_guest_seat_gains_nothing(farm: TestClient) -> None:
    mallory = new_player(farm, "Mallory")
    pid = mallory["player"]["id"]
    farm_games(farm, mallory["key"], None, FARMED, moves=False)  # the audit's attack
    farm_games(farm, mallory["key"], None, 3, moves=True)  # a guest that moves is no better
    assert rating(farm, pid) is None, rating(farm, pid)  # before: 2322 after 30 games
    board = farm.get("/api/ratings/halali").json()["entries"]
    assert [e for e in board if e["kind"] == "player"] == []
    games = farm.get(f"/api/players/{pid}").json()["games"]
    assert len(games) == FARMED + 3
    assert all(g["outcome"] == "win" and g["rating"] is None for g in games)


def test_a_game_given_up_before_a_move_and_a_player_against_himself_are_not_rated(
    farm: TestClient,
) -> None:
    mallory, puppet = new_player(farm, "Mallory"), new_player(farm, "Puppet")
    farm_games(farm, mallory["key"], puppet["key"], 3, moves=False)
    tid, tokens = table(farm, mallory["key"], puppet["key"])
    opening(farm, tid, [tokens[0], None])  # only the winner moved
    resign(farm, tid, tokens[1], 1)
    tid, tokens = table(farm, mallory["key"], mallory["key"])  # both seats his own
    opening(farm, tid, list(tokens))
    resign(farm, tid, tokens[1], 1)
    assert rating(farm, mallory["player"]["id"]) is None
    assert rating(farm, puppet["player"]["id"]) is None


def test_a_second_account_fed_wins_gains_a_bounded_amount(farm: TestClient) -> None:
    mallory, puppet = new_player(farm, "Mallory"), new_player(farm, "Puppet")
    pid = mallory["player"]["id"]
    farm_games(farm, mallory["key"], puppet["key"], ratings.FULL_REPEATS, moves=True)
    full = rating(farm, pid)
    assert full == full_weight_rating(ratings.FULL_REPEATS)  # the first games count fully
    farm_games(farm, mallory["key"], puppet["key"], FARMED - ratings.FULL_REPEATS, moves=True)
    farmed = rating(farm, pid)
    assert farmed is not None and full < farmed <= full_weight_rating(ratings.FULL_REPEATS + 1)
    strongest = max(b["rating"] for b in ratings.bot_entries("halali"))
    assert farmed < strongest  # before: 30 full games, above every bot
    games = farm.get(f"/api/players/{pid}").json()["games"]
    steps = [g["rating"]["after"] - g["rating"]["before"] for g in reversed(games)]
    assert len(steps) == FARMED and steps[-1] == 0  # the thirtieth game counts for nothing


def test_an_operator_resets_a_farmed_rating(farm: TestClient, db: Settings) -> None:
    mallory, puppet = new_player(farm, "Mallory"), new_player(farm, "Puppet")
    pid = mallory["player"]["id"]
    farm_games(farm, mallory["key"], puppet["key"], 2, moves=True)
    assert (rating(farm, pid) or 0) > 1000
    args = ["ratings", "reset", "--game", "halali", "--player", "mallory", "--db", db.db_url]
    args += ["--schema", db.db_schema] if db.db_schema else []
    done = CliRunner().invoke(cli, args)
    assert done.exit_code == 0, done.output
    assert "Mallory: halali rating" in done.output and "after 2 games reset" in done.output
    assert rating(farm, pid) is None
    names = [e.get("name") for e in farm.get("/api/ratings/halali").json()["entries"]]
    assert "Mallory" not in names and "Puppet" in names
    again = CliRunner().invoke(cli, args)
    assert again.exit_code == 0 and "has no halali rating" in again.output
    unknown = CliRunner().invoke(cli, [*args[:4], "--player", "Nobody", *args[6:]])
    assert unknown.exit_code == 2
    farm_games(farm, mallory["key"], puppet["key"], 1, moves=True)
    store = farm.app.state.manager.store  # type: ignore[attr-defined]
    changes: dict[Any, Any] = Players(store).changes(
        [g["table"] for g in farm.get(f"/api/players/{pid}").json()["games"][:1]]
    )
    (mine,) = [c for c in changes.values() if c.player_id == pid]
    assert mine.mu_before == ratings.MU  # the next game starts from the default again
