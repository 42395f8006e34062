"""Ratings on the real PostgreSQL with several processes: two stores (as two server
processes would hold) rate the same games at once; every game counts once and a player's
two games ending together both count, one after the other."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from spieltisch.server import Settings, create_app, ratings
from spieltisch.store import Store
from spieltisch.store.players import Players
from tests.store.conftest import PG_URL

from .test_life import resign
from .test_players import duel, new_player


@pytest.fixture
def pg_settings() -> Iterator[Settings]:
    schema = f"st_pl_{uuid.uuid4().hex[:12]}"
    yield Settings(db_url=PG_URL, db_schema=schema, bot_delay=0.0)
    engine = create_engine(PG_URL)
    with engine.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
    engine.dispose()


def test_two_processes_rate_two_games_of_one_player_at_once(pg_settings: Settings) -> None:
    with TestClient(create_app(pg_settings)) as client:
        ada, bob, cleo = (new_player(client, n) for n in ("Ada", "Bob", "Cleo"))
        tables = []
        for other in (bob, cleo):  # unrated while played: rated below, all at once
            tid, tokens = duel(client, ada["key"], other["key"], rated=False)
            resign(client, tid, tokens[1], 1)
            tables.append(tid)
    stores = [Store(PG_URL, schema=pg_settings.db_schema) for _ in range(2)]
    try:
        for tid in tables:
            Players(stores[0]).set_rated(tid, True)
        records = [stores[0].get_table(tid) for tid in tables]
        counted: list[int] = []
        start = threading.Barrier(4)

        def rate(store: Store, index: int) -> None:
            start.wait()
            record = records[index]
            assert record is not None
            counted.append(ratings.rate_finished(store, record))

        jobs = [threading.Thread(target=rate, args=(s, i)) for s in stores for i in (0, 1)]
        for job in jobs:
            job.start()
        for job in jobs:
            job.join()
        assert sorted(counted) == [0, 0, 2, 2]  # each game once, by one of the processes

        players = Players(stores[1])
        (mine,) = players.player_ratings(ada["player"]["id"])
        assert mine.games == 2
        changes = players.changes(tables)
        first, second = sorted(
            (c for c in changes.values() if c.player_id == ada["player"]["id"]),
            key=lambda c: c.mu_before,
        )
        assert first.mu_before == ratings.MU  # the first game started from the default ...
        assert second.mu_before == first.mu_after  # ... the second from the first's result
        assert mine.mu == second.mu_after
    finally:
        for store in stores:
            store.close()
