"""The lesson routes: every step served as the learner's view, moves judged by the engine
and the step, and nothing a hostile client sends gets past them or changes a thing."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from spieltisch.engine import game_names
from spieltisch.server import Settings, create_app


@pytest.mark.parametrize("name", game_names())
def test_every_step_comes_as_the_learners_view_and_every_allowed_move_plays(
    client: TestClient, name: str
) -> None:
    outline = client.get(f"/api/lessons/{name}").json()
    assert outline["game"] == name and outline["web"]
    assert outline["lesson"]["de"] and outline["finale"]["en"]
    for step in outline["steps"]:
        assert step["view"] and step["envelope"]["over"] is False
        for action in step["allowed"]:
            assert action in step["envelope"]["legal_actions"]
        answer = client.post(
            f"/api/lessons/{name}/{step['key']}", json={"action": step["allowed"][0]}
        ).json()
        assert answer["ok"] is True
        assert answer["played"][0]["seat"] == outline["seat"]
        assert all("legal_actions" in p["envelope"] for p in answer["played"])


def test_a_move_the_step_does_not_take_is_refused_with_its_rule_in_both_languages(
    client: TestClient,
) -> None:
    answer = client.post("/api/lessons/halali/who-moves", json={"action": "c4-c5"}).json()
    assert answer == {
        "ok": False,
        "rule": "HA §2",
        "text": {
            "de": "Hier geht es um die Ente: ziehe sie von f4 nach f5.",
            "en": "This step is about the duck: move it from f4 to f5.",
        },
    }


def test_an_illegal_move_is_refused_with_the_rule_the_engine_names(client: TestClient) -> None:
    answer = client.post("/api/lessons/halali/who-moves", json={"action": "d6-d5"}).json()
    assert answer["ok"] is False and answer["rule"] == "HA §2"
    assert answer["text"]["de"].startswith("Braune Kärtchen bewegt nur Braun")


def test_a_step_is_the_same_after_any_number_of_moves(client: TestClient) -> None:
    before = client.get("/api/lessons/kalooki").json()
    for _ in range(2):
        client.post("/api/lessons/kalooki/draw", json={"action": "draw discard"})
    assert client.get("/api/lessons/kalooki").json() == before


@pytest.mark.parametrize(
    ("path", "body", "status"),
    [
        ("/api/lessons/halali/nope", {"action": "flip c4"}, 404),
        ("/api/lessons/chess/flip", {"action": "e2-e4"}, 400),
        ("/api/lessons/halali/flip", {"action": "x" * 201}, 422),
        ("/api/lessons/halali/flip", {"action": 7}, 422),
        ("/api/lessons/halali/flip", {}, 422),
        ("/api/lessons/" + "h" * 40, None, 422),
    ],
)
def test_bad_requests_get_a_coded_error(
    client: TestClient, path: str, body: dict[str, object] | None, status: int
) -> None:
    response = client.post(path, json=body) if body is not None else client.get(path)
    assert response.status_code == status
    error = response.json()["error"]
    assert error["code"] and error["text"]["de"] and error["text"]["en"]


@pytest.mark.parametrize("junk", ["", "resign", "<script>alert(1)</script>", "flip z99", "\x00"])
def test_junk_moves_are_refused_with_the_steps_hint(client: TestClient, junk: str) -> None:
    answer = client.post("/api/lessons/halali/flip", json={"action": junk}).json()
    assert answer["ok"] is False
    assert answer["rule"] in {"HA-R3", "ENGINE-RESIGN", "HA-R9"}
    assert answer["text"]["de"] and answer["text"]["en"]


def test_the_lesson_page_is_the_app(client: TestClient) -> None:
    page = client.get("/learn/hydra")
    assert page.status_code == 200 and 'id="app"' in page.text
    assert all(g["lesson"] for g in client.get("/api/games").json())


@pytest.mark.parametrize("name", game_names())
def test_the_play_now_table_the_page_asks_for_is_created_unrated(
    client: TestClient, name: str
) -> None:
    outline = client.get(f"/api/lessons/{name}").json()
    seats = [
        {"kind": "human"} if s == outline["seat"] else {"kind": "bot", "level": outline["bot"]}
        for s in range(outline["players"])
    ]
    options = {**outline["options"], **outline["hints"]}
    made = client.post(
        "/api/tables", json={"game": name, "options": options, "seats": seats, "name": "Gast"}
    )
    assert made.status_code == 201, made.json()
    table = made.json()["table"]
    assert table["status"] == "running" and not table.get("rated")
    for option, value in options.items():
        assert table["options"][option] == value


def test_a_flood_of_tries_is_slowed_down_like_other_lobby_writes(settings: Settings) -> None:
    # A rate this slow refills no try while the flood runs, however slow the machine.
    slow = settings.model_copy(update=dict(http_rate=0.05, http_burst=5))
    with TestClient(create_app(slow)) as client:
        codes = [
            client.post("/api/lessons/halali/flip", json={"action": "flip h8"}).status_code
            for _ in range(12)
        ]
        assert codes[0] == 200 and codes.count(429) >= 6 and codes[-1] == 429
        limited = client.post("/api/lessons/halali/flip", json={"action": "flip c4"}).json()
        assert limited["error"]["code"] == "request/rate_limited"
