"""Numbers read as each language writes them: money at a Kalooki ring table ("Pot 30,00"
in German, "Pot 30.00" in English) and the Halli Galli coach's chance ("12,5 %")."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import new_page, remember_seat, shot


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "pot"), [("de", "30,00"), ("en", "30.00")])
def test_the_pot_in_each_language(server: Server, browser: Any, lang: str, pot: str) -> None:
    bots = [{"kind": "bot", "level": "rules"}] * 2
    made = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "kalooki", "seats": [{"kind": "human"}, *bots], "name": "Ada"},
    ).json()
    tid = made["table"]["id"]
    page = new_page(browser, lang, mobile=True, touch=True)
    remember_seat(page, tid, 0, made["seat_token"])
    page.goto(f"{server.base}/t/{tid}")
    page.wait_for_selector("#ka-info")
    assert f"Pot {pot}" in page.inner_text("#ka-info")
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.slow
def test_the_halligalli_coach_in_german(server: Server, browser: Any) -> None:
    """The coach's chance reads "12,5 %" on a German phone, never "12.5 %"."""
    bots = [{"kind": "bot", "level": "beginner"}] * 2
    made = httpx.post(
        f"{server.base}/api/tables",
        json={
            "game": "halligalli",
            "seats": [{"kind": "human"}, *bots],
            "name": "Ada",
            "options": {"coach": True},
        },
    ).json()
    tid = made["table"]["id"]
    page = new_page(browser, "de", mobile=True, touch=True)
    remember_seat(page, tid, 0, made["seat_token"])
    page.goto(f"{server.base}/t/{tid}")
    coach = page.locator("#hg-coach", has_text="%")
    for _ in range(300):  # the coach speaks once a card lies open; Ada may be first to flip
        if coach.count():
            break
        if page.locator("#hg-flip-btn:enabled").count():
            page.click("#hg-flip-btn")
        page.wait_for_timeout(100)
    coach.wait_for(timeout=5000)
    text = page.inner_text("#hg-coach")
    assert re.search(r"\d+,\d %", text), text
    assert not re.search(r"\d\.\d", text), text
    shot(page, "halligalli-coach-de-phone")
    assert not page.errors, page.errors
    page.context.close()
