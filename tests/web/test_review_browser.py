"""A player finishes a game, opens "Analyse" and reads what the review says (German).

Ada and Bob have played twelve Halali moves (random bots' moves, stored as the server
would have); Ada resigns on her German desktop page (HA-R9), which ends the game. On the
result screen she opens "Analyse": the review of her seat runs in the server's worker
(two sampled worlds per decision, so it is quick), then her marked mistakes show with
the better move in the table's words, the chances to win with their uncertainty, the
counts and the chart. A click on a mistake shows that position in the replay.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from spieltisch.store import Store
from tests.server.procserver import Server

from .conftest import docs_shot, new_page, remember_seat, shot
from .finished import bot_record, store_running

TID = "analyse1"
TOKENS = ["ada-token-for-the-analysis-test", "bob-token-for-the-analysis-test"]
SEED, MOVES = 4, 12
"""Random bots' Halali of seed 4, first twelve moves: Ada's review (two worlds, the
review seed of this table) marks two of her flips as mistakes."""
REVIEW_WAIT = 240_000
"""Milliseconds the review may take on a busy machine."""


@pytest.fixture(scope="module")
def review_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    url = f"sqlite:///{tmp_path_factory.mktemp('review') / 'web.db'}"
    record = bot_record("halali", {}, 2, SEED, level="random")
    store = Store(url)
    store_running(store, TID, {**record, "actions": record["actions"][:MOVES]}, TOKENS)
    store.close()
    srv = Server(url, bot_delay=0.05, env={"SPIELTISCH_REVIEW_WORLDS": "2"})
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.mark.slow
def test_a_player_finishes_a_game_and_reads_her_analysis_in_german(
    review_server: Server, browser: Any
) -> None:
    page = new_page(browser, "de")
    remember_seat(page, TID, 0, TOKENS[0])
    page.goto(f"{review_server.base}/t/{TID}")

    page.click("#resign", timeout=15000)
    page.click("#resign-yes")
    page.locator("#status", has_text="Spiel beendet").wait_for(timeout=15000)
    button = page.locator("#to-review")
    assert button.inner_text() == "Analyse"
    shot(page, "review-result-de")
    button.click()

    page.wait_for_url(f"**/replay/{TID}?review=0")
    review = page.locator("#review")
    review.locator("h2", has_text="Analyse: Ada").wait_for(timeout=15000)
    page.locator("#review-list").wait_for(timeout=REVIEW_WAIT)
    shot(page, "review-browser-de")

    text = review.inner_text()
    assert "undefined" not in text and "null" not in text
    assert "Fehler" in text and "Gewinnchance" in text
    mistakes = review.locator(".rv-decision[data-class='mistake']")
    assert mistakes.count() == 2
    first = mistakes.first
    words = first.inner_text()
    assert "?" in first.locator(".rv-mark").inner_text()
    assert "Besser:" in words and "Gespielt:" in words
    assert "\u00a0%\u00a0±\u00a0" in words  # "54 % ± 4", kept on one line
    # The move played in the table's words; the better flip names no tile Ada never saw.
    assert "Ada (Blau) deckt" in words or "Ada (Braun) deckt" in words
    assert "flip" not in words

    # The chance to win over the game, with the mistakes as dots on it.
    chart = page.locator("#review-chart")
    assert chart.get_attribute("aria-label") == "Geschätzte Gewinnchance im Lauf des Spiels"
    assert chart.locator("polyline.rv-line").count() == 1
    assert chart.locator("circle.rv-mistake").count() == 2
    assert review.locator("#review-summary [data-class='mistake'] b").inner_text() == "2"

    # A click shows the position before that move in the replay.
    ply = int(first.get_attribute("data-ply") or "0")
    first.click()
    page.wait_for_function(
        f"() => document.querySelector('#replay-slider').value === '{ply}'", timeout=15000
    )
    # The played and the better move marked on the board: a ring or an arrow each.
    page.wait_for_selector("#board svg.board g.mv-played")
    assert page.locator("#board svg.board g.mv-better").count() == 1
    assert page.get_attribute("#board", "data-viewer") == "0"  # as Ada saw it
    page.evaluate("window.scrollTo(0, 0)")
    docs_shot(page, "review-marks-halali-de-desktop")
    assert page.errors == []
