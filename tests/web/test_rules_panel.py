"""The rules panel at the table: a refusal's rule id opens the rule's German text on a
German page; every game's panel in German and English, on a desktop and a phone, shows
only its page's language and opens and closes without covering the board for good."""

from __future__ import annotations

import shutil
from typing import Any

import httpx
import pytest

import spieltisch
from tests.server.procserver import Server

from .conftest import ARTIFACTS, new_page
from .test_refusals_de import create_table, send_move

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]


def shot(page: Any, name: str) -> None:
    """The screen as the player sees it: the panel is fixed to the viewport."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


PLAYERS = {"halali": 2, "halligalli": 3, "hydra": 5, "kalooki": 2}
DRAWN = {
    "halali": ("svg.swatch", 7),
    "halligalli": (".hg-legend-felt", 2),
    "hydra": (".legend-card", 1),
}
"""The marks each game's browser module draws into its legend, and how many."""


def test_a_refusals_rule_id_opens_its_german_text_in_the_panel(
    browser: Any, server: Server
) -> None:
    page = new_page(browser, "de", mobile=True)
    create_table(page, server, "halali", 2)
    page.wait_for_selector("#status .myturn")
    assert page.is_hidden("#rules")
    send_move(page, "flip e5")  # the empty centre: HA §1
    page.wait_for_selector("#refusal:not([hidden]) .rule-link")
    shot(page, "rules-refusal-halali-de-phone-closed")
    page.click("#refusal .rule-link")
    page.wait_for_selector("#rules:not([hidden]) .rule.current")
    current = page.locator("#rules .rule.current")
    assert current.get_attribute("data-rule") == "HA §1"
    text = spieltisch.load("halali").info.rule_texts["HA §1"].de
    assert current.locator("dd").inner_text() == text
    assert current.is_visible() and current.bounding_box()["y"] < 844  # scrolled to it
    assert page.inner_text("#rules-title") == "Regeln: Halali!"
    shot(page, "rules-refusal-halali-de-phone")
    # The board's marks are drawn in the legend as the board draws them.
    assert page.locator('#rules [data-key="legend"] svg.swatch').count() == 7
    # A rule id inside the panel jumps to that rule too.
    page.click('#rules [data-key="special"] .rule-link[data-rule="HA-R5"]')
    assert page.locator("#rules .rule.current").get_attribute("data-rule") == "HA-R5"
    page.click("#rules-close")
    assert page.is_hidden("#rules")
    assert page.get_attribute("#rules-open", "aria-expanded") == "false"
    page.click("#rules-open")
    assert page.is_visible("#rules")
    assert page.get_attribute("#rules-open", "aria-expanded") == "true"
    page.keyboard.press("Escape")
    assert page.is_hidden("#rules")
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("game", list(PLAYERS))
def test_every_games_panel_in_both_languages_on_desktop_and_phone(
    browser: Any, server: Server, game: str
) -> None:
    host = new_page(browser, "de")
    create_table(host, server, game, PLAYERS[game])
    url = host.url
    guide = httpx.get(f"{server.base}/api/games/{game}/rules").json()
    for lang in ("de", "en"):
        other = guide["en" if lang == "de" else "de"]
        foreign = {s["title"] for s in other["sections"]} - {
            s["title"] for s in guide[lang]["sections"]
        }
        for mobile in (False, True):
            page = new_page(browser, lang, mobile=mobile)
            page.goto(url)
            page.click("#rules-open")
            page.wait_for_selector('#rules [data-key="legend"] li')
            titles = page.locator("#rules h3").all_inner_texts()
            if game in DRAWN:
                what, n = DRAWN[game]
                assert page.locator(f'#rules [data-key="legend"] {what}').count() == n
            assert titles[:-1] == [s["title"] for s in guide[lang]["sections"]]
            assert not foreign & set(titles), titles
            body = page.inner_text("#rules")
            assert "[object" not in body and "undefined" not in body
            for s in other["sections"]:
                assert not [p for p in s["paragraphs"] if p in body]
            box = page.locator("#rules").bounding_box()
            width = 390 if mobile else 1280
            assert box["x"] + box["width"] <= width + 1
            assert mobile or box["width"] <= 450  # the board stays in view beside it
            # Nothing in the panel is wider than the screen.
            overflow = page.evaluate(
                "() => { const b = document.querySelector('#rules-body');"
                " return b.scrollWidth - b.clientWidth; }"
            )
            assert overflow <= 1, overflow
            name = f"rules-{game}-{lang}-{'phone' if mobile else 'desktop'}"
            shot(page, name)
            for key in [s["key"] for s in guide[lang]["sections"]][1:]:
                page.locator(f'#rules [data-key="{key}"]').scroll_into_view_if_needed()
                shot(page, f"{name}-{key}")
            page.click("#rules-close")
            assert page.is_hidden("#rules")
            assert not page.errors, page.errors
            page.context.close()
    host.context.close()
