"""A player whose seat the host handed to a bot sees a control to take it back."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import new_page, remember_seat


@pytest.mark.slow
def test_the_player_takes_the_seat_back_from_the_bot(server: Server, browser: Any) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = httpx.post(
        f"{server.base}/api/tables", json={"game": "halali", "seats": seats, "name": "Ada"}
    ).json()
    tid = made["table"]["id"]
    bob = httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"}).json()
    handed = httpx.post(  # Bob is away: the host may let a bot play for him
        f"{server.base}/api/tables/{tid}/seats/1/bot",
        json={"level": "random"},
        headers={"authorization": f"Bearer {made['host_token']}"},
    )
    assert handed.status_code == 200
    page = new_page(browser, "de")
    remember_seat(page, tid, 1, bob["seat_token"])
    page.goto(f"{server.base}/t/{tid}")
    button = page.locator("#take-seat-back")
    button.wait_for(timeout=15000)
    assert button.inner_text() == "Meinen Platz zurücknehmen"
    button.click()
    button.wait_for(state="detached", timeout=15000)
    table = httpx.get(f"{server.base}/api/tables/{tid}").json()
    assert table["seats"][1]["kind"] == "human"
    assert page.errors == []
