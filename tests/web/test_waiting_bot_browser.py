"""The host of a table whose friend never came seats a bot from the waiting page."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import new_page, remember_seat, shot


@pytest.mark.slow
def test_the_host_seats_a_bot_and_the_board_appears(server: Server, browser: Any) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = httpx.post(
        f"{server.base}/api/tables", json={"game": "halali", "seats": seats, "name": "Ada"}
    ).json()
    tid = made["table"]["id"]
    page = new_page(browser, "de", mobile=True)
    remember_seat(page, tid, 0, made["seat_token"], made["host_token"])
    page.goto(f"{server.base}/t/{tid}")
    button = page.locator("#seat-bot-1")
    button.wait_for(timeout=15000)
    assert button.inner_text() == "Bot setzen"
    assert page.locator("#seat-bot-0").count() == 0  # the host's own seat is taken
    level = page.locator("#seat-level-1")
    assert "Zufall" in level.inner_text()
    level.select_option("rules")
    shot(page, "waiting-seat-bot-de-phone")
    button.click()
    page.wait_for_selector(".board", timeout=15000)
    button.wait_for(state="detached", timeout=15000)
    shot(page, "waiting-seat-bot-started-de-phone")
    table = httpx.get(f"{server.base}/api/tables/{tid}").json()
    assert table["status"] == "running"
    assert table["seats"][1]["kind"] == "bot" and table["seats"][1]["level"] == "rules"
    assert page.errors == []
