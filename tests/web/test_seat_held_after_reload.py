"""A player whose time ran out while his page was closed comes back (in German, on a
phone): the page says a bot plays his seat and takes it back with one tap."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import new_page, remember_seat


@pytest.mark.slow
def test_coming_back_to_a_seat_a_bot_holds(server: Server, browser: Any) -> None:
    made = httpx.post(
        f"{server.base}/api/tables",
        json={
            "game": "halali",
            "seats": [{"kind": "human"}] * 2,
            "name": "Ada",
            "clock": {"mode": "move", "seconds": 10},
        },
    ).json()
    tid = made["table"]["id"]
    httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"}).raise_for_status()
    deadline = time.monotonic() + 30
    while httpx.get(f"{server.base}/api/tables/{tid}").json()["seats"][0]["kind"] != "bot":
        assert time.monotonic() < deadline, "Ada's time never ran out"
        time.sleep(0.5)
    page = new_page(browser, "de", mobile=True, touch=True)
    remember_seat(page, tid, 0, made["seat_token"])
    page.goto(f"{server.base}/t/{tid}")
    note = page.locator("#timed-out")
    note.wait_for(timeout=15000)
    assert "Ein Bot spielt gerade deinen Platz" in note.inner_text()
    note.locator("button").click()
    note.wait_for(state="detached", timeout=15000)
    assert httpx.get(f"{server.base}/api/tables/{tid}").json()["seats"][0]["kind"] == "human"
    assert not page.errors, page.errors
    page.context.close()
