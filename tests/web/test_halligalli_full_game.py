"""A whole Halli-Galli-Extreem game in the browser: one human (this test) and two beginner
bots, played through the UI only. The human flips with F, rings every valid table with the
space bar (HG-R3, HG-R4) and once rings a wrong one (HG-R5); he wins the races, the bots run
dry and swim (HG-R6), one leaves, and the finale (HG-R10) is played by clicking stakes and
throws until the game is over."""

from __future__ import annotations

import contextlib
import shutil
import time
from typing import Any

import pytest

from spieltisch.games.halligalli.bell import is_bell_valid
from spieltisch.games.halligalli.cards import card_by_name
from tests.server.procserver import Server

from .conftest import new_page, shot
from .test_halligalli_browser import open_table

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]

LOOK = """() => ({
    tops: [...document.querySelectorAll('.hg-up')].map(e => e.dataset.card).filter(c => c),
    swim: document.querySelectorAll('.hg-seat .hg-tag.swim').length,
    out: document.querySelectorAll('.hg-seat .hg-tag.out').length,
    opponents: [...document.querySelectorAll('.hg-seat:not(.mine)')].map(e =>
        e.classList.contains('out') ? 'out' : e.classList.contains('swimming') ? 'swim' : 'in'),
    flip: !!document.getElementById('hg-flip'),
    finale: !!document.getElementById('hg-finale'),
    stake: !!document.getElementById('hg-set-stake'),
    throws: document.querySelectorAll('.hg-throw').length,
    result: !!document.getElementById('result'),
})"""
"""Everything the human looks at, in one round trip to the page."""

CHANGED = """(before) => [...document.querySelectorAll('.hg-up')]
    .map(e => e.dataset.card).join(',') !== before || !!document.getElementById('hg-finale')"""

GAME_SECONDS = 300
"""Long enough for a long deal on a busy machine (a game took 125 s alone, over 170 s in
a full CI run); the loop ends as soon as the result shows."""


def _wait_change(page: Any, tops: list[str]) -> None:
    """Until the table shown moves on, so that one table is rung only once."""
    with contextlib.suppress(Exception):  # a table that stays put is looked at again
        page.wait_for_function(CHANGED, arg=",".join(tops), timeout=3000, polling=20)


def _finale_move(page: Any, look: dict[str, Any], throws: int) -> int:
    """The human's finale move: stake everything (a short finale), or throw in turn."""
    if look["stake"]:
        page.fill("#hg-stake", page.get_attribute("#hg-stake", "max"))
        page.click("#hg-set-stake")
        page.wait_for_selector("#hg-set-stake", state="detached", timeout=5000)
    elif look["throws"]:
        if not throws:
            shot(page, "halligalli-full-finale-throw")
        shape = ("rock", "paper", "scissors")[throws % 3]
        page.click(f'.hg-throw[data-shape="{shape}"]')
        page.wait_for_selector(".hg-throw", state="detached", timeout=5000)
        return throws + 1
    else:
        page.wait_for_timeout(50)
    return throws


def test_HG_R10_full_game_through_the_ui_to_the_finale(browser: Any, server: Server) -> None:
    page = new_page(browser, height=960)
    errors = page.errors
    open_table(page, server, coach=False)
    assert page.locator(".hg-seat").count() == 3
    assert page.locator("#hg-coach").count() == 0  # coach off

    wrong = swam = out = finale = False
    rings = throws = 0
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        look = page.evaluate(LOOK)
        out = out or look["out"] > 0  # HG-R6: the swimmer left (maybe as the finale begins)
        if look["result"]:
            break
        if look["finale"]:
            if not finale:
                finale = True
                shot(page, "halligalli-full-finale")
            throws = _finale_move(page, look, throws)
            continue
        if look["swim"] and not swam:
            swam = True  # HG-R6: a bot's draw pile ran out
            shot(page, "halligalli-full-swimming")
        tops = look["tops"]
        valid = bool(tops) and is_bell_valid(card_by_name(c) for c in tops)
        if not wrong and tops and not valid:
            page.wait_for_timeout(150)  # a person's reaction: sooner is refused (HG-R8)
            page.keyboard.press("Space")  # HG-R5: a wrong ring, and its penalty shown
            page.wait_for_selector("#hg-result .hg-ev.wrong_ring", timeout=5000)
            page.wait_for_selector("#hg-result .hg-ev.penalty", timeout=5000)
            assert "Ada gives" in page.inner_text("#hg-result .hg-ev.penalty")
            shot(page, "halligalli-full-wrong-ring")
            wrong = True
            continue
        # Winning a round sends every swimmer out (HG-R6); were none left with cards there
        # would be no finale, so then the human pays them with a wrong ring instead (HG-R5).
        dry = "in" not in look["opponents"]
        if dry and tops and not valid:
            page.wait_for_timeout(150)
            page.keyboard.press("Space")
            with contextlib.suppress(Exception):  # the cards reach the swimmers: they swim no more
                page.wait_for_selector(".hg-seat.swimming", state="detached", timeout=3000)
            continue
        if valid and not dry:
            page.wait_for_timeout(150)
            page.keyboard.press("Space")
            rings += 1
            _wait_change(page, tops)
            continue
        if look["flip"]:
            page.keyboard.press("f")
            with contextlib.suppress(Exception):  # refused while the bell window is open
                page.wait_for_selector("#hg-flip", state="detached", timeout=500)
            continue
        page.wait_for_timeout(20)

    assert wrong, "no wrong ring"
    assert rings > 0, "the human never rang a valid table"
    assert swam, "nobody was seen swimming"
    assert out, "nobody was seen leaving the game"
    assert finale, "the finale was not reached"
    assert throws > 0, "the human never threw in the finale"
    page.wait_for_selector("#result", timeout=5000)
    shot(page, "halligalli-full-result")
    assert "Ada" in page.inner_text("#result")
    assert "Game over" in page.inner_text("body")
    assert not errors, errors
    page.context.close()
