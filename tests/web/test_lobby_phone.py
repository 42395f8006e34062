"""The lobby on a phone, in German: the tables I play at come before the form for a new
one, and a badge such as "wartet auf dich · 0:58" or a time like "24 h" never breaks
across lines."""

from __future__ import annotations

import shutil
from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import shot
from .test_chat_lobby_browser import _lobby, site  # noqa: F401

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]


def _top(page: Any, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return float(box["y"])


def test_my_waiting_table_comes_first_and_its_badge_stays_whole(
    browser: Any,
    site: Server,  # noqa: F811
) -> None:
    made = httpx.post(
        f"{site.base}/api/tables",
        json={
            "game": "halali",
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "name": "Ada",
            "clock": {"mode": "move", "seconds": 60},
        },
    ).json()
    tid = made["table"]["id"]
    httpx.post(f"{site.base}/api/tables/{tid}/join", json={"name": "Bruno"}).raise_for_status()
    tokens = {f"spieltisch.seat.{tid}": f'{{"seat": 0, "token": "{made["seat_token"]}"}}'}
    page = _lobby(browser, site, "de", tokens, mobile=True, touch=True)
    badge = page.locator(f'#my-tables [data-waits="{tid}"]')
    badge.wait_for()
    assert "wartet auf dich" in badge.inner_text()
    shot(page, "lobby-phone-de-waiting-first")
    assert _top(page, "#my-tables") < _top(page, ".create")
    assert badge.evaluate("b => b.getClientRects().length") == 1, "the badge broke in two"
    assert "24\u00a0h" in page.inner_text("#open-ttl")
    assert not page.errors, page.errors
    page.context.close()
    # A browser without tables of its own starts with the form.
    fresh = _lobby(browser, site, "de", {}, mobile=True, touch=True)
    assert _top(fresh, ".create") < _top(fresh, "#my-tables")
    assert not fresh.errors, fresh.errors
    fresh.context.close()
