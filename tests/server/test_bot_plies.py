"""The log says which moves a bot made for a person, and still says so after a restart.

Bob goes away, the host hands his seat to a bot, the bot moves, Bob takes his seat back
and plays on; the server restarts. The welcome log marks exactly the bot's moves (the
seat spans are stored with each seat change), the finished game's replay names them so,
and so does the finished game reopened by a later server. A resigner's stand-in too.
"""

from __future__ import annotations

import time
import warnings
from datetime import UTC, datetime
from typing import Any

from spieltisch.server import Settings, create_app
from spieltisch.server.botplies import BotPlies
from spieltisch.store import SeatRecord, SeatSpan, TableRecord

from .conftest import hello, until

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # as in conftest: Starlette's note on its HTTP client
    from fastapi.testclient import TestClient

Move = tuple[int, int, str | None]
"""A step as the log shows it: (ply, seat, the level of the bot that made it or None)."""


def marks(log: list[dict[str, Any]]) -> list[Move]:
    return [(s["ply"], s["seat"], s.get("bot")) for s in log]


def step_move(step: dict[str, Any]) -> Move:
    return step["ply"] - 1, step["seat"], step.get("bot")


def both_play(socks: dict[int, Any], views: dict[int, Any], rounds: int) -> list[Move]:
    """Ada and Bob, both at the table, make ``rounds`` moves between them."""
    moves = []
    for _ in range(rounds):
        mover = 0 if views[0]["legal_actions"] else 1
        socks[mover].send_json({"type": "act", "action": views[mover]["legal_actions"][0]})
        for seat, ws in socks.items():
            step = until(ws, "step")
            views[seat] = step["view"]
        moves.append(step_move(step))
    return moves


def ada_against_the_bot(ws: Any, view: dict[str, Any], rounds: int) -> tuple[list[Move], Any]:
    """Ada moves ``rounds`` times; the bot answers each time, for as long as it moves."""
    moves = []
    for _ in range(rounds):
        ws.send_json({"type": "act", "action": view["legal_actions"][0]})
        while True:
            step = until(ws, "step")
            moves.append(step_move(step))
            view = step["view"]
            if view["legal_actions"]:
                break
    return moves, view


def test_the_latest_span_at_or_before_a_ply_says_who_played_it() -> None:
    """A person's seat is his until its first span; a bot's seat is its bot's throughout;
    a second change at the same ply replaces the first, in any order of arrival."""
    now = datetime.now(UTC)
    seats = (
        SeatRecord(0, "bot", "rules", "Ada", "a" * 64),  # handed over: a person sat here
        SeatRecord(1, "bot", "strong"),  # seated as a bot
        SeatRecord(2, "human", None, "Cleo", "c" * 64),
    )
    record = TableRecord("t", "hydra", {}, 3, 1, "running", "h", now, now, None, seats, 30)
    plies = BotPlies(record, [SeatSpan(0, 5, "rules"), SeatSpan(0, 9, None)])
    plies.change(0, 20, "random")
    plies.change(0, 14, "strong")
    plies.change(0, 20, None)  # taken back before the bot moved
    assert [plies.level(0, p) for p in (0, 4, 5, 8, 9, 13, 14, 19, 20, 99)] == [
        None, None, "rules", "rules", None, None, "strong", "strong", None, None,
    ]  # fmt: skip
    assert [plies.level(1, p) for p in (0, 50)] == ["strong", "strong"]
    assert plies.at(6) == ["rules", "strong", None]
    assert BotPlies(record).at(6) == [None, "strong", None]


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def test_a_bots_moves_for_a_person_stay_marked_after_a_restart_and_in_the_replay(
    settings: Settings,
) -> None:
    settings = settings.model_copy(update=dict(seat_away_grace=0.0))  # marks, not the grace
    with TestClient(create_app(settings)) as client:
        seats = [{"kind": "human"}, {"kind": "human"}]
        made = client.post("/api/tables", json={"game": "halali", "seats": seats, "name": "Ada"})
        data = made.json()
        tid, host, ada = data["table"]["id"], data["host_token"], data["seat_token"]
        bob = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"}).json()["seat_token"]
        with client.websocket_connect(f"/ws/tables/{tid}") as a:
            views = {0: hello(a, ada)["view"]}
            with client.websocket_connect(f"/ws/tables/{tid}") as b:
                views[1] = hello(b, bob)["view"]
                moves = both_play({0: a, 1: b}, views, 4)
                while not views[0]["legal_actions"]:  # Bob leaves when it is Ada's turn
                    moves += both_play({0: a, 1: b}, views, 1)
            for _ in range(100):  # Bob is away once the server has seen his socket close
                handed = client.post(
                    f"/api/tables/{tid}/seats/1/bot", json={"level": "random"}, headers=auth(host)
                )
                if handed.status_code == 200:
                    break
                time.sleep(0.02)
            assert handed.status_code == 200, handed.text
            by_bot, views[0] = ada_against_the_bot(a, views[0], 3)
            moves += by_bot
            with client.websocket_connect(f"/ws/tables/{tid}") as b:
                welcome = hello(b, bob)
                assert marks(welcome["log"]) == moves  # as the steps said, live
                views[1] = welcome["view"]  # Ada's turn: the bot waits for her
                b.send_json({"type": "take_back"})
                for _ in range(20):
                    if until(b, "table")["table"]["seats"][1]["kind"] == "human":
                        break
                moves += both_play({0: a, 1: b}, views, 4)
    bots = {ply for ply, seat, _ in by_bot if seat == 1}
    assert bots and any(seat == 1 for _, seat, _ in moves[:4])  # Bob moved himself too
    assert any(seat == 1 and ply not in bots for ply, seat, _ in moves[-4:])
    expected = [(ply, seat, "random" if ply in bots else None) for ply, seat, _ in moves]
    assert moves == expected  # the live steps said so

    with TestClient(create_app(settings)) as client:  # a restart: rebuilt from the store
        with client.websocket_connect(f"/ws/tables/{tid}") as a:
            assert marks(hello(a, ada)["log"]) == expected
            a.send_json({"type": "resign"})
            while not until(a, "step")["view"]["over"]:
                pass
        plies = client.get(f"/api/tables/{tid}").json()["plies"]
        assert plies == len(expected) + 1
        # The replay says who played each seat at each step: the bot from the hand-over
        # (Ada's turn) until Bob took his seat back.
        handed, back = by_bot[0][0], by_bot[-1][0] + 1
        for ply in range(plies + 1):
            shown = client.get(f"/api/tables/{tid}/replay/{ply}").json()["bots"]
            assert shown == [None, "random" if handed <= ply - 1 < back else None], ply

    with TestClient(create_app(settings)) as client:  # the finished game, reopened
        with client.websocket_connect(f"/ws/tables/{tid}") as b:
            log = hello(b, bob)["log"]
        assert marks(log) == [*expected, (len(expected), 0, None)]


def test_a_stand_ins_moves_are_marked_after_a_restart_and_the_resignation_is_not(
    settings: Settings,
) -> None:
    seats = [{"kind": "human"}] * 2 + [{"kind": "bot", "level": "random"}] * 3
    with TestClient(create_app(settings)) as client:
        made = client.post("/api/tables", json={"game": "hydra", "seats": seats, "name": "P0"})
        tid, p0 = made.json()["table"]["id"], made.json()["seat_token"]
        p1 = client.post(f"/api/tables/{tid}/join", json={"name": "P1"}).json()["seat_token"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, p1)
            ws.send_json({"type": "resign"})
            while True:
                step = until(ws, "step")
                if any(e["type"] == "resign" for e in step["events"]):
                    break
        resigned = step["ply"] - 1
        assert step.get("bot") is None  # the resignation was his own
        level = client.get(f"/api/tables/{tid}").json()["seats"][1]["level"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            before = marks(hello(ws, p0)["log"])
    with (
        TestClient(create_app(settings)) as client,
        client.websocket_connect(f"/ws/tables/{tid}") as ws,
    ):
        after = marks(hello(ws, p0)["log"])
    assert after[: len(before)] == before
    for ply, seat, bot in after:
        if seat >= 2:
            assert bot == "random", (ply, seat)
        elif seat == 1:
            assert bot == (level if ply > resigned else None), (ply, seat)
        else:
            assert bot is None, ply
