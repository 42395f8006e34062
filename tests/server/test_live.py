"""Live play over websockets: seats, refusals with rule ids, no leaks, bots, replay."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

import spieltisch
from spieltisch.bots import Bot, Plan
from spieltisch.server import Settings, create_app
from spieltisch.table import SearchPool, SimClock

from .conftest import create, hello, two_humans, until


def _check_no_hidden_identity(msg: dict[str, Any]) -> None:
    """A face-down tile is sent as ``{"hidden": true}`` and nothing else, ever."""
    view = msg.get("view")
    if not view:
        return
    revealed = {sq for sq, cell in view["board"].items() if not cell.get("hidden")}
    for sq, cell in view["board"].items():
        if cell.get("hidden"):
            assert cell == {"hidden": True}, (sq, cell)
    for event in msg.get("events", []):
        if event["type"] == "flip":
            assert event["square"] in revealed or view["game_number"] > 1 or view["over"]
    text = json.dumps(msg)
    assert '"seed"' not in text and '"state"' not in text


def test_HA_R3_face_down_tiles_never_leak_to_seats_or_spectators(client: TestClient) -> None:
    """Seats, spectators and the log see kinds of revealed tiles only (HA-R2, HA-R3)."""
    tid, t0, t1 = two_humans(client)
    rng = random.Random(4)
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as a,
        client.websocket_connect(f"/ws/tables/{tid}") as b,
        client.websocket_connect(f"/ws/tables/{tid}") as spec,
    ):
        sockets = {0: a, 1: b}
        views = {0: hello(a, t0), 1: hello(b, t1), None: hello(spec, None)}
        for msg in views.values():
            _check_no_hidden_identity(msg)
        assert views[None]["seat"] is None and views[None]["view"]["legal_actions"] == []
        for _ply in range(40):
            seat = views[0]["view"]["active_seat"]
            action = rng.choice(views[seat]["view"]["legal_actions"])
            sockets[seat].send_json({"type": "act", "action": action})
            for key, ws in ((0, a), (1, b), (None, spec)):
                views[key] = until(ws, "step")
                _check_no_hidden_identity(views[key])
        assert "action" in views[seat] and "action" not in views[1 - seat]
        assert "action" not in views[None]
    # What was sent equals what the core shows each seat, from the stored record.
    state = spieltisch.replay(client.app.state.manager.store.record(tid))  # type: ignore[attr-defined]
    assert views[0]["view"] == state.view(0)
    assert views[None]["view"] == state.view(None)


def test_illegal_move_is_refused_with_rule_id_and_changes_nothing(client: TestClient) -> None:
    tid, t0, _t1 = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as a:
        welcome = hello(a, t0)
        assert welcome["seat"] == 0 and welcome["ply"] == 0
        a.send_json({"type": "act", "action": "flip e5"})  # the centre starts empty
        err = until(a, "error")
        assert err["code"] == "action/illegal" and err["rule"] == "HA §1"
        a.send_json({"type": "act", "action": "b2-b3"})
        err = until(a, "error")
        assert err["code"] == "action/illegal" and err["rule"] == "HA-R3"
        a.send_json({"type": "act", "action": "zz9"})
        assert until(a, "error")["code"] == "action/invalid_notation"
        a.send_json({"type": "act", "action": "flip b2", "ply": 5})
        assert until(a, "error")["code"] == "action/stale_state"
        assert client.get(f"/api/tables/{tid}").json()["plies"] == 0
        a.send_json({"type": "act", "action": "flip b2", "ply": 0})
        assert until(a, "step")["ply"] == 1
    with client.websocket_connect(f"/ws/tables/{tid}") as a:
        hello(a, t0)
        a.send_json({"type": "act", "action": "flip c2"})  # not seat 0's turn now
        err = until(a, "error")
        assert err["code"] == "action/illegal" and err["rule"] == "HA §Spielvorbereitungen"


def test_wrong_token_and_spectators_cannot_act(client: TestClient) -> None:
    tid, t0, _t1 = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        err = hello(ws, t0 + "x")
        assert err == {
            "type": "error",
            "code": "auth/bad_token",
            "message": "this token is not valid for any seat of the table",
            "text": {
                "de": "Dieser Platz-Schlüssel ist ungültig",
                "en": "This seat token is not valid",
            },
        }
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, None)
        ws.send_json({"type": "act", "action": "flip b2"})
        assert until(ws, "error")["code"] == "auth/spectator"
    with client.websocket_connect("/ws/tables/unknown") as ws:
        assert hello(ws, None)["code"] == "table/not_found"
    assert client.get(f"/api/tables/{tid}").json()["plies"] == 0


def test_malformed_oversized_and_rate_limited_messages_harm_nothing(client: TestClient) -> None:
    tid, t0, _t1 = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_text("not json")
        assert ws.receive_json()["code"] == "message/malformed"
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, t0)
        bad = [
            ("{oops", "message/malformed"),
            ("[1, 2]", "message/malformed"),
            ('{"type": "dance"}', "message/unknown_type"),
            (json.dumps({"type": "act", "action": "x" * 5000}), "message/too_large"),
            (json.dumps({"type": "act", "action": 42}), "action/invalid_notation"),
        ]
        for text, code in bad:
            ws.send_text(text)
            assert until(ws, "error")["code"] == code
        ws.send_bytes(b"\x00\x01")
        assert until(ws, "error")["code"] == "message/malformed"
        ws.send_json({"type": "act", "action": "flip b2"})
        assert until(ws, "step")["ply"] == 1  # the table still works


def test_websocket_messages_are_rate_limited(settings: Settings) -> None:
    slow = settings.model_copy(update=dict(ws_rate=0.05, ws_burst=5))
    with TestClient(create_app(slow)) as client:
        tid, t0, _t1 = two_humans(client)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, t0)
            for _ in range(12):
                ws.send_json({"type": "ping"})
            codes = [ws.receive_json().get("code", "pong") for _ in range(12)]
            assert codes.count("pong") <= 6 and codes.count("request/rate_limited") >= 6
            assert client.get(f"/api/tables/{tid}").json()["plies"] == 0


def _wait_finished(client: TestClient, tid: str, seconds: float = 30.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        table: dict[str, Any] = client.get(f"/api/tables/{tid}").json()
        if table["status"] == "finished":
            return table
        time.sleep(0.05)
    raise AssertionError("the bot game did not finish")


def test_bot_table_plays_to_the_end_and_replays_step_by_step(client: TestClient) -> None:
    made = create(
        client,
        [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}],
        options={"match": "single"},
    )
    tid = made["table"]["id"]
    assert made["table"]["status"] == "running" and made["seat_token"] is None
    table = _wait_finished(client, tid)
    assert table["result"]["reason"] and "seed" in table
    record = client.app.state.manager.store.record(tid)  # type: ignore[attr-defined]
    final = spieltisch.replay(record)
    assert final.is_over() and final.result().to_json() == table["result"]  # type: ignore[union-attr]
    first = client.get(f"/api/tables/{tid}/replay/0").json()
    assert first["ply"] == 0 and first["seat"] is None and len(first["view"]["board"]) == 48
    last = client.get(f"/api/tables/{tid}/replay/{table['plies']}").json()
    assert last["view"] == final.view(None)
    r = client.get(f"/api/tables/{tid}/replay/{table['plies'] + 1}")
    assert r.json()["error"]["code"] == "replay/bad_ply"
    listed = client.get("/api/tables?status=finished").json()
    assert [t["id"] for t in listed] == [tid]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:  # the end stays viewable
        welcome = hello(ws, None)
        assert welcome["view"] == final.view(None) and len(welcome["log"]) == table["plies"]


def test_replay_is_refused_while_running(client: TestClient) -> None:
    tid, _t0, _t1 = two_humans(client)
    r = client.get(f"/api/tables/{tid}/replay/0")
    assert r.status_code == 409 and r.json()["error"]["code"] == "table/not_finished"


def test_creator_hands_an_idle_seat_to_a_bot(settings: Settings) -> None:
    clock = SimClock(1000.0)
    with TestClient(create_app(settings, clock=clock)) as client:
        hand_an_idle_seat_to_a_bot(client, clock)


def hand_an_idle_seat_to_a_bot(client: TestClient, clock: SimClock) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "human"}], name="Ada")
    tid = made["table"]["id"]
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"}).json()
    auth = {"authorization": f"Bearer {made['host_token']}"}
    with client.websocket_connect(f"/ws/tables/{tid}") as a:
        hello(a, made["seat_token"])
        a.send_json({"type": "act", "action": "flip b2"})
        until(a, "step")
        clock.advance(client.app.state.settings.seat_away_grace)  # type: ignore[attr-defined]
        r = client.post(f"/api/tables/{tid}/seats/1/bot", json={"level": "random"}, headers=auth)
        assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "bot"
        step = until(a, "step")  # the bot plays Bob's turn
        assert step["seat"] == 1 and step["ply"] == 2
    with client.websocket_connect(f"/ws/tables/{tid}") as b:
        hello(b, joined["seat_token"])
        b.send_json({"type": "act", "action": "flip c2"})
        assert until(b, "error")["code"] in ("table/seat_is_bot", "action/illegal")


def test_a_failing_database_refuses_the_move_and_keeps_the_position(client: TestClient) -> None:
    """Write ahead: a move that cannot be stored is not played and nobody is told of it."""
    tid, t0, _t1 = two_humans(client)
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    originals = store.append_action, store.append_actions

    def broken(*args: Any) -> None:
        raise OSError("disk full")

    store.append_action = store.append_actions = broken  # alone or grouped
    try:
        with client.websocket_connect(f"/ws/tables/{tid}") as a:
            hello(a, t0)
            a.send_json({"type": "act", "action": "flip b2"})
            assert until(a, "error")["code"] == "server/store"
            store.append_action, store.append_actions = originals
            a.send_json({"type": "act", "action": "flip c2"})
            step = until(a, "step")
            assert step["ply"] == 1 and step["events"][0]["square"] == "c2"
    finally:
        store.append_action, store.append_actions = originals
    assert [a["action"]["square"] for a in store.actions(tid)] == ["c2"]


def test_a_search_bot_plans_in_the_worker_process_and_plays_its_turn(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``strong`` searches for a while: the server asks its search pool, not a thread."""
    asked: list[tuple[str, str]] = []
    plan = SearchPool.plan

    async def counting(pool: SearchPool, key: str, bot: Bot, *args: Any, **kw: Any) -> Plan:
        asked.append((key, bot.level))
        return await plan(pool, key, bot, *args, **kw)

    monkeypatch.setattr(SearchPool, "plan", counting)
    made = create(client, [{"kind": "human"}, {"kind": "bot", "level": "strong"}], name="Ada")
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as a:
        hello(a, made["seat_token"])
        a.send_json({"type": "act", "action": "flip b2"})
        until(a, "step")
        step = until(a, "step")  # the search bot's answer
        assert step["seat"] == 1 and step["ply"] == 2
    assert asked == [(tid, "strong")]


def test_a_refused_move_is_logged_with_what_reproduces_it_but_not_the_seed(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    tid, t0, _t1 = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws, caplog.at_level("INFO"):
        hello(ws, t0)
        ws.send_json({"type": "act", "action": "flip e5"})  # the middle square (HA §1)
        assert until(ws, "error")["code"] == "action/illegal"
    refused = [r.getMessage() for r in caplog.records if r.getMessage().startswith("move refused")]
    assert len(refused) == 1 and "halali" in refused[0] and "flip e5" in refused[0]
    record = client.app.state.manager.store.get_table(tid)  # type: ignore[attr-defined]
    assert str(record.seed) not in refused[0]
