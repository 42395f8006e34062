"""A signed-in player's seat follows her: Ada plays a Halali table on her desktop, signs
in with name and password on her phone (a second browser context, German), finds the
table under "Meine Tische", plays her move there, and the desktop, still open, sees it
and stays her seat. A guest is told that his seat lives in his browser only.

Screenshots of "Meine Tische" on the second device go to ``artifacts/``, and with
``SPIELTISCH_DOCS_SHOTS=1`` to ``docs/screenshots/`` (as in ``test_players_browser``).
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import docs_shot, new_page, remember_seat

PASSWORD = "Rotkäppchen-1"


def _table(server: Server) -> tuple[str, dict[str, Any], str]:
    """A running Halali table of players Ada (seat 0, with a password) and Bob (seat 1):
    its id, Ada's identity and her desktop's seat token."""
    ada = httpx.post(f"{server.base}/api/players", json={"name": "Ada", "password": PASSWORD})
    bob = httpx.post(f"{server.base}/api/players", json={"name": "Bob"})
    assert ada.status_code == bob.status_code == 201, (ada.text, bob.text)
    body = {"game": "halali", "seats": [{"kind": "human"}] * 2, "name": "Ada"}
    made = httpx.post(f"{server.base}/api/tables", json={**body, "player": ada.json()["key"]})
    tid = made.json()["table"]["id"]
    joined = httpx.post(
        f"{server.base}/api/tables/{tid}/join", json={"name": "Bob", "player": bob.json()["key"]}
    )
    assert joined.status_code == 200, joined.text
    return tid, ada.json(), made.json()["seat_token"]


def _signed_in(page: Any, identity: dict[str, Any]) -> None:
    player = {"id": identity["player"]["id"], "name": "Ada", "key": identity["key"]}
    page.context.add_init_script(
        f"localStorage.setItem('spieltisch.player', {json.dumps(json.dumps(player))})"
    )


@pytest.mark.slow
def test_a_signed_in_player_continues_her_game_on_a_second_device(
    server: Server, browser: Any
) -> None:
    tid, ada, token = _table(server)
    desk = new_page(browser, "de")
    _signed_in(desk, ada)
    remember_seat(desk, tid, 0, token)
    desk.goto(f"{server.base}/t/{tid}")
    desk.locator("#status .myturn").wait_for(timeout=15000)

    for lang, mobile in (("de", True), ("de", False), ("en", True), ("en", False)):
        device = new_page(browser, lang, mobile=mobile)
        device.goto(f"{server.base}/players")
        device.fill("#login-name", "Ada")
        device.fill("#login-password", PASSWORD)
        device.click("#player-login button[type=submit]")
        device.locator("#profile-name", has_text="Ada").wait_for(timeout=15000)
        device.click("a.brand")
        row = device.locator(f"#my-tables li[data-table='{tid}']")
        row.wait_for(timeout=15000)
        assert ("Weiterspielen" if lang == "de" else "Resume") in row.inner_text()
        assert device.locator("#guest-seats").count() == 0  # she is no guest here
        docs_shot(device, f"seat-follows-{lang}-{'phone' if mobile else 'desktop'}", full_page=True)
        if (lang, mobile) != ("de", True):
            device.context.close()
            continue
        # The phone plays Ada's seat: the server gave this browser a token of its own.
        row.locator("a").click()
        device.locator("#status .myturn", has_text="Du bist am Zug").wait_for(timeout=15000)
        assert device.locator(".seats-list .badge", has_text="Du").count() == 1
        held = device.evaluate(f"JSON.parse(localStorage.getItem('spieltisch.seat.{tid}'))")
        assert held["seat"] == 0 and held["token"] != token
        assert tid in device.url and held["token"] not in device.url
        device.focus("g.sq.flippable")  # her move, on the phone: flip a tile
        device.keyboard.press("Enter")
        device.locator("#log li").first.wait_for(timeout=15000)
        # The desktop, still open, saw the move and is still her seat.
        desk.locator("#log li").first.wait_for(timeout=15000)
        assert desk.locator(".seats-list .badge", has_text="Du").count() == 1
        assert not device.errors
        device.context.close()
    assert not desk.errors


def test_a_guest_is_told_his_seat_lives_in_this_browser(server: Server, browser: Any) -> None:
    for lang, words in (("de", "nur in diesem Browser"), ("en", "in this browser only")):
        seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
        r = httpx.post(
            f"{server.base}/api/tables", json={"game": "halali", "seats": seats, "name": "Gast"}
        )
        assert r.status_code == 201, r.text
        made = r.json()
        page = new_page(browser, lang, mobile=True)
        remember_seat(page, made["table"]["id"], 0, made["seat_token"])
        page.goto(f"{server.base}/t/{made['table']['id']}")
        assert words in page.locator("#guest-seat").inner_text(timeout=15000)
        page.click("a.brand")
        assert words in page.locator("#guest-seats").inner_text(timeout=15000)
        assert not page.errors
        page.context.close()
