"""A table waiting for players, in German: a free seat reads "Platz 2 · frei" (not "Gast"),
and the chat offers to mute only people, not free seats or bots."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import new_page, remember_seat


def _mutable(page: Any) -> list[str]:
    return [str(x).strip() for x in page.locator("#chat-mute label").all_inner_texts()]


@pytest.mark.slow
def test_a_free_seat_is_a_seat_and_only_people_can_be_muted(server: Server, browser: Any) -> None:
    bots = [{"kind": "bot", "level": "rules"}] * 3
    made = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "hydra", "seats": [{"kind": "human"}] * 2 + bots, "name": "Ada"},
    ).json()
    tid = made["table"]["id"]
    page = new_page(browser, "de", mobile=True, touch=True)
    remember_seat(page, tid, 0, made["seat_token"])
    page.goto(f"{server.base}/t/{tid}")
    page.wait_for_selector(".seats-list li")
    page.wait_for_selector("#chat-input")
    seats = page.locator(".seats-list li").all_inner_texts()
    assert "Platz 2" in seats[1] and "frei" in seats[1]
    assert not any("Gast" in s for s in seats), seats
    assert page.locator("#chat-mute").is_hidden()  # nobody else to mute yet
    httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"}).raise_for_status()
    page.locator("#chat-mute").wait_for(state="visible", timeout=15000)
    page.click("#chat-mute summary")
    assert _mutable(page) == ["Bob"]
    assert not page.errors, page.errors
    page.context.close()
