"""The leaderboard of a game that is not rated (Halli Galli, played in real time) names
the game by its title and says in words why there is no list: no code name, no error."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from tests.server.procserver import Server

from .conftest import docs_shot, new_page

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_halligalli_leaderboard_says_it_is_not_rated(
    server: Server, browser: Any, lang: str, phone: bool
) -> None:
    page = new_page(browser, lang, mobile=phone)
    page.goto(f"{server.base}/ratings/halligalli")
    page.wait_for_selector("#unrated")
    text = page.inner_text("main")
    assert "Halli-Galli-Extreem" in page.inner_text("h1")
    assert "halligalli" not in text
    assert page.locator(".error").count() == 0
    words = {"de": "nicht gewertet", "en": "not rated"}[lang]
    assert words in page.inner_text("#unrated")
    view = "phone" if phone else "desktop"
    docs_shot(page, f"leaderboard-halligalli-{lang}-{view}")
    assert not page.errors
