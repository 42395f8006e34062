"""When another player's time runs out, the table says so (in German): his seat does not
just turn into a bot without a word."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import new_page, remember_seat, shot


@pytest.mark.slow
def test_the_others_hear_that_a_seat_timed_out(server: Server, browser: Any) -> None:
    made = httpx.post(
        f"{server.base}/api/tables",
        json={
            "game": "halali",
            "seats": [{"kind": "human"}] * 2,
            "name": "Bob",
            "clock": {"mode": "move", "seconds": 10},
        },
    ).json()
    tid = made["table"]["id"]
    ada = httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Ada"}).json()
    page = new_page(browser, "de", mobile=True, touch=True)
    remember_seat(page, tid, ada["seat"], ada["seat_token"])
    page.goto(f"{server.base}/t/{tid}")
    page.locator("#status", has_text="Bob ist am Zug").wait_for(timeout=15000)
    # Bob never comes back to the table: after 10 s a bot plays his seat.
    note = page.locator("#toast", has_text="Die Bedenkzeit von Bob ist abgelaufen")
    note.wait_for(timeout=20000)
    assert "Regelbot" in note.inner_text() or "Zufall" in note.inner_text()
    # The log names the seat once, with its colour inside the bracket.
    page.locator("#log", has_text="Bob (Bot: Regelbot, Blau)").wait_for(timeout=15000)
    assert ") (" not in page.inner_text("#log")
    shot(page, "timeout-toast-de-phone")
    assert not page.errors, page.errors
    page.context.close()
