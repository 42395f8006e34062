"""The post-game review over HTTP: start, progress, done, stored, and every refusal.

The review engine is the real one, on a short game: a few Halali moves of random bots,
then seat 1 resigns (HA-R9: whoever resigns loses the match), so the table is finished
after a handful of decisions of seat 0. Two sampled worlds per decision keep it quick.
"""

from __future__ import annotations

import os
import signal
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from spieltisch.server import Settings, create_app
from spieltisch.store import Store
from spieltisch.store.reviews import Reviews
from tests.web.finished import bot_record, store_finished, store_running

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

WAIT = 240.0
"""Seconds a review may take on a busy machine before the test gives up."""


def short_record(moves: int = 10, seed: int = 3) -> dict[str, Any]:
    """``moves`` Halali moves of random bots, then seat 1 resigns: a finished game."""
    record = bot_record("halali", {}, 2, seed, level="random")
    actions = [*record["actions"][:moves], {"seat": 1, "action": {"resign": True}}]
    return {**record, "actions": actions}


@pytest.fixture
def settings(db_url: str) -> Settings:
    return Settings(db_url=db_url, bot_delay=0.0, review_workers=1, review_queue=0, review_worlds=2)


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    st = Store(db_url)
    yield st
    st.close()


@pytest.fixture
def finished(store: Store) -> str:
    store_finished(store, "short1", short_record(), "random")
    return "short1"


def wait_done(client: TestClient, table_id: str, seat: int) -> tuple[dict[str, Any], list[Any]]:
    """Poll until the review is done; the answer and every status seen on the way."""
    seen: list[Any] = []
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        r = client.get(f"/api/tables/{table_id}/review/{seat}")
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        seen.append((body["status"], body["progress"]["done"], body["progress"]["total"]))
        if body["status"] in ("done", "failed"):
            return body, seen
        time.sleep(0.2)
    raise AssertionError(f"the review did not finish: {seen[-5:]}")


def test_a_review_runs_reports_progress_and_is_stored(settings: Settings, finished: str) -> None:
    with TestClient(create_app(settings)) as client:
        r = client.post(f"/api/tables/{finished}/review", json={"seat": 0})
        assert r.status_code == 200, r.text
        first = r.json()
        assert first["status"] in ("queued", "running") and first["seat"] == 0
        again = client.post(f"/api/tables/{finished}/review", json={"seat": 0})
        assert again.status_code == 200 and again.json()["status"] in ("queued", "running", "done")

        body, seen = wait_done(client, finished, 0)
        assert body["status"] == "done", body
        review = body["review"]
        decisions = review["decisions"]
        assert review["game"] == "halali" and review["seat"] == 0 and decisions
        assert body["progress"] == {"done": len(decisions), "total": len(decisions)}
        assert all(status in ("queued", "running", "done") for status, _, _ in seen)
        assert all(0 <= done <= total or total == 0 for _, done, total in seen)
        assert body["cpu_seconds"] > 0 and body["wall_seconds"] > 0
        assert review["curve"] and review["summary"]["decisions"] == len(decisions)
        judged = [d for d in decisions if d["alternative"]]
        # The move taken is worded from the record's events, as the table's log does.
        assert all(d["events"] and d["events"][0]["type"] == "flip" for d in judged)
        # A better flip would turn over a tile the seat never saw: it stays unnamed.
        assert all("tile" not in e for d in judged for e in d["alternative_events"])

    # Stored with the table: a new server process answers from the database.
    with TestClient(create_app(settings)) as client:
        stored = client.get(f"/api/tables/{finished}/review/0").json()
        assert stored["status"] == "done" and stored["review"] == review
        asked = client.post(f"/api/tables/{finished}/review", json={"seat": 0}).json()
        assert asked["status"] == "done" and asked["review"] == review


def test_a_running_table_is_not_reviewed(settings: Settings, store: Store) -> None:
    record = short_record()
    record["actions"] = record["actions"][:-1]  # nobody resigned: still running
    store_running(store, "live1", record, ["token-a-0123456789", "token-b-0123456789"])
    with TestClient(create_app(settings)) as client:
        r = client.post("/api/tables/live1/review", json={"seat": 0})
        assert r.status_code == 409
        error = r.json()["error"]
        assert error["code"] == "review/not_finished"
        assert error["text"]["de"] == "Analysieren lässt sich nur ein beendetes Spiel"
    assert Reviews(store).get("live1", 0) is None


def test_unknown_seats_tables_and_reviews_are_refused(settings: Settings, finished: str) -> None:
    with TestClient(create_app(settings)) as client:
        r = client.post(f"/api/tables/{finished}/review", json={"seat": 2})
        assert (r.status_code, r.json()["error"]["code"]) == (400, "review/no_such_seat")
        r = client.post("/api/tables/nosuchtable/review", json={"seat": 0})
        assert (r.status_code, r.json()["error"]["code"]) == (404, "table/not_found")
        r = client.get(f"/api/tables/{finished}/review/1")
        assert (r.status_code, r.json()["error"]["code"]) == (404, "review/not_found")
        r = client.post(f"/api/tables/{finished}/review", json={"seat": -1})
        assert (r.status_code, r.json()["error"]["code"]) == (422, "request/invalid")


def test_a_full_line_refuses_with_review_busy(settings: Settings, finished: str) -> None:
    """One worker, no room to wait: a second review while the first one works is refused;
    once the first is done, the second is taken."""
    with TestClient(create_app(settings)) as client:
        assert client.post(f"/api/tables/{finished}/review", json={"seat": 0}).status_code == 200
        r = client.post(f"/api/tables/{finished}/review", json={"seat": 1})
        assert r.status_code == 503, r.text
        error = r.json()["error"]
        assert error["code"] == "review/busy"
        assert error["text"]["en"] == "Too many analyses are waiting – please try again later"
        assert wait_done(client, finished, 0)[0]["status"] == "done"
        assert client.post(f"/api/tables/{finished}/review", json={"seat": 1}).status_code == 200
        assert wait_done(client, finished, 1)[0]["status"] == "done"


def test_a_review_left_running_by_a_killed_process_is_restarted(
    settings: Settings, store: Store, finished: str
) -> None:
    """The killed process's row says ``running``; the next start takes it over."""
    rows = Reviews(store)
    _row, made = rows.start(finished, 0, "killed-process")
    assert made and rows.progress(finished, 0, "killed-process", 2, 5)
    with TestClient(create_app(settings)) as client:
        body, _ = wait_done(client, finished, 0)
        assert body["status"] == "done"
    after = rows.get(finished, 0)
    assert after is not None and after.attempts == 2 and after.owner != "killed-process"


def test_a_review_interrupted_too_often_fails_and_can_be_asked_again(
    settings: Settings, store: Store, finished: str
) -> None:
    rows = Reviews(store)
    row, _ = rows.start(finished, 0, "p1")
    for owner in ("p2", "p3"):  # two earlier takeovers, each killed in turn
        assert rows.restart(finished, 0, owner, was=row)
        found = rows.get(finished, 0)
        assert found is not None
        row = found
    with TestClient(create_app(settings)) as client:
        body = client.get(f"/api/tables/{finished}/review/0").json()
        assert body["status"] == "failed" and "interrupted" in body["error"]
        again = client.post(f"/api/tables/{finished}/review", json={"seat": 0})
        assert again.status_code == 200 and again.json()["status"] in ("queued", "running")
        assert wait_done(client, finished, 0)[0]["status"] == "done"


def test_a_review_whose_process_is_killed_is_given_to_a_fresh_one(
    settings: Settings, store: Store
) -> None:
    store_finished(store, "long1", short_record(moves=40, seed=5), "random")
    with TestClient(create_app(settings)) as client:
        assert client.post("/api/tables/long1/review", json={"seat": 0}).status_code == 200
        desk = client.app.state.reviews  # type: ignore[attr-defined]
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            body = client.get("/api/tables/long1/review/0").json()
            if body["status"] == "running" and body["progress"]["done"] >= 1:
                break
            time.sleep(0.05)
        killed = desk.procs[0].pid
        os.kill(killed, signal.SIGKILL)
        body, _ = wait_done(client, "long1", 0)
        assert body["status"] == "done" and body["review"]["decisions"]
        assert desk.procs[0].pid != killed


@pytest.mark.slow
def test_two_processes_on_postgresql_share_a_review_and_finish_it_after_a_kill() -> None:
    """Process A starts a review; B answers how far it is from the database. A is killed
    mid-review; once A's heartbeat is over, B's next answer restarts the job and B
    finishes it (docs/review.md: interrupted reviews are restarted)."""
    import httpx

    from tests.server.clusterkit import REDIS_URL, pg_schema
    from tests.server.procserver import Server
    from tests.store.conftest import PG_URL

    with pg_schema() as schema:
        store = Store(PG_URL, schema=schema)
        store_finished(store, "pgshort", short_record(moves=40, seed=5), "random")
        env = {
            "SPIELTISCH_REDIS": REDIS_URL,
            "SPIELTISCH_REDIS_PREFIX": f"test:{schema}:",
            "SPIELTISCH_LEASE_SECONDS": "1.5",
            "SPIELTISCH_REVIEW_WORLDS": "2",
        }
        a, b = (Server(PG_URL, 0.05, schema, env) for _ in range(2))
        a.start()
        b.start()
        try:
            r = httpx.post(f"{a.base}/api/tables/pgshort/review", json={"seat": 0}, timeout=10)
            assert r.status_code == 200, r.text
            row = Reviews(store).get("pgshort", 0)
            assert row is not None
            first_owner = row.owner
            seen = httpx.get(f"{b.base}/api/tables/pgshort/review/0", timeout=10).json()
            assert seen["status"] in ("queued", "running", "done")
            a.kill()
            deadline = time.monotonic() + WAIT
            while time.monotonic() < deadline:
                body = httpx.get(f"{b.base}/api/tables/pgshort/review/0", timeout=10).json()
                if body["status"] in ("done", "failed"):
                    break
                time.sleep(0.3)
            assert body["status"] == "done", body
            assert body["review"]["decisions"]
            after = Reviews(store).get("pgshort", 0)
            assert after is not None and after.status == "done"
            # Either A finished before it was killed, or B took the job over and ran it.
            assert after.owner == first_owner or after.attempts == 2
        finally:
            a.stop()
            b.stop()
            store.close()
