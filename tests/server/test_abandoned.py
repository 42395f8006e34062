"""No stuck table: a running table whose people are all gone ends as ``abandoned`` after
its time (docs/operations.md), counted from the last moment a person was connected, a
restart in between or not; unrated, with its replay kept. A table with somebody still
connected, or whose game is only half deserted, runs on."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from spieltisch.games.halligalli import INFO as HALLI_GALLI
from spieltisch.server import Settings, abandon, create_app
from spieltisch.server.abandon import abandoned_after
from spieltisch.server.tables import TableManager

from .conftest import hello, two_humans
from .test_players import auth, duel, new_player

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # as in conftest: Starlette's note on its HTTP client
    from fastapi.testclient import TestClient


@pytest.fixture(autouse=True)
def no_background_sweeps(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's own sweeps wait an hour: each test sweeps when it means to."""
    monkeypatch.setattr(abandon, "SWEEP_LEAST", 3600.0)


@contextmanager
def server(settings: Settings) -> Iterator[tuple[TestClient, TableManager]]:
    """A server on ``settings``' database; leaving it is a shutdown, entering another on
    the same database a restart."""
    with TestClient(create_app(settings)) as client:
        app: Any = client.app
        yield client, app.state.manager


def sweep(client: TestClient, manager: TableManager) -> list[str]:
    """One sweep of the tables the server runs, on its own event loop."""
    portal: Any = client.portal
    ended: list[str] = portal.call(manager.abandon_tables)
    return ended


def visit(client: TestClient, tid: str, *tokens: str) -> None:
    """The seats of ``tokens`` connect, look, and close their pages."""
    for token in tokens:
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            assert hello(ws, token)["type"] == "welcome"


def seen_ago(manager: TableManager, tid: str, seconds: float) -> None:
    """The stored moment a person was last connected, ``seconds`` ago."""
    manager.store.mark_present([tid], datetime.now(UTC) - timedelta(seconds=seconds))


def test_a_deserted_table_ends_after_a_restart_counting_the_time_before_it(
    settings: Settings,
) -> None:
    settings = settings.model_copy(update=dict(abandoned_after=60.0))
    with server(settings) as (client, manager):
        ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
        tid, tokens = duel(client, ada["key"], bob["key"])
        visit(client, tid, *tokens)  # both close their pages: the count starts
        # (stored by the last socket's departure, which may finish just after its close)
        deadline = time.monotonic() + 10
        while not manager.store.last_present([tid]) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert manager.store.last_present([tid])
        assert sweep(client, manager) == []  # sixty seconds have not passed
    seen_ago(manager, tid, 45)  # gone for 45 s before the restart
    with server(settings) as (client, manager):
        assert tid in manager.tables
        assert sweep(client, manager) == []
        # The hand-over grace counts from the stored moment too, not from the restart.
        away = manager.tables[tid].away_since
        assert set(away) == {0, 1}
        assert all(manager.clock.now() - since >= 44 for since in away.values())
    seen_ago(manager, tid, 61)
    with server(settings) as (client, manager):
        assert sweep(client, manager) == [tid]
        summary = client.get(f"/api/tables/{tid}").json()
        assert summary["status"] == "abandoned"
        assert summary["result"]["abandoned"] is True
        assert tid not in manager.tables
        # Kept in the history, with its replay; unrated; no way to sit down again.
        listed = client.get("/api/tables?status=abandoned").json()
        assert [tb["id"] for tb in listed] == [tid]
        assert tid not in [tb["id"] for tb in client.get("/api/tables").json()]
        replay = client.get(f"/api/tables/{tid}/replay/1")
        assert replay.status_code == 200, replay.text
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            assert hello(ws, tokens[0])["code"] == "table/abandoned"
        assert client.get(f"/api/players/{ada['player']['id']}").json()["ratings"] == {}
        mine = client.get("/api/players/me/tables", headers=auth(ada["key"])).json()
        assert [(tb["id"], tb["status"]) for tb in mine] == [(tid, "abandoned")]
        assert sweep(client, manager) == []  # ended once


def test_a_table_with_somebody_still_there_runs_on(client: TestClient) -> None:
    app: Any = client.app
    manager: TableManager = app.state.manager
    tid, ada, bob = two_humans(client)
    visit(client, tid, bob)
    seen_ago(manager, tid, 10_000)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, ada)  # Ada is still at the table: Bob alone left
        assert sweep(client, manager) == []
        assert client.get(f"/api/tables/{tid}").json()["status"] == "running"
    # Ada's page closed just now: the time counts from this moment, not from before.
    assert sweep(client, manager) == []
    assert client.get(f"/api/tables/{tid}").json()["status"] == "running"


def test_a_table_never_seen_deserted_counts_from_the_first_sweep(settings: Settings) -> None:
    with server(settings.model_copy(update=dict(abandoned_after=0.5))) as (client, manager):
        tid, _ada, _bob = two_humans(client)  # nobody ever connected to it
        assert manager.store.last_present([tid]) == {}
        assert sweep(client, manager) == []
        time.sleep(0.6)
        assert sweep(client, manager) == [tid]


def test_halli_galli_declares_its_shorter_time_and_the_setting_caps_it(
    client: TestClient,
) -> None:
    assert HALLI_GALLI.abandoned_after == 120.0
    app: Any = client.app
    manager: TableManager = app.state.manager
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 2
    made = client.post("/api/tables", json={"game": "halligalli", "seats": seats, "name": "A"})
    tid = made.json()["table"]["id"]
    assert abandoned_after(manager.ctx, manager.tables[tid]) == 120.0
    short = manager.settings.model_copy(update=dict(abandoned_after=30.0))
    manager.ctx.settings = short
    assert abandoned_after(manager.ctx, manager.tables[tid]) == 30.0


@pytest.mark.parametrize("status", ["finished", "abandoned"])
def test_the_lobby_lists_ended_tables_by_status(client: TestClient, status: str) -> None:
    assert client.get(f"/api/tables?status={status}").status_code == 200


def test_a_deserted_halli_galli_table_ends_and_its_bots_stop(settings: Settings) -> None:
    with server(settings.model_copy(update=dict(abandoned_after=0.3))) as (client, manager):
        seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 2
        made = client.post(
            "/api/tables", json={"game": "halligalli", "seats": seats, "name": "Ada"}
        ).json()
        tid = made["table"]["id"]
        visit(client, tid, made["seat_token"])
        time.sleep(0.4)
        # The page's close is handled on the server's loop beside two busy bots: on a
        # loaded machine the count may start a moment after the page closed. (A handler
        # cancelled as its socket closed once left the seat online for ever: ws.py
        # shields the seat's going offline.)
        deadline = time.monotonic() + 10
        while (ended := sweep(client, manager)) == [] and time.monotonic() < deadline:
            time.sleep(0.1)
        assert ended == [tid]
        assert tid not in manager.tables
        plies = len(manager.store.actions(tid))
        time.sleep(0.5)  # the bots were stopped with the table: nothing more is stored
        assert len(manager.store.actions(tid)) == plies
        assert client.get(f"/api/tables/{tid}").json()["status"] == "abandoned"
