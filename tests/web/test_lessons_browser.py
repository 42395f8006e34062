"""Each game's lesson played through by taps, in German on a phone, up to "Jetzt spielen";
the last one goes on into the real game against the rules bot.

The screens test shows the first and the last step of every lesson at phone and desktop
size in both languages (``artifacts/lessons/``); ``SPIELTISCH_DOCS_SHOTS=1`` copies them
to ``docs/screenshots/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.server.procserver import Server
from tests.web.conftest import ARTIFACTS, new_page, shot, to_docs

GAMES = ("halali", "hydra", "kalooki", "halligalli")
LESSONS = ARTIFACTS / "lessons"
BAD = re.compile(r"undefined|NaN|\[object|lesson\.\w+")

pytestmark = pytest.mark.slow


def _press(page: Any, locator: Any) -> None:
    """A tap on a touch screen, a click elsewhere."""
    if getattr(page, "touch", True):
        locator.tap()
    else:
        locator.click()


def _select(page: Any, cards: list[str]) -> None:
    for card in cards:
        name = card.split("=")[0]
        _press(
            page,
            page.locator(
                f'#hand button.pcard[data-card="{name}"]:not([aria-pressed="true"])'
            ).first,
        )


def _tap(page: Any, game: str, action: str) -> None:
    """The taps that make ``action`` on the game's own board."""
    verb, *rest = action.split()
    if game == "halali":
        if verb == "flip":
            _press(page, page.locator(f'[data-square="{rest[0]}"]').first)
        else:
            src, dst = action.split("-")
            _press(page, page.locator(f'[data-square="{src}"]').first)
            _press(page, page.locator(f'[data-square="{dst}"]').first)
    elif game == "halligalli":
        if verb.startswith("ring"):
            _press(page, page.locator("#hg-bell"))
        elif verb == "stake":
            page.fill("#hg-stake", rest[0])
            _press(page, page.locator("#hg-set-stake"))
        elif page.locator("#hg-flip-btn:not([disabled])").count():
            _press(page, page.locator("#hg-flip-btn"))
        else:
            _press(page, page.locator("#hg-stray"))
    elif game == "hydra":
        if page.locator(f'[data-action="{action}"]').count():
            _press(page, page.locator(f'[data-action="{action}"]').first)
        else:
            _press(page, page.locator(f'#hand button.pcard[data-card="{action}"]').first)
    elif verb == "draw":
        _press(page, page.locator(f"#draw-{rest[0]}"))
    elif verb == "meld":
        _select(page, rest)
        _press(page, page.locator(f'[data-action="{action}"]'))
    elif verb == "build":
        _select(page, rest[1:])
        button = page.locator(f'[data-action="{action}"]')
        if button.count():
            _press(page, button)
        else:
            _press(page, page.locator(f'.meld.target[data-meld="{rest[0]}"]'))
    else:
        _select(page, rest)
        _press(page, page.locator("#ka-discard"))


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


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_is_played_by_taps_on_a_phone_in_german_to_play_now(
    browser: Any, server: Server, game: str
) -> None:
    page = new_page(browser, "de", mobile=True, touch=True)
    _play_through(page, server, game)
    # The progress is kept: the page opened again shows the end, not the first step.
    page.reload()
    page.wait_for_selector("#lesson-play-now")
    page.context.close()


def test_a_wrong_tap_names_the_rule_and_opens_its_text(browser: Any, server: Server) -> None:
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
    assert page.locator('.lesson-step[data-step="flip"] #lesson-text').count() == 1
    assert page.locator("#lesson-point").count() == 0
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("game", ["halali", "halligalli"])
def test_play_now_opens_a_real_table_against_the_bot(
    browser: Any, server: Server, game: str
) -> None:
    page = new_page(browser, "de", mobile=True, touch=True)
    page.goto(f"{server.base}/learn/{game}")
    page.wait_for_selector("#lesson-text")
    page.evaluate(f"localStorage.setItem('spieltisch.lesson.{game}', '{{\"done\": true}}')")
    page.reload()
    page.locator("#lesson-play-now").tap()
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#board")
    table = page.url.rsplit("/", 1)[1]
    info = page.request.get(f"{server.base}/api/tables/{table}").json()
    assert info["game"] == game and info["status"] == "running"
    assert info["seats"][0]["kind"] == "human"
    assert all(s["kind"] == "bot" for s in info["seats"][1:])
    assert not info.get("rated")
    assert not page.errors, page.errors
    page.context.close()


def _screen(page: Any, name: str) -> None:
    page.mouse.move(1, 1)
    page.screenshot(path=str(LESSONS / f"{name}.png"), full_page=True)
    text = str(page.inner_text("body"))
    bad = BAD.search(text)
    assert bad is None, f"{name}: {bad.group(0)!r}"
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 1, f"{name} is {wide}px wider than the screen"


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_first_and_the_last_step_of_every_lesson_read_clean(
    browser: Any, server: Server, lang: str, size: str
) -> None:
    LESSONS.mkdir(parents=True, exist_ok=True)
    names = []
    for game in GAMES:
        page = new_page(browser, lang, mobile=size == "phone", height=800, touch=size == "phone")
        page.touch = size == "phone"
        last = page.request.get(f"{server.base}/api/lessons/{game}").json()["steps"][-1]
        page.goto(f"{server.base}/learn/{game}")
        page.wait_for_selector("#lesson-text")
        _screen(page, f"lesson-{game}-first-{lang}-{size}")
        page.evaluate(
            f"localStorage.setItem('spieltisch.lesson.{game}', "
            f"JSON.stringify({{step: '{last['key']}'}}))"
        )
        page.reload()
        page.wait_for_selector(f'.lesson-step[data-step="{last["key"]}"]')
        _tap(page, game, last["allowed"][0])
        page.wait_for_selector("#lesson-point", timeout=15000)
        _screen(page, f"lesson-{game}-last-{lang}-{size}")
        assert not page.errors, page.errors
        page.context.close()
        names += [f"lesson-{game}-first-{lang}-{size}", f"lesson-{game}-last-{lang}-{size}"]
    for name in names:
        to_docs(LESSONS / f"{name}.png")
