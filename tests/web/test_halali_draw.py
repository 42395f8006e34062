"""HA-R11 in the browser, in German: one seat offers a draw on the Halali table page, the
other accepts it on the page, and the match ends drawn by agreement (screenshots of the
offer on a desktop and a phone)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import new_page, remember_seat


def _seated(browser: Any, server: Server, tid: str, seat: int, token: str, mobile: bool) -> Any:
    page = new_page(browser, "de", mobile=mobile)
    remember_seat(page, tid, seat, token)
    page.goto(f"{server.base}/t/{tid}")
    return page


@pytest.mark.slow
def test_HA_R11_a_draw_offered_and_accepted_on_the_page_ends_the_match_drawn(
    server: Server, browser: Any
) -> None:
    made = httpx.post(
        f"{server.base}/api/tables",
        json={
            "game": "halali",
            "seats": [{"kind": "human"}] * 2,
            "name": "Ada",
            "options": {"variant": "brettspielnetz"},
        },
    ).json()
    tid = made["table"]["id"]
    bob = httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"}).json()
    ada = _seated(browser, server, tid, 0, made["seat_token"], mobile=False)
    other = _seated(browser, server, tid, 1, bob["seat_token"], mobile=True)
    ada.locator("#offer-draw", has_text="Remis anbieten").click(timeout=15000)
    ada.locator("#draw-offer", has_text="warte auf die Antwort").wait_for(timeout=15000)
    other.locator("#draw-offer", has_text="Ada bietet dir Remis an").wait_for(timeout=15000)
    ada.screenshot(path="/tmp/halali-draw-desktop-de.png", full_page=True)
    other.screenshot(path="/tmp/halali-draw-phone-de.png", full_page=True)
    other.click("#accept-draw")
    for page in (ada, other):
        page.locator("#status", has_text="Spiel beendet").wait_for(timeout=15000)
        assert page.locator("#offer-draw").count() == 0
        assert "nimmt das Remis an" in page.inner_text("#log")
        assert not page.errors, page.errors
    ada.screenshot(path="/tmp/halali-draw-over-desktop-de.png", full_page=True)
    summary = httpx.get(f"{server.base}/api/tables/{tid}").json()
    assert summary["result"]["reason"] == "agreed"
    assert summary["result"]["ranks"] == [1, 1]
    for page in (ada, other):
        page.context.close()
