"""Halli Galli's ring news and the coach's line are shown whole: the coach has its own row
under the bell, and the news box is never a box that cuts its lines off."""

from __future__ import annotations

import contextlib
import shutil
from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import docs_shot, new_page, remember_seat

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]


def flip_until_news(page: Any) -> None:
    """Turn up cards on Ada's turns until a ring's news shows."""
    for _ in range(400):
        if page.locator("#hg-result").count():
            return
        if page.locator(".hg-flip-btn:enabled").count():
            # The board may be redrawn under the click: the next round tries again.
            with contextlib.suppress(Exception):
                page.click(".hg-flip-btn:enabled", timeout=500)
        page.wait_for_timeout(200)
    raise AssertionError("no ring in 80 s")


@pytest.mark.parametrize(("lang", "phone"), [("de", True), ("en", False)])
def test_ring_news_and_coach_line_are_whole(
    server: Server, browser: Any, lang: str, phone: bool
) -> None:
    seats = [{"kind": "human"}, *[{"kind": "bot", "level": "average"}] * 2]
    made = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "halligalli", "options": {"coach": True}, "seats": seats, "name": "Ada"},
    ).json()
    page = new_page(browser, lang, mobile=phone)
    remember_seat(page, made["table"]["id"], 0, made["seat_token"])
    page.goto(f"{server.base}/t/{made['table']['id']}")
    page.wait_for_selector("#hg-coach")
    flip_until_news(page)
    found = page.evaluate(
        "(() => { const i = document.querySelector('.hg-info');"
        " const c = document.querySelector('#hg-coach');"
        " return {inside: i.contains(c), overflow: getComputedStyle(i).overflowY,"
        " cut: i.scrollHeight > i.clientHeight + 1,"
        " coach: c.scrollWidth <= c.clientWidth + 1}; })()"
    )
    assert found == {"inside": False, "overflow": "visible", "cut": False, "coach": True}, found
    page.evaluate("document.querySelector('.hg-centre').scrollIntoView({block: 'center'})")
    view = "phone" if phone else "desktop"
    docs_shot(page, f"halligalli-news-{lang}-{view}")
    assert not page.errors
