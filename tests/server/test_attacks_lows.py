"""Hostile clients of the audit's low findings: predicting the bots, claiming the search
pool's priority, filling the review line and the lobby, look-alike names, a leaked
identity key, and writes on a full disk. Each attack gains nothing and is answered with
a coded error (``text`` in German and English)."""

from __future__ import annotations

import asyncio
import hashlib
import random
import sqlite3
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from spieltisch.bots import RandomBot
from spieltisch.server import Settings, create_app
from spieltisch.server.context import bot_seed
from spieltisch.server.reviews import ReviewDesk
from spieltisch.store import Store
from spieltisch.store.players import Players
from spieltisch.table.workers import SearchPool
from tests.web.finished import bot_record, store_finished

from .conftest import create, hello, until


def coded(error: dict[str, Any], code: str) -> None:
    assert error["code"] == code, error
    assert error["text"]["de"] and error["text"]["en"]


def manager_of(client: TestClient) -> Any:
    return client.app.state.manager  # type: ignore[attr-defined]


# -- a: bots cannot be predicted from the public table id ------------------------------
def test_a_bot_cannot_be_predicted_from_the_table_id_yet_is_the_same_after_a_restart(
    settings: Settings,
) -> None:
    with TestClient(create_app(settings)) as client:
        made = create(client, [{"kind": "human"}, {"kind": "bot", "level": "random"}], name="Ada")
        tid = made["table"]["id"]
        bot = manager_of(client).tables[tid].runtime.bots[1]
        public = hashlib.sha256(f"{tid}:1:random".encode()).digest()  # what a guesser has
        guessed = random.Random(int.from_bytes(public[:8], "big"))
        assert bot.rng.getstate() != guessed.getstate()
        first = bot.rng.getstate()
    with TestClient(create_app(settings)) as client:  # restored from the store
        again = manager_of(client).tables[tid].runtime.bots[1]
        assert again.rng.getstate() == first
        seed = manager_of(client).tables[tid].record.seed
        assert first == random.Random(bot_seed(seed, 1, "random")).getstate()


# -- b: the search pool's priority belongs to people still playing ---------------------
def test_a_resigned_seat_left_connected_does_not_claim_the_foreground(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    lanes: list[bool] = []

    async def recorded(
        self: SearchPool, key: str, bot: Any, view: Any, seat: int, clock: float, **kw: Any
    ) -> Any:
        lanes.append(bool(kw.get("background")))
        return bot.plan(view, seat, clock)

    monkeypatch.setattr(RandomBot, "thinks", True)  # every bot plan goes through the pool
    monkeypatch.setattr(SearchPool, "plan", recorded)
    bots = [{"kind": "bot", "level": "random"} for _ in range(4)]
    made = client.post(
        "/api/tables", json={"game": "hydra", "seats": [{"kind": "human"}, *bots], "name": "Ada"}
    ).json()
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert hello(ws, made["seat_token"])["seat"] == 0
        ws.send_json({"type": "resign"})
        until(ws, "step")
        before = len(lanes)
        for _ in range(400):  # the bots play on while the resigned seat stays connected
            if len(lanes) > before + 3 or until(ws, "step")["view"]["over"]:
                break
        after = lanes[before + 1 :]  # the plan under way when the seat resigned aside
    assert after, "the bots played on"
    assert all(after), "a resigned seat's socket put the bots' searches in front"


# -- d: one address cannot fill the lobby with open tables -----------------------------
def test_one_address_cannot_fill_the_lobby_with_open_tables(db_url: str) -> None:
    capped = Settings(db_url=db_url, bot_delay=0.0, max_open_tables_per_address=3)
    seats = [{"kind": "human"}, {"kind": "human"}]
    app = create_app(capped)
    with TestClient(app) as client:
        made = [create(client, seats, name="Spam")["table"]["id"] for _ in range(3)]
        r = client.post("/api/tables", json={"game": "halali", "seats": seats, "name": "Spam"})
        assert r.status_code == 429
        coded(r.json()["error"], "table/too_many_open")
        other = TestClient(app, client=("10.0.0.7", 5000))  # the same app, another address
        create(other, seats, name="Ada")  # is not held up
        # a table that starts (or is closed) no longer counts
        assert client.post(f"/api/tables/{made[0]}/join", json={"name": "Bob"}).status_code == 200
        create(client, seats, name="Spam")
        running = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
        create(client, running, name="Spam")  # full at once: never open, never counted


# -- i: a full disk is said as such, on every write ------------------------------------
def sqlite_full() -> OperationalError:
    """What SQLAlchemy raises when SQLite's disk is full (SQLITE_FULL)."""
    return OperationalError("INSERT ...", {}, sqlite3.OperationalError("database or disk is full"))


def postgres_full() -> OperationalError:
    """What SQLAlchemy raises when PostgreSQL cannot extend a file (SQLSTATE 53100)."""
    orig = psycopg.errors.DiskFull('could not extend file "base/16384/2619": No space left')
    return OperationalError("INSERT ...", {}, orig)


@pytest.mark.parametrize("full", [sqlite_full, postgres_full])
def test_a_write_on_a_full_disk_answers_disk_full_not_500(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, full: Any
) -> None:
    def refuse(*_args: Any, **_kw: Any) -> Any:
        raise full()

    monkeypatch.setattr(Store, "create_table", refuse)
    r = client.post("/api/tables", json={"game": "halali", "seats": [{"kind": "human"}] * 2})
    assert r.status_code == 503
    coded(r.json()["error"], "server/disk_full")
    monkeypatch.setattr(Players, "create", refuse)
    r = client.post("/api/players", json={"name": "Ada"})
    assert r.status_code == 503
    coded(r.json()["error"], "server/disk_full")
    monkeypatch.setattr(Players, "create", lambda *_a: (_ for _ in ()).throw(other_failure()))
    r = client.post("/api/players", json={"name": "Ada"})
    assert r.status_code == 500  # any other store failure stays an internal error
    coded(r.json()["error"], "server/internal")


def other_failure() -> OperationalError:
    return OperationalError("INSERT ...", {}, sqlite3.OperationalError("disk I/O error"))


# -- c: one address (or player) cannot keep the review line full -----------------------
def test_one_address_or_player_cannot_keep_the_review_line_full(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def idle(_desk: ReviewDesk, _proc: Any) -> None:
        await asyncio.Event().wait()  # the jobs stay in line: nothing finishes meanwhile

    monkeypatch.setattr(ReviewDesk, "_runner", idle)
    store = Store(db_url)
    record = bot_record("halali", {}, 2, 3, level="random")
    short = {**record, "actions": [*record["actions"][:6], {"seat": 1, "action": {"resign": True}}]}
    for i in range(4):
        store_finished(store, f"fin{i}", short, "random")
    store.close()
    wide = Settings(
        db_url=db_url, bot_delay=0.0, review_workers=1, review_queue=20, max_reviews_per_address=2
    )
    app = create_app(wide)
    with TestClient(app) as client:
        for tid in ("fin0", "fin1"):
            assert client.post(f"/api/tables/{tid}/review", json={"seat": 0}).status_code == 200
        r = client.post("/api/tables/fin2/review", json={"seat": 0})
        assert r.status_code == 429
        coded(r.json()["error"], "review/too_many_queued")
        assert client.post("/api/tables/fin0/review", json={"seat": 0}).status_code == 200
        # another address still gets its review in line ...
        other = TestClient(app, client=("10.0.0.8", 5000))
        assert other.post("/api/tables/fin2/review", json={"seat": 0}).status_code == 200
        # ... but a player moving from address to address is counted as himself
        key = client.post("/api/players", json={"name": "Rolf"}).json()["key"]
        for n, tid in enumerate(("fin3", "fin2", "fin1")):
            hop = TestClient(app, client=(f"10.0.1.{n}", 5000))
            r = hop.post(
                f"/api/tables/{tid}/review",
                json={"seat": 1},
                headers={"authorization": f"Bearer {key}"},
            )
            assert r.status_code == (200 if n < 2 else 429), r.text
        coded(r.json()["error"], "review/too_many_queued")


# -- f: look-alike names ---------------------------------------------------------------
def test_look_alike_names_cannot_pass_for_another_player(client: TestClient) -> None:
    assert client.post("/api/players", json={"name": "Admin"}).status_code == 201
    cyrillic_a = client.post("/api/players", json={"name": "\u0410dmin"})  # Cyrillic А
    assert cyrillic_a.status_code == 400
    coded(cyrillic_a.json()["error"], "player/name_confusable")
    greek_o = client.post("/api/players", json={"name": "B\u03bfb"})  # Greek ο
    coded(greek_o.json()["error"], "player/name_confusable")
    full_width = client.post("/api/players", json={"name": "\uff21\uff44\uff4d\uff49\uff4e"})
    assert full_width.status_code == 409  # Ａｄｍｉｎ is Admin once normalised
    coded(full_width.json()["error"], "player/name_taken")
    for name in ("Jürgen Groß", "Άθηνά", "Дмитрий", "Zoë-2"):  # one script each: fine
        assert client.post("/api/players", json={"name": name}).status_code == 201, name
    coded(
        client.post("/api/players", json={"name": "JÜRGEN GROSS"}).json()["error"],
        "player/name_taken",
    )


# -- g: a leaked identity key is revoked by rotating it --------------------------------
def bearer(key: str) -> dict[str, str]:
    return {"authorization": f"Bearer {key}"}


def test_a_leaked_key_stops_working_once_its_player_rotates_it(client: TestClient) -> None:
    made = client.post("/api/players", json={"name": "Ada", "password": "long enough"}).json()
    leaked = made["key"]
    rotated = client.post("/api/players/me/key", headers=bearer(leaked))
    assert rotated.status_code == 200, rotated.text
    fresh = rotated.json()["key"]
    assert fresh != leaked and rotated.json()["player"]["id"] == made["player"]["id"]
    coded(
        client.post("/api/players/session", headers=bearer(leaked)).json()["error"],
        "player/bad_key",
    )
    again = client.post("/api/players/me/key", headers=bearer(leaked))
    coded(again.json()["error"], "player/bad_key")  # the thief cannot rotate it back
    assert client.post("/api/players/session", headers=bearer(fresh)).status_code == 200

    device = client.post("/api/players/login", json={"name": "Ada", "password": "long enough"})
    other = device.json()["key"]  # a second device's own key
    everywhere = client.post(
        "/api/players/me/key", json={"everywhere": True}, headers=bearer(fresh)
    )
    newest = everywhere.json()["key"]
    for gone in (fresh, other):
        coded(
            client.post("/api/players/session", headers=bearer(gone)).json()["error"],
            "player/bad_key",
        )
    assert client.post("/api/players/session", headers=bearer(newest)).status_code == 200


# -- j: spectators coming and going cost the players nothing ---------------------------
def test_spectators_coming_and_going_send_the_players_nothing(client: TestClient) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "human"}], name="Ada")
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ada:
        hello(ada, made["seat_token"])
        joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"}).json()
        with client.websocket_connect(f"/ws/tables/{tid}") as bob:
            hello(bob, joined["seat_token"])
            bob.send_json({"type": "chat", "quick": "hello"})  # a marker before the churn
            while ada.receive_json()["type"] != "chat":
                pass
            for _ in range(20):
                with client.websocket_connect(f"/ws/tables/{tid}") as watcher:
                    assert hello(watcher, None)["seat"] is None
            bob.send_json({"type": "chat", "quick": "gl"})  # and one after it
            seen = [ada.receive_json()]
            while seen[-1]["type"] != "chat":
                seen.append(ada.receive_json())
    assert [m["type"] for m in seen] == ["chat"]  # twenty spectators are no news to Ada
