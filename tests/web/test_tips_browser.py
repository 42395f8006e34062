"""The first real game after a lesson gives tips: "Jetzt spielen" opens a table against
the rules bot whose "Tipp" button shows the rules bot's move in the page's words.

``SPIELTISCH_DOCS_SHOTS=1`` copies the phone screenshots (German and English) to
``docs/screenshots/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.server.procserver import Server
from tests.web.conftest import ARTIFACTS, new_page, to_docs

SAYS = {"de": "Der Regel-Bot würde:", "en": "The rules bot would play:"}
RAW = re.compile(r"undefined|null|tip\.")
"""A key or a missing word where the page's words belong."""
NOTATION = re.compile(r"^[a-i][1-9]-[a-i][1-9]$|^flip |^draw |^discard |^meld ")
"""The games' notation, which a German page never shows (English words may match it)."""

pytestmark = pytest.mark.slow


def _first_game(page: Any, server: Server, game: str) -> str:
    """The lesson marked done, then "play now": the new table's id."""
    page.goto(f"{server.base}/learn/{game}")
    page.wait_for_selector("#lesson-text")
    page.evaluate(f"localStorage.setItem('spieltisch.lesson.{game}', '{{\"done\": true}}')")
    page.reload()
    page.locator("#lesson-play-now").tap()
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#board")
    table: str = page.url.rsplit("/", 1)[1]
    return table


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", ["halali", "kalooki"])
def test_the_first_game_after_a_lesson_shows_a_tip_in_the_pages_words(
    browser: Any, server: Server, game: str, lang: str
) -> None:
    page = new_page(browser, lang, mobile=True, touch=True)
    table = _first_game(page, server, game)
    assert page.request.get(f"{server.base}/api/tables/{table}/tips").json() == {"tips": True}
    page.wait_for_selector("#tip-ask", timeout=20000)  # the bot may move first
    assert page.locator("#tip-ask").inner_text().strip() == ("Tipp" if lang == "de" else "Hint")
    page.locator("#tip-ask").tap()
    said = page.locator("#tip-text")
    said.wait_for()
    text = said.inner_text().strip()
    assert text.startswith(SAYS[lang])
    move = text.removeprefix(SAYS[lang]).strip()
    assert move and RAW.search(move) is None, move
    if lang == "de":
        assert NOTATION.search(move) is None, move
    if game == "halali":  # the squares of the move are marked on the board
        assert page.locator("#board .tip").count() in (1, 2)
    name = f"tip-{game}-{lang}-phone"
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#tip").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    to_docs(ARTIFACTS / f"{name}.png")
    assert not page.errors, page.errors
    page.context.close()
