"""A tidy lobby: a browser's own tables, the host closing an open table, finished games
paged with their result and date, and the open tables' time to live."""

from __future__ import annotations

from datetime import datetime

from fastapi.testclient import TestClient

from tests.web.finished import bot_record, store_finished

from .conftest import create, hello, two_humans, until


def test_own_tables_are_listed_by_id_in_any_status(client: TestClient) -> None:
    waiting = create(client, [{"kind": "human"}, {"kind": "human"}], name="Ada")["table"]["id"]
    running, _t0, _t1 = two_humans(client)
    other = create(client, [{"kind": "human"}, {"kind": "human"}], name="Eve")["table"]["id"]
    r = client.get("/api/tables", params=[("id", waiting), ("id", running), ("id", "nope")])
    assert r.status_code == 200
    got = {t["id"]: t["status"] for t in r.json()}
    assert got == {waiting: "open", running: "running"} and other not in got
    too_many = [("id", f"t{i}") for i in range(101)]
    assert client.get("/api/tables", params=too_many).status_code == 422


def test_the_host_closes_an_open_table_and_its_waiting_players_are_told(
    client: TestClient,
) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "human"}], name="Ada")
    tid, host = made["table"]["id"], made["host_token"]
    r = client.post(f"/api/tables/{tid}/close")
    assert r.status_code == 401 and r.json()["error"]["code"] == "auth/missing_token"
    r = client.post(f"/api/tables/{tid}/close", headers={"authorization": "Bearer wrong"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "auth/not_host"
    with client.websocket_connect(f"/ws/tables/{tid}") as waiting:
        assert hello(waiting, made["seat_token"])["table"]["status"] == "open"
        r = client.post(f"/api/tables/{tid}/close", headers={"authorization": f"Bearer {host}"})
        assert r.status_code == 200 and r.json()["status"] == "closed"
        err = until(waiting, "error")
        assert err["code"] == "table/closed"
        assert err["text"]["de"] == "Der Gastgeber hat diesen Tisch geschlossen"
    assert tid not in [t["id"] for t in client.get("/api/tables").json()]
    closed = client.get("/api/tables", params={"status": "closed"}).json()
    assert [t["id"] for t in closed] == [tid]
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"})
    assert r.status_code == 410 and r.json()["error"]["code"] == "table/closed"
    with client.websocket_connect(f"/ws/tables/{tid}") as late:
        assert hello(late, None)["code"] == "table/closed"
    r = client.post(f"/api/tables/{tid}/close", headers={"authorization": f"Bearer {host}"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "table/not_open"


def test_a_running_table_cannot_be_closed(client: TestClient) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "bot", "level": "random"}], name="Ada")
    tid = made["table"]["id"]
    headers = {"authorization": f"Bearer {made['host_token']}"}
    r = client.post(f"/api/tables/{tid}/close", headers=headers)
    assert r.status_code == 409 and r.json()["error"]["code"] == "table/not_open"
    assert client.get(f"/api/tables/{tid}").json()["status"] == "running"


def test_finished_games_come_in_pages_with_winner_and_date(client: TestClient) -> None:
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    record = bot_record("halali", {}, 2, seed=3, level="random")
    ids = [f"done{i}" for i in range(5)]
    for tid in ids:
        store_finished(store, tid, record, "random")
    newest_first = list(reversed(ids))  # each was finished after the one before
    pages = []
    for offset in (0, 2, 4):
        r = client.get("/api/tables", params={"status": "finished", "limit": 2, "offset": offset})
        assert r.status_code == 200
        pages.append([t["id"] for t in r.json()])
    assert pages == [newest_first[:2], newest_first[2:4], newest_first[4:]]
    table = client.get("/api/tables", params={"status": "finished", "limit": 1}).json()[0]
    assert table["result"]["winners"] and table["seed"] == record["seed"]
    assert datetime.fromisoformat(table["updated_at"]) >= datetime.fromisoformat(
        table["created_at"]
    )
    assert client.get(f"/api/tables/{table['id']}/replay/0").status_code == 200
    for bad in ({"limit": 0}, {"limit": 101}, {"offset": -1}):
        assert client.get("/api/tables", params=bad).status_code == 422


def test_the_server_says_how_long_an_open_table_waits(client: TestClient) -> None:
    info = client.get("/api/server").json()
    assert info["open_table_ttl"] == client.app.state.settings.open_table_ttl  # type: ignore[attr-defined]
