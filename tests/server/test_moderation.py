"""Moderation: an admin closes and deletes tables, hides chat, renames and bans names,
resets ratings, all logged; nobody else gets any of these powers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from spieltisch.cli import app as cli
from spieltisch.server import Settings, create_app
from spieltisch.server.settings import SettingsError, load
from spieltisch.store.moderation import Moderation

from .bothdbs import DATABASES, database
from .conftest import hello, two_humans, until

TOKEN = "admin-token-for-the-tests-0123456789"
ADMIN = {"authorization": f"Bearer {TOKEN}"}


@pytest.fixture(params=DATABASES)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Settings]:
    with database(request.param, tmp_path, admin_token=TOKEN, http_burst=1000) as settings:
        yield settings


@pytest.fixture
def mod(db: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as client:
        yield client


def new_player(client: TestClient, name: str, password: str | None = None) -> dict[str, Any]:
    r = client.post("/api/players", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def log_of(client: TestClient) -> list[dict[str, Any]]:
    r = client.get("/api/admin/log", headers=ADMIN)
    assert r.status_code == 200, r.text
    entries: list[dict[str, Any]] = r.json()["entries"]
    return entries


def admin_routes(client: TestClient) -> list[tuple[str, str]]:
    """Every admin route as (method, path) with its parameters filled in, as the app's
    own OpenAPI document lists them."""
    fill = {"table_id": "abcdefgh", "chat_id": "1", "player_id": "p1", "game": "halali"}
    paths = client.app.openapi()["paths"]  # type: ignore[attr-defined]
    return [
        (method.upper(), re.sub(r"\{(\w+)\}", lambda m: fill[m.group(1)], path))
        for path, methods in paths.items()
        if path.startswith("/api/admin")
        for method in methods
    ]


def test_no_admin_power_without_the_token_or_the_flag(mod: TestClient) -> None:
    tid, t0, _ = two_humans(mod)
    player = new_player(mod, "Mallory")
    forged = [
        {},
        {"authorization": "Bearer "},
        {"authorization": f"Basic {TOKEN}"},
        {"authorization": f"Bearer {TOKEN[:-1]}"},
        {"authorization": f"Bearer {TOKEN}x"},
        {"authorization": f"Bearer {TOKEN.upper()}"},
        {"authorization": f"Bearer {t0}"},  # a seat token
        {"authorization": f"Bearer {player['key']}"},  # a player who is no admin
        {"authorization": f"Bearer {player['player']['id']}.{TOKEN}"},
        {"x-admin-token": TOKEN},
    ]
    routes = admin_routes(mod)
    assert len(routes) >= 11
    for method, path in routes:
        for headers in forged:
            r = mod.request(method, path, headers=headers, json={"name": "Ada"})
            assert r.status_code in (401, 403), (method, path, headers, r.text)
            assert r.json()["error"]["code"] in ("auth/missing_token", "auth/not_admin")
    assert mod.get(f"/api/tables/{tid}").json()["status"] == "running"
    assert log_of(mod) == []


def test_an_admin_closes_a_running_table_and_its_players_are_told(mod: TestClient) -> None:
    tid, t0, _ = two_humans(mod)
    with mod.websocket_connect(f"/ws/tables/{tid}") as a:
        hello(a, t0)
        r = mod.post(f"/api/admin/tables/{tid}/close", headers=ADMIN)
        assert r.status_code == 200, r.text
        assert r.json()["table"]["status"] == "closed"
        assert until(a, "error")["code"] == "table/closed"
        with pytest.raises(WebSocketDisconnect):
            for _ in range(10):
                a.receive_json()
    assert mod.get(f"/api/tables/{tid}").json()["status"] == "closed"
    again = mod.post(f"/api/admin/tables/{tid}/close", headers=ADMIN)
    assert again.json()["error"]["code"] == "table/not_running"
    [entry] = log_of(mod)
    assert entry["admin"] == "token" and entry["action"] == "close_table"
    assert entry["target"] == tid and entry["detail"] == "running" and entry["at"]


def test_an_admin_deletes_a_table(mod: TestClient) -> None:
    tid, _, _ = two_humans(mod)
    r = mod.delete(f"/api/admin/tables/{tid}", headers=ADMIN)
    assert r.status_code == 200 and r.json() == {"deleted": tid}
    assert mod.get(f"/api/tables/{tid}").json()["error"]["code"] == "table/not_found"
    assert tid not in [t["id"] for t in mod.get("/api/tables").json()]
    assert mod.delete(f"/api/admin/tables/{tid}", headers=ADMIN).status_code == 404
    assert [(e["action"], e["target"]) for e in log_of(mod)] == [("delete_table", tid)]


def test_hidden_chat_never_reaches_new_sockets_or_the_history(mod: TestClient) -> None:
    tid, t0, t1 = two_humans(mod)
    with (
        mod.websocket_connect(f"/ws/tables/{tid}") as a,
        mod.websocket_connect(f"/ws/tables/{tid}") as b,
    ):
        hello(a, t0), hello(b, t1)
        a.send_json({"type": "chat", "text": "something rude"})
        rude = until(b, "chat")["message"]
        a.send_json({"type": "chat", "quick": "gg"})
        until(b, "chat")
        r = mod.post(f"/api/admin/tables/{tid}/chat/{rude['id']}/hide", headers=ADMIN)
        assert r.status_code == 200, r.text
        assert until(b, "chat_hidden") == {"type": "chat_hidden", "id": rude["id"]}
        with mod.websocket_connect(f"/ws/tables/{tid}") as c:
            texts = [m.get("text") or m.get("quick") for m in hello(c, t1)["chat"]["messages"]]
            assert texts == ["gg"]
    store = mod.app.state.manager.store  # type: ignore[attr-defined]
    assert [m.quick for m in store.chat(tid, 50)] == ["gg"]
    listed = mod.get(f"/api/admin/tables/{tid}/chat", headers=ADMIN).json()["messages"]
    assert [(m["text"], m["hidden"]) for m in listed] == [("something rude", True), (None, False)]
    wrong = mod.post(f"/api/admin/tables/{tid}/chat/{rude['id'] + 99}/hide", headers=ADMIN)
    assert wrong.json()["error"]["code"] == "chat/not_found"
    assert [e["action"] for e in log_of(mod)] == ["hide_chat"]


def test_a_banned_name_cannot_sign_up_sign_in_or_be_taken_by_renaming(mod: TestClient) -> None:
    troll = new_player(mod, "Troll", password="long enough password")
    other = new_player(mod, "Nice")
    assert mod.post("/api/admin/bans", headers=ADMIN, json={"name": "troll"}).status_code == 200
    r = mod.post("/api/players", json={"name": "TROLL"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "player/name_banned"
    r = mod.post("/api/players/login", json={"name": "Troll", "password": "long enough password"})
    assert r.json()["error"]["code"] == "player/name_banned"
    r = mod.post("/api/players/session", headers={"authorization": f"Bearer {troll['key']}"})
    assert r.json()["error"]["code"] == "player/name_banned"
    r = mod.post(
        f"/api/admin/players/{other['player']['id']}/rename", headers=ADMIN, json={"name": "Troll"}
    )
    assert r.json()["error"]["code"] == "player/name_banned"
    assert mod.get("/api/admin/log", headers=ADMIN).json()["banned"] == ["troll"]
    assert (
        mod.post("/api/admin/bans/lift", headers=ADMIN, json={"name": "Troll"}).status_code == 200
    )
    r = mod.post("/api/players/session", headers={"authorization": f"Bearer {troll['key']}"})
    assert r.status_code == 200
    assert [e["action"] for e in log_of(mod)] == ["unban", "ban"]


def test_an_admin_renames_a_player_and_resets_a_rating(mod: TestClient) -> None:
    ada = new_player(mod, "Ada")
    pid = ada["player"]["id"]
    r = mod.post(f"/api/admin/players/{pid}/rename", headers=ADMIN, json={"name": "Ada Lovelace"})
    assert r.json() == {"player": {"id": pid, "name": "Ada Lovelace"}, "was": "Ada"}
    assert mod.get(f"/api/players/{pid}").json()["player"]["name"] == "Ada Lovelace"
    found = mod.get("/api/admin/players", params={"name": "ada lovelace"}, headers=ADMIN).json()
    assert found["player"]["id"] == pid
    new_player(mod, "Bob")
    r = mod.post(f"/api/admin/players/{pid}/rename", headers=ADMIN, json={"name": "bob"})
    assert r.json()["error"]["code"] == "player/name_taken"
    r = mod.post(f"/api/admin/players/{pid}/ratings/halali/reset", headers=ADMIN)
    assert r.json() == {"reset": False, "was": None}
    r = mod.post(f"/api/admin/players/{pid}/ratings/halligalli/reset", headers=ADMIN)
    assert r.json()["error"]["code"] == "rating/unrated_game"
    actions = [(e["action"], e["detail"]) for e in log_of(mod)]
    assert actions == [("reset_rating", "halali -"), ("rename", "Ada -> Ada Lovelace")]


def test_a_player_granted_admin_moderates_with_his_key_until_revoked(
    mod: TestClient, db: Settings
) -> None:
    eve = new_player(mod, "Eve")
    key = {"authorization": f"Bearer {eve['key']}"}
    assert mod.get("/api/admin/me", headers=key).json()["error"]["code"] == "auth/not_admin"
    args = ["--db", db.db_url] + (["--schema", db.db_schema] if db.db_schema else [])
    done = CliRunner().invoke(cli, ["admin", "grant", "eve", *args])
    assert done.exit_code == 0 and "Eve is a moderator" in done.output, done.output
    assert mod.get("/api/admin/me", headers=key).json() == {"admin": "Eve"}
    tid, _, _ = two_humans(mod)
    assert mod.post(f"/api/admin/tables/{tid}/close", headers=key).status_code == 200
    assert log_of(mod)[0]["admin"] == "Eve"
    done = CliRunner().invoke(cli, ["admin", "revoke", "Eve", *args])
    assert done.exit_code == 0 and "Eve is no moderator" in done.output
    assert mod.get("/api/admin/me", headers=key).status_code == 403
    missing = CliRunner().invoke(cli, ["admin", "grant", "Nobody", *args])
    assert missing.exit_code != 0 and "no player 'Nobody'" in missing.output


def test_without_an_admin_token_the_token_route_is_closed(db: Settings) -> None:
    bare = db.model_copy(update=dict(admin_token=None))
    with TestClient(create_app(bare)) as client:
        r = client.get("/api/admin/me", headers={"authorization": "Bearer None"})
        assert r.status_code == 403


def test_a_short_admin_token_refuses_to_start() -> None:
    with pytest.raises(SettingsError, match="SPIELTISCH_ADMIN_TOKEN"):
        load(None, {"admin_token": "short"})


def test_the_log_is_written_with_the_change(db: Settings) -> None:
    with TestClient(create_app(db)) as client:
        store = client.app.state.manager.store  # type: ignore[attr-defined]
        rows = Moderation(store)
        assert rows.ban("Spam", "token") and not rows.ban("SPAM", "token")
        assert [e.action for e in rows.log()] == ["ban"]  # no change, no entry


def test_guessing_the_admin_token_is_rate_limited(db: Settings) -> None:
    strict = db.model_copy(update=dict(http_rate=0.001, http_burst=3))
    with TestClient(create_app(strict)) as client:
        codes = [
            client.post(
                "/api/admin/bans",
                headers={"authorization": f"Bearer guess{i:030d}"},
                json={"name": "x"},
            ).json()["error"]["code"]
            for i in range(5)
        ]
    assert codes == ["auth/not_admin"] * 3 + ["request/rate_limited"] * 2
