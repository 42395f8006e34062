"""Each game's lesson played through by taps, in German on a phone, up to "Jetzt spielen";
the last one goes on into the real game against the rules bot."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.server.procserver import Server
from tests.web.conftest import new_page, shot

pytestmark = pytest.mark.slow


def _select(page: Any, cards: list[str]) -> None:
    for card in cards:
        name = card.split("=")[0]
        page.locator(
            f'#hand button.pcard[data-card="{name}"]:not([aria-pressed="true"])'
        ).first.tap()


def _tap(page: Any, game: str, action: str) -> None:
    """The taps that make ``action`` on the game's own board."""
    verb, *rest = action.split()
    if game == "halali":
        if verb == "flip":
            page.locator(f'[data-square="{rest[0]}"]').first.tap()
        else:
            src, dst = action.split("-")
            page.locator(f'[data-square="{src}"]').first.tap()
            page.locator(f'[data-square="{dst}"]').first.tap()
    elif game == "halligalli":
        if verb.startswith("ring"):
            page.locator("#hg-bell").tap()
        elif verb == "stake":
            page.fill("#hg-stake", rest[0])
            page.locator("#hg-set-stake").tap()
        elif page.locator("#hg-flip-btn:not([disabled])").count():
            page.locator("#hg-flip-btn").tap()
        else:
            page.locator("#hg-stray").tap()
    elif game == "hydra":
        if page.locator(f'[data-action="{action}"]').count():
            page.locator(f'[data-action="{action}"]').first.tap()
        else:
            page.locator(f'#hand button.pcard[data-card="{action}"]').first.tap()
    elif verb == "draw":
        page.locator(f"#draw-{rest[0]}").tap()
    elif verb == "meld":
        _select(page, rest)
        page.locator(f'[data-action="{action}"]').tap()
    elif verb == "build":
        _select(page, rest[1:])
        button = page.locator(f'[data-action="{action}"]')
        if button.count():
            button.tap()
        else:
            page.locator(f'.meld.target[data-meld="{rest[0]}"]').tap()
    else:
        _select(page, rest)
        page.locator("#ka-discard").tap()


def _play_through(page: Any, server: Server, game: str) -> int:
    outline = page.request.get(f"{server.base}/api/lessons/{game}").json()
    page.goto(f"{server.base}/learn/{game}")
    for n, step in enumerate(outline["steps"]):
        page.wait_for_selector(f'.lesson-step[data-step="{step["key"]}"] #lesson-text')
        if n == 0:
            shot(page, f"lesson-{game}-de-phone-first")
        _tap(page, game, step["allowed"][0])
        page.wait_for_selector("#lesson-next", timeout=15000)
        assert page.locator("#lesson-point").inner_text().strip()
        page.locator("#lesson-next").tap()
    page.wait_for_selector("#lesson-play-now")
    shot(page, f"lesson-{game}-de-phone-final")
    assert "Jetzt spielen" in page.locator("#lesson-play-now").inner_text()
    assert not page.errors, page.errors
    return len(outline["steps"])


@pytest.mark.parametrize("game", ["halali", "hydra", "kalooki", "halligalli"])
def test_a_lesson_is_played_by_taps_on_a_phone_in_german_to_play_now(
    browser: Any, server: Server, game: str
) -> None:
    page = new_page(browser, "de", mobile=True, touch=True)
    _play_through(page, server, game)
    # The progress is kept: the page opened again shows the end, not the first step.
    page.reload()
    page.wait_for_selector("#lesson-play-now")
    page.context.close()


def test_a_wrong_tap_names_the_rule_and_opens_its_text_and_play_now_starts_a_table(
    browser: Any, server: Server
) -> None:
    page = new_page(browser, "de", mobile=True, touch=True)
    page.goto(f"{server.base}/learn/halali")
    page.wait_for_selector('.lesson-step[data-step="flip"]')
    _tap(page, "halali", "flip e2")
    refusal = page.locator("#lesson-refusal")
    refusal.wait_for()
    assert "e2" in refusal.inner_text() and "HA-R3" in refusal.inner_text()
    refusal.locator("[data-rule]").tap()
    page.wait_for_selector('#rules .rule.current[data-rule="HA-R3"]')
    page.locator("#rules-close").tap()
    assert page.locator('.lesson-step[data-step="flip"]').count() == 1
    page.evaluate("localStorage.setItem('spieltisch.lesson.halali', '{\"done\": true}')")
    page.reload()
    page.locator("#lesson-play-now").tap()
    page.wait_for_url("**/t/*")
    deadline = time.monotonic() + 20
    while "Halali" not in page.locator("#status").inner_text() and time.monotonic() < deadline:
        time.sleep(0.2)
    page.wait_for_selector("#board svg")
    assert not page.errors, page.errors
    page.context.close()
