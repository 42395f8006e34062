"""The host seats a bot in a seat nobody has taken of a table that has not started, so a
friend who never comes (or a rematch player who went home) does not stall the evening."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from .conftest import create, hello, until


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def seat_bot(client: TestClient, tid: str, token: str, seat: int, level: str | None) -> Any:
    return client.post(
        f"/api/tables/{tid}/seats/{seat}/bot", json={"level": level}, headers=auth(token)
    )


def test_a_rematch_whose_second_player_never_comes_starts_with_a_bot(client: TestClient) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "human"}], name="Ada")
    tid, ada = made["table"]["id"], made["seat_token"]
    bob = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"}).json()["seat_token"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, bob)
        ws.send_json({"type": "resign"})
        until(ws, "step")
    assert client.get(f"/api/tables/{tid}").json()["status"] == "finished"

    again = client.post(f"/api/tables/{tid}/rematch", headers=auth(ada)).json()
    nid, host = again["table"]["id"], again["host_token"]
    assert again["table"]["seats"][1]["reserved"] is True  # held for Bob, who went home
    assert seat_bot(client, nid, ada, 1, "random").json()["error"]["code"] == "auth/not_host"
    assert seat_bot(client, nid, host, 1, "nobody").json()["error"]["code"] == "bot/unknown_level"

    r = seat_bot(client, nid, host, 1, "random")
    assert r.status_code == 200, r.text
    summary = r.json()
    assert summary["status"] == "running"
    assert summary["seats"][1] == {
        "seat": 1,
        "kind": "bot",
        "level": "random",
        "name": None,
        "taken": True,
        "reserved": False,
        "online": False,
        "handover_in": None,
    }
    # Bob comes back too late: his seat is the bot's now.
    late = client.post(f"/api/tables/{tid}/rematch", headers=auth(bob)).json()
    assert late["error"]["code"] == "table/not_open"

    # Ada plays against the bot: each of her moves is answered.
    with client.websocket_connect(f"/ws/tables/{nid}") as ws:
        view = hello(ws, again["seat_token"])["view"]
        moves = 0
        while moves < 3 and not view["over"]:
            if view["legal_actions"]:
                ws.send_json({"type": "act", "action": view["legal_actions"][0]})
                moves += 1
            view = until(ws, "step")["view"]
    assert moves == 3
    assert client.get(f"/api/tables/{nid}").json()["plies"] >= 5  # the bot answered each


def test_a_free_seat_of_a_new_table_goes_to_a_bot_and_the_last_one_starts_it(
    client: TestClient,
) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
    made = client.post("/api/tables", json={"game": "halligalli", "seats": seats, "name": "Ada"})
    tid, host = made.json()["table"]["id"], made.json()["host_token"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, made.json()["seat_token"])
        first = seat_bot(client, tid, host, 2, "random").json()
        assert first["status"] == "open" and first["seats"][2]["kind"] == "bot"
        told = [until(ws, "table")["table"]["seats"][2]["kind"] for _ in range(2)]
        assert "bot" in told  # the update after Ada came online, then the bot
        assert seat_bot(client, tid, host, 2, "random").json()["error"]["code"] == (
            "table/seat_is_bot"
        )
        assert seat_bot(client, tid, host, 1, "random").json()["status"] == "running"
        assert until(ws, "welcome")["view"] is not None  # the board, at once


def test_a_seat_somebody_has_taken_is_not_handed_over(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
    made = client.post("/api/tables", json={"game": "halligalli", "seats": seats, "name": "Ada"})
    tid, host = made.json()["table"]["id"], made.json()["host_token"]
    client.post(f"/api/tables/{tid}/join", json={"name": "Bob", "seat": 1})
    for seat in (0, 1):  # the host's own seat and Bob's: both are coming
        refused = seat_bot(client, tid, host, seat, "random")
        assert refused.status_code == 409
        error = refused.json()["error"]
        assert error["code"] == "table/seat_joined"
        assert error["text"]["de"] and error["text"]["en"]
    assert seat_bot(client, tid, host, 5, "random").json()["error"]["code"] == (
        "table/no_such_seat"
    )
    assert seat_bot(client, tid, host, 2, None).json()["error"]["code"] == "table/not_running"
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "open"
    assert [s["kind"] for s in summary["seats"]] == ["human"] * 3
    assert [s["name"] for s in summary["seats"]] == ["Ada", "Bob", None]
