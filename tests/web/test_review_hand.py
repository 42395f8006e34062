"""The analysis of a finished card game shows the analysed seat's hand, to that seat only.

Ada and Bruno played a whole Kalooki game (rules bots' moves, stored as the server would
have). Ada opens her analysis on the replay page with her seat token: the board shows her
13 cards, a click on a decision shows that position as she saw it with the played and the
better move lit in her hand, and the position's link carries no token. A spectator on the
same page sees no hand, in German and English, on a desktop and a phone.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from spieltisch.store import Store
from tests.server.procserver import Server

from .conftest import docs_shot, new_page, remember_seat, shot
from .finished import bot_record, store_finished_people

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]

TID = "ka-analyse"
TOKENS = ["ada-token-of-the-kalooki-analysis", "bruno-token-of-the-kalooki-analysis"]
REVIEW_WAIT = 240_000
"""Milliseconds the review may take on a busy machine."""


@pytest.fixture(scope="module")
def hand_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    url = f"sqlite:///{tmp_path_factory.mktemp('hand') / 'web.db'}"
    store = Store(url)
    store_finished_people(store, TID, bot_record("kalooki", {}, 2, 5), TOKENS)
    store.close()
    srv = Server(url, bot_delay=0.05, env={"SPIELTISCH_REVIEW_WORLDS": "2"})
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.mark.parametrize(("lang", "phone"), [("de", False), ("en", True)])
def test_the_review_of_a_kalooki_game_shows_the_seats_13_cards(
    hand_server: Server, browser: Any, lang: str, phone: bool
) -> None:
    page = new_page(browser, lang, mobile=phone)
    remember_seat(page, TID, 0, TOKENS[0])
    page.goto(f"{hand_server.base}/replay/{TID}?review=0")
    page.wait_for_selector("#board #hand .pcard[data-card]")
    assert page.locator("#board #hand .pcard[data-card]").count() == 13
    assert page.get_attribute("#board", "data-viewer") == "0"
    page.locator("#review-list").wait_for(state="attached", timeout=REVIEW_WAIT)
    if page.locator("#review-all").count():  # every decision, not only the marked ones
        page.click("#review-all")

    decision = page.locator(".rv-decision[data-ply]:has(.rv-better)").first
    ply = int(decision.get_attribute("data-ply") or "0")
    decision.click()
    page.wait_for_function(
        f"() => document.querySelector('#replay-slider').value === '{ply}'", timeout=15000
    )
    page.wait_for_selector("#board .mv-played")
    assert page.locator("#board #hand .pcard[data-card]").count() >= 1
    assert page.locator("#move-legend").is_visible()
    view = "phone" if phone else "desktop"
    shot(page, f"review-hand-kalooki-{lang}-{view}")
    page.evaluate("window.scrollTo(0, 0)")
    docs_shot(page, f"review-hand-kalooki-{lang}-{view}")

    page.click("#position-link")
    url = page.input_value("#position-url")
    assert url.endswith(f"/replay/{TID}?ply={ply}&review=0"), url
    assert not any(token in url for token in TOKENS)
    assert not re.search(r"token|key", url)
    assert page.errors == []


def test_a_spectator_sees_no_hand_in_the_replay(hand_server: Server, browser: Any) -> None:
    page = new_page(browser, "de")
    page.goto(f"{hand_server.base}/replay/{TID}?review=0&ply=3")
    page.wait_for_selector("#board .cardtable")
    assert page.locator("#board #hand").count() == 0
    assert page.get_attribute("#board", "data-viewer") == ""
    assert page.errors == []
