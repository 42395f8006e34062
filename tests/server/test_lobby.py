"""The lobby over HTTP: games, creating, joining, listing, errors with stable codes."""

from __future__ import annotations

from fastapi.testclient import TestClient

from spieltisch.server import Settings, create_app

from .conftest import create, two_humans


def test_games_list_options_with_defaults_and_bot_levels(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    halali = games["halali"]
    assert {o["name"]: o["default"] for o in halali["options"]} == {
        "variant": "kosmos",
        "match": "auto",
        "draw_offers": "auto",
        "blue_seat": 0,
    }
    assert "random" in halali["bot_levels"]
    for game in games.values():  # the lobby's "not shown to be stronger" note names offered levels
        assert set(game["bot_levels_unproven"]) <= set(game["bot_levels"])
    assert halali["min_players"] == halali["max_players"] == 2


def test_whole_lobby_flow(client: TestClient) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "human"}], name="Ada")
    tid = made["table"]["id"]
    assert made["seat"] == 0 and made["table"]["status"] == "open"
    assert made["table"]["options"] == {
        "variant": "kosmos",
        "match": "auto",
        "draw_offers": "auto",
        "blue_seat": 0,
    }
    assert "seed" not in made["table"]
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed] == [tid]
    assert client.get(f"/t/{tid}").status_code == 200  # the invite link serves the app
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "  Bob\u0007 "}).json()
    assert joined["seat"] == 1
    table = client.get(f"/api/tables/{tid}").json()
    assert table["status"] == "running"
    assert [s["name"] for s in table["seats"]] == ["Ada", "Bob"]
    assert "seed" not in table  # the seed fixes the hidden layout: secret while running
    for s in table["seats"]:
        assert "token_hash" not in s
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Eve"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "table/not_open"


def test_tokens_are_stored_hashed(client: TestClient) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "bot", "level": "random"}], name="Ada")
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    record = store.get_table(made["table"]["id"])
    assert made["seat_token"] not in (record.seats[0].token_hash, record.host_hash)
    assert len(record.seats[0].token_hash) == 64
    assert len(made["seat_token"]) >= 40


def test_unknown_game_option_level_and_seat_count_are_refused(client: TestClient) -> None:
    cases = [
        ({"game": "schach", "seats": [{"kind": "human"}] * 2}, "game/unknown"),
        (
            {"game": "halali", "options": {"variant": "x"}, "seats": [{"kind": "human"}] * 2},
            "game/invalid_option",
        ),
        (
            {"game": "halali", "options": {"colour": "red"}, "seats": [{"kind": "human"}] * 2},
            "game/invalid_option",
        ),
        ({"game": "halali", "seats": [{"kind": "human"}] * 3}, "game/invalid_players"),
        (
            {"game": "halali", "seats": [{"kind": "human"}, {"kind": "bot", "level": "god"}]},
            "bot/unknown_level",
        ),
        ({"game": "halali", "seats": [{"kind": "robot"}] * 2}, "request/invalid"),
        ({"game": "halali", "seats": [{"kind": "human"}] * 2, "name": "\u0000"}, "request/invalid"),
    ]
    for body, code in cases:
        r = client.post("/api/tables", json=body)
        assert r.status_code in (400, 422), r.text
        err = r.json()["error"]
        assert err["code"] == code, (body, err)
        assert "Traceback" not in err["message"]
    assert client.get("/api/tables").json() == []


def test_join_errors(client: TestClient) -> None:
    r = client.post("/api/tables/nope/join", json={"name": "Bob"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "table/not_found"
    made = create(client, [{"kind": "human"}, {"kind": "human"}], name="Ada")
    tid = made["table"]["id"]
    r = client.post(f"/api/tables/{tid}/join", json={"name": "Bob", "seat": 0})
    assert r.status_code == 409 and r.json()["error"]["code"] == "table/seat_taken"


def test_oversized_and_malformed_bodies(client: TestClient) -> None:
    r = client.post(
        "/api/tables",
        content=b"{" + b" " * 20_000 + b"}",
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 413 and r.json()["error"]["code"] == "request/too_large"
    r = client.post(
        "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 422 and r.json()["error"]["code"] == "request/invalid"
    chunks = (b"{}" for _ in range(1))  # a generator: sent chunked, without a length
    r = client.post("/api/tables", content=chunks, headers={"content-type": "application/json"})
    assert r.status_code == 411 and r.json()["error"]["code"] == "request/length_required"
    r = client.get("/api/nothing")
    assert r.status_code == 404 and r.json()["error"]["code"] == "request/not_found"


def test_rate_limit_on_lobby_writes(settings: Settings) -> None:
    slow = settings.model_copy(update=dict(http_rate=0.05, http_burst=5))
    with TestClient(create_app(slow)) as client:
        codes = [
            client.post("/api/tables", json={"game": "schach", "seats": []}).status_code
            for _ in range(12)
        ]
        assert codes.count(429) >= 6
        r = client.post("/api/tables", json={"game": "halali", "seats": []})
        assert r.json()["error"]["code"] == "request/rate_limited"
        assert client.get("/api/tables").status_code == 200  # reading is not limited


def test_health_and_security_headers(client: TestClient) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json()["status"] == "ok" and r.json()["db"] == "ok"
    assert "default-src 'self'" in r.headers["content-security-policy"]
    page = client.get("/")
    assert page.status_code == 200 and "/static/app.js" in page.text


def test_hand_seat_to_bot_needs_the_host_token(client: TestClient) -> None:
    tid, _t0, _t1 = two_humans(client)
    r = client.post(f"/api/tables/{tid}/seats/1/bot", json={"level": "random"})
    assert r.status_code == 401 and r.json()["error"]["code"] == "auth/missing_token"
    r = client.post(
        f"/api/tables/{tid}/seats/1/bot",
        json={"level": "random"},
        headers={"authorization": "Bearer wrong"},
    )
    assert r.status_code == 403 and r.json()["error"]["code"] == "auth/not_host"
