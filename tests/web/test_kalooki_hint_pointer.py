"""Kalooki's hint for choosing cards names the gesture the screen has: "anklicken" with a
mouse on a desktop, "antippen" with a finger on a phone (German pages)."""

from __future__ import annotations

import shutil
from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import new_page, remember_seat, shot

pytestmark = pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("phone", "says", "never"),
    [(False, "Karten anklicken", "antippen"), (True, "Karten antippen", "anklicken")],
)
def test_the_select_hint_names_click_or_tap(
    server: Server, browser: Any, phone: bool, says: str, never: str
) -> None:
    bots = [{"kind": "bot", "level": "rules"}] * 2
    made = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "kalooki", "seats": [{"kind": "human"}, *bots], "name": "Ada"},
    ).json()
    tid = made["table"]["id"]
    page = new_page(browser, "de", mobile=phone, touch=phone)
    remember_seat(page, tid, 0, made["seat_token"])
    page.goto(f"{server.base}/t/{tid}")
    page.locator("#draw-stock:enabled").wait_for(timeout=30000)  # Ada's turn: draw first
    page.click("#draw-stock")
    hint = page.locator(".mine .prompt.muted")
    hint.wait_for(timeout=10000)
    text = hint.inner_text()
    assert says in text, text
    assert never not in text, text
    shot(page, f"kalooki-hint-de-{'phone' if phone else 'desktop'}")
    assert not page.errors, page.errors
    page.context.close()
