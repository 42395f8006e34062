"""Mail notices against a real SMTP server (aiosmtpd, started here): the opt-in flow
from address to confirmation link, a turn mail once per turn, a game-end mail, the
unsubscribe link; nothing without confirmation, and links that cannot be forged."""

from __future__ import annotations

import dataclasses
import re
import socket
import time
from collections.abc import Iterator
from email import message_from_bytes, policy
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from spieltisch.server import Settings, create_app
from spieltisch.table import SimClock

from .bothdbs import DATABASES, database
from .conftest import hello, until
from .test_turn_clock import DAY, MINUTE, START

BASE = "http://spiele.test"


class Inbox:
    """The aiosmtpd handler: every message the server sent, parsed."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        return [m for m in self.messages if m["To"] == address]

    def wait(self, address: str, count: int) -> list[Message]:
        """The messages to ``address`` once there are ``count`` (background sending)."""
        for _ in range(200):
            if len(self.to(address)) >= count:
                return self.to(address)
            time.sleep(0.05)
        raise AssertionError(f"{len(self.to(address))} mails to {address}, not {count}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler = Inbox()
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield handler, port
    finally:
        controller.stop()


@pytest.fixture(params=DATABASES)
def mailing(
    request: pytest.FixtureRequest, tmp_path: Path, inbox: tuple[Inbox, int]
) -> Iterator[tuple[TestClient, Inbox]]:
    """A server with mail, on SQLite and on PostgreSQL."""
    handler, port = inbox
    mail = {"smtp_url": f"smtp://127.0.0.1:{port}", "public_url": BASE}
    with (
        database(request.param, tmp_path, mail_from="st@spiele.test", **mail) as configured,
        TestClient(create_app(configured, clock=SimClock(START))) as client,
    ):
        yield client, handler


def player(client: TestClient, name: str) -> str:
    made = client.post("/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    key: str = made.json()["key"]
    return key


def bearer(key: str) -> dict[str, str]:
    return {"authorization": f"Bearer {key}"}


def link(message: Message, kind: str) -> str:
    body = message.get_payload(decode=True)
    assert isinstance(body, bytes)
    found = re.search(rf"{BASE}(/mail/{kind}/\S+)", body.decode())
    assert found is not None, body
    return found.group(1)


def body(message: Message) -> str:
    raw = message.get_payload(decode=True)
    assert isinstance(raw, bytes)
    return raw.decode()


def opt_in(client: TestClient, inbox: Inbox, key: str, address: str, lang: str) -> str:
    """Give ``address``; returns the path of the confirmation link mailed to it."""
    given = client.put(
        "/api/players/me/mail", json={"address": address, "lang": lang}, headers=bearer(key)
    )
    assert given.status_code == 200, given.text
    assert given.json() == {"enabled": True, "address": address, "confirmed": False, "lang": lang}
    (confirmation,) = inbox.wait(address, 1)
    return link(confirmation, "confirm")


def table_of(
    client: TestClient, ada: str, bob: str, clock: dict[str, Any]
) -> tuple[str, dict[int, str]]:
    """Ada (player) and Bob (player) at a Halali table with this clock."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = client.post(
        "/api/tables",
        json={"game": "halali", "seats": seats, "name": "Ada", "clock": clock, "player": ada},
    ).json()
    tid = made["table"]["id"]
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bob", "player": bob}).json()
    return tid, {0: made["seat_token"], 1: joined["seat_token"]}


def mover(client: TestClient, tid: str) -> int:
    left = client.get(f"/api/tables/{tid}").json()["clock"]["left"]
    return next(seat for seat, s in enumerate(left) if s is not None)


def play(client: TestClient, tid: str, tokens: dict[int, str], seat: int) -> None:
    """One move for ``seat``, then its page closes (the seat goes offline)."""
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        view = hello(ws, tokens[seat])["view"]
        ws.send_json({"type": "act", "action": view["legal_actions"][0]})
        until(ws, "step")
    offline(client, tid, seat)


def offline(client: TestClient, tid: str, seat: int) -> None:
    """Wait until the server has noticed that ``seat``'s page closed."""
    for _ in range(100):
        if not client.get(f"/api/tables/{tid}").json()["seats"][seat]["online"]:
            return
        time.sleep(0.02)
    raise AssertionError("the seat stayed online")


def test_the_whole_opt_in_flow(mailing: tuple[TestClient, Inbox]) -> None:
    client, inbox = mailing
    ada, bob = player(client, "Ada"), player(client, "Bob")
    shown = client.get("/api/players/me/mail", headers=bearer(ada)).json()
    assert shown == {"enabled": True, "address": None, "confirmed": False, "lang": None}
    confirm = opt_in(client, inbox, ada, "ada@example.org", "de")
    (first,) = inbox.to("ada@example.org")
    assert first["Subject"] == "Bitte bestätige deine Adresse – spieltisch"
    assert first["From"] == "st@spiele.test"
    assert first["List-Unsubscribe"].startswith(f"<{BASE}/mail/unsubscribe/")
    # Bob gives an address but never confirms it: he gets nothing else, ever.
    opt_in(client, inbox, bob, "bob@example.org", "en")

    page = client.get(confirm)
    assert page.status_code == 200 and "Deine Adresse ist bestätigt" in page.text
    assert '<html lang="de">' in page.text
    assert client.get(confirm).status_code == 404  # one time only
    shown = client.get("/api/players/me/mail", headers=bearer(ada)).json()
    assert shown["confirmed"] is True

    tid, tokens = table_of(client, ada, bob, DAY)
    seats = {0: "ada@example.org", 1: "bob@example.org"}
    first_seat = mover(client, tid)
    expected = 1 + (first_seat == 0)  # the confirmation, and her first turn if she starts
    inbox.wait("ada@example.org", expected)
    for _ in range(3):  # three rounds: Ada has a turn mail for each of her turns
        for seat in (first_seat, 1 - first_seat):
            play(client, tid, tokens, seat)
            if seat == 1:
                expected += 1
                inbox.wait(seats[0], expected)
    time.sleep(0.3)
    turns = [m for m in inbox.to(seats[0]) if m["Subject"] == "Du bist am Zug: Halali!"]
    assert len(turns) == expected - 1 == len(inbox.to(seats[0])) - 1  # one per turn
    text = body(turns[-1])
    assert text.startswith("Hallo Ada,") and f"{BASE}/t/{tid}" in text
    assert "Abbestellen: " + BASE + "/mail/unsubscribe/" in text

    with client.websocket_connect(f"/ws/tables/{tid}") as ws:  # Bob resigns: game over
        hello(ws, tokens[1])
        ws.send_json({"type": "resign"})
        until(ws, "step")
    ends = inbox.wait(seats[0], expected + 1)
    assert ends[-1]["Subject"] == "Partie beendet: Halali!"
    assert len(inbox.to(seats[1])) == 1  # Bob: the confirmation only

    unsubscribe = link(ends[-1], "unsubscribe")
    page = client.get(unsubscribe)
    assert page.status_code == 200 and "Abbestellt" in page.text
    assert client.get("/api/players/me/mail", headers=bearer(ada)).json()["address"] is None
    assert client.get(unsubscribe).status_code == 404
    before = len(inbox.messages)
    tid, tokens = table_of(client, ada, bob, DAY)
    play(client, tid, tokens, mover(client, tid))
    time.sleep(0.3)
    assert len(inbox.messages) == before  # unsubscribed: nothing more


def test_links_cannot_be_forged(mailing: tuple[TestClient, Inbox]) -> None:
    client, inbox = mailing
    ada, eve = player(client, "Ada"), player(client, "Eve")
    confirm = opt_in(client, inbox, ada, "ada@example.org", "en")
    eves = opt_in(client, inbox, eve, "eve@example.org", "en")
    ada_id, eve_id = ada.split(".")[0], eve.split(".")[0]
    token = confirm.rsplit("/", 1)[1]
    _, nonce, signature = token.split(".")
    eve_token = eves.rsplit("/", 1)[1]
    forged = [
        f"{ada_id}.{nonce}.{'0' * 64}",  # a guessed signature
        f"{ada_id}.{nonce}.{signature[:-1]}{'a' if signature[-1] != 'a' else 'b'}",
        f"{ada_id}.{eve_token.split('.', 1)[1]}",  # Eve's nonce and signature, Ada's id
        f"{ada_id}.{nonce}",
        f"{ada_id}.{nonce}.{signature}.x",
        f"{ada_id}.ünïcode.{signature}",
        "nobody.0.0",
    ]
    for bad in forged:
        refused = client.get(f"/mail/confirm/{bad}")
        assert refused.status_code == 404, bad
        assert "not valid" in refused.text
    unsubscribes = [f"{ada_id}.{'0' * 64}", f"{ada_id}.{signature}", f"{eve_id}.{signature}"]
    for bad in unsubscribes:
        assert client.get(f"/mail/unsubscribe/{bad}").status_code == 404, bad
        assert client.post(f"/mail/unsubscribe/{bad}").status_code == 404, bad
    assert client.get("/api/players/me/mail", headers=bearer(ada)).json()["confirmed"] is False
    # A new address kills the old address's links.
    opt_in(client, inbox, ada, "ada@example.net", "en")
    assert client.get(confirm).status_code == 404


def test_no_mail_without_confirmation_or_for_live_tables(mailing: tuple[TestClient, Inbox]) -> None:
    client, inbox = mailing
    ada, bob = player(client, "Ada"), player(client, "Bob")
    client.get(opt_in(client, inbox, ada, "ada@example.org", "en"))
    opt_in(client, inbox, bob, "bob@example.org", "en")  # not confirmed
    tid, tokens = table_of(client, ada, bob, MINUTE)  # live play: no mails
    for _ in range(2):
        seat = mover(client, tid)
        play(client, tid, tokens, seat)
    time.sleep(0.3)
    assert len(inbox.to("ada@example.org")) == 1 and len(inbox.to("bob@example.org")) == 1


def test_bad_addresses_and_a_server_without_mail_are_refused(
    settings: Settings, mailing: tuple[TestClient, Inbox]
) -> None:
    client, inbox = mailing
    ada = player(client, "Ada")
    for bad in ("ada", "ada@example", "a b@example.org", "ada@example.org\r\nBcc: x@y.zz"):
        refused = client.put("/api/players/me/mail", json={"address": bad}, headers=bearer(ada))
        assert refused.status_code == 400
        assert refused.json()["error"]["code"] == "mail/bad_address"
    assert client.get("/api/players/me/mail").status_code == 401
    assert inbox.messages == []
    for n in range(4):  # three confirmations at once, then a pause
        given = client.put(
            "/api/players/me/mail", json={"address": f"v{n}@example.org"}, headers=bearer(ada)
        )
        assert given.status_code == (200 if n < 3 else 429)
    assert given.json()["error"]["code"] == "mail/too_many"
    with TestClient(create_app(settings)) as plain:
        key = player(plain, "Cleo")
        assert plain.get("/api/players/me/mail", headers=bearer(key)).json()["enabled"] is False
        refused = plain.put(
            "/api/players/me/mail", json={"address": "c@example.org"}, headers=bearer(key)
        )
        assert refused.json()["error"]["code"] == "mail/off"


def test_a_mail_server_that_is_down_never_stops_a_move(settings: Settings) -> None:
    down = dataclasses.replace(settings, smtp_url=f"smtp://127.0.0.1:{free_port()}")
    with TestClient(create_app(down, clock=SimClock(START))) as client:
        ada, bob = player(client, "Ada"), player(client, "Bob")
        given = client.put(
            "/api/players/me/mail", json={"address": "ada@example.org"}, headers=bearer(ada)
        )
        assert given.status_code == 200  # stored; the confirmation failed and was logged
        tid, tokens = table_of(client, ada, bob, DAY)
        play(client, tid, tokens, mover(client, tid))
        assert client.get(f"/api/tables/{tid}").json()["plies"] == 1


def test_a_kalooki_turn_of_several_steps_is_one_mail(mailing: tuple[TestClient, Inbox]) -> None:
    """Bob draws, perhaps melds, and discards: Ada's turn comes once, one mail."""
    client, inbox = mailing
    ada, bob = player(client, "Ada"), player(client, "Bob")
    client.get(opt_in(client, inbox, ada, "ada@example.org", "en"))
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = client.post(
        "/api/tables",
        json={"game": "kalooki", "seats": seats, "name": "Ada", "clock": DAY, "player": ada},
    ).json()
    tid = made["table"]["id"]
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bob", "player": bob}).json()
    tokens = {0: made["seat_token"], 1: joined["seat_token"]}
    if mover(client, tid) == 0:  # Ada starts: her whole turn, with her page open
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            view = hello(ws, tokens[0])["view"]
            while mover(client, tid) == 0:
                ws.send_json({"type": "act", "action": view["legal_actions"][-1]})
                view = until(ws, "step")["view"]
        offline(client, tid, 0)
    before = len(inbox.to("ada@example.org"))
    steps = 0
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        view = hello(ws, tokens[1])["view"]
        while mover(client, tid) == 1:
            ws.send_json({"type": "act", "action": view["legal_actions"][-1]})
            view = until(ws, "step")["view"]
            steps += 1
    assert steps >= 2  # a draw and a discard at least
    inbox.wait("ada@example.org", before + 1)
    time.sleep(0.3)
    assert len(inbox.to("ada@example.org")) == before + 1
