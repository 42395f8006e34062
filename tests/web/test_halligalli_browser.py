"""Halli-Galli-Extreem in the browser (HG-R8): one human and two bots; the human flips with
the F key, rings a wrong table and a right one with the space bar, and sees the results."""

from __future__ import annotations

import shutil
import time
from typing import Any

import pytest

from spieltisch.games.halligalli.bell import is_bell_valid
from spieltisch.games.halligalli.cards import card_by_name
from tests.server.procserver import Server

from .conftest import new_page, shot

pytestmark = pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed")


def _tops(page: Any) -> list[str]:
    cards = page.eval_on_selector_all(".hg-up", "els => els.map(e => e.dataset.card)")
    return [c for c in cards if c]


def _valid(page: Any) -> bool:
    return is_bell_valid(card_by_name(c) for c in _tops(page))


def open_table(page: Any, server: Server, *, coach: bool = True) -> None:
    """Ada and two beginner bots at a Halli Galli table, opened through the lobby."""
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "halligalli")
    page.select_option("#count", "3")
    page.fill("#name", "Ada")
    if coach:
        page.check("#opt-coach")
    else:
        page.uncheck("#opt-coach")
    page.uncheck("#opt-stray_cards")
    for seat in (1, 2):
        page.select_option(f"#seat-{seat}", "bot")
        page.select_option(f"#level-{seat}", "beginner")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".hg-board .hg-seat.mine")


@pytest.mark.slow
def test_HG_R8_human_flips_and_rings_with_the_keyboard(browser: Any, server: Server) -> None:
    page = new_page(browser, height=960)
    errors = page.errors
    open_table(page, server)
    shot(page, "halligalli-start")
    assert page.locator(".hg-seat").count() == 3
    assert page.locator("#hg-coach").count() == 1  # the table option is on

    wrong_done = right_done = False
    deadline = time.monotonic() + 90
    while not (wrong_done and right_done) and time.monotonic() < deadline:
        if page.locator("#hg-finale").count() or page.locator("#result").count():
            break
        if not wrong_done and _tops(page) and not _valid(page):
            page.wait_for_timeout(150)  # a person's reaction: sooner is refused (HG-R8)
            page.keyboard.press("Space")  # a wrong ring: the penalty is shown (HG-R5)
            page.wait_for_selector("#hg-result .hg-ev.wrong_ring", timeout=5000)
            page.wait_for_selector("#hg-result .hg-ev.penalty", timeout=5000)
            shot(page, "halligalli-wrong-ring")
            wrong_done = True
            continue
        if wrong_done and _valid(page):
            shot(page, "halligalli-valid")
            page.wait_for_timeout(150)
            page.keyboard.press("Space")
            page.wait_for_selector("#hg-result .hg-ev.bell", timeout=5000)
            page.wait_for_selector("#hg-reaction", timeout=5000)
            shot(page, "halligalli-ring")
            right_done = True
            continue
        if page.locator("#hg-flip").count():
            page.keyboard.press("f")
            page.wait_for_timeout(150)
        else:
            page.wait_for_timeout(60)
    assert wrong_done and right_done, "no wrong and right ring within the time"
    assert "ms" in page.inner_text("#hg-reaction")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "halligalli-mobile")
    assert not errors, errors
    page.context.close()


def _finale_state(seed: int) -> Any:
    """A 3-player game played at random until the finale (HG-R10) begins."""
    import random

    import spieltisch

    rng = random.Random(seed)
    state = spieltisch.load("halligalli").new_state(players=3, seed=seed)
    while not state.is_over() and state.view(None)["phase"] != "finale":
        seat = rng.choice(list(state.active_seats()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_HG_R10_finale_board_hides_throws_and_sends_stake_and_throw(
    browser: Any, server: Server
) -> None:
    state = next(s for s in map(_finale_state, range(50)) if not s.is_over())
    finale = state.view(None)["finale"]
    setter = finale["setter"]
    other = next(p for p in finale["players"] if p != setter)
    page = browser.new_page(viewport={"width": 1100, "height": 800})
    page.goto(server.base + "/")
    page.wait_for_selector("#lang")
    render = """async ([view, seat]) => {
        const mod = await import('/static/games/halligalli.js');
        window.sent = [];
        const host = document.getElementById('app');
        mod.renderBoard(host, view, { interactive: true, seat, names: ['Ada', 'Bob', 'Cem'],
            table: { options: {} }, send: (m) => window.sent.push(m) });
    }"""
    page.evaluate(render, [state.view(other), other])
    page.wait_for_selector("#hg-finale")
    assert page.locator("#hg-set-stake").count() == 0  # only the setter stakes
    page.evaluate(render, [state.view(setter), setter])
    page.fill("#hg-stake", "1")
    page.click("#hg-set-stake")
    assert page.evaluate("window.sent") == [{"type": "act", "action": "stake 1", "ply": None}]
    state.apply(setter, state.game.parse_action("stake 1"))
    state.apply(setter, state.game.parse_action("throw rock"))
    page.evaluate(render, [state.view(other), other])
    finalists = page.inner_text(".hg-finalists").lower()
    assert "rock" not in finalists and "●" not in finalists  # the other's throw is hidden
    assert page.locator("text=Your throw").count() == 0
    assert page.locator(".hg-finalist.thrown").count() == 1
    page.click('.hg-throw[data-shape="paper"]')
    assert page.evaluate("window.sent")[-1]["action"] == "throw paper"
    shot(page, "halligalli-finale")
    page.close()


def test_HG_R6_swimming_and_elimination_are_shown(browser: Any, server: Server) -> None:
    import random

    import spieltisch

    state = None
    for seed in range(200):
        rng = random.Random(seed)
        s = spieltisch.load("halligalli").new_state(players=4, seed=seed)
        while not s.is_over() and s.view(None)["phase"] == "round":
            status = s.view(None)["status"]
            if "swimming" in status and "out" in status:
                state = s
                break
            seat = rng.choice(list(s.active_seats()))
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        if state is not None:
            break
    assert state is not None
    page = browser.new_page(viewport={"width": 1100, "height": 800}, locale="de")
    page.add_init_script("localStorage.setItem('spieltisch.lang', 'de')")  # German texts
    page.goto(server.base + "/")
    page.wait_for_selector("#lang")
    page.evaluate(
        """async (view) => {
            const mod = await import('/static/games/halligalli.js');
            mod.renderBoard(document.getElementById('app'), view, { interactive: false,
                seat: null, names: ['Ada', 'Bob', 'Cem', 'Dan'], table: { options: {} } });
        }""",
        state.view(None),
    )
    status = state.view(None)["status"]
    assert page.locator(".hg-seat .hg-tag.swim").count() == status.count("swimming")
    assert page.locator(".hg-seat .hg-tag.out").count() == status.count("out")
    board = page.inner_text(".hg-board")
    assert "schwimmt" in board and "ausgeschieden" in board
    assert "Klingeln" not in board and "Leertaste" not in board  # spectators cannot ring
    shot(page, "halligalli-swimming-de")
    page.close()


def test_HG_4_3_a_finished_game_shows_its_winner_instead_of_the_bell(
    browser: Any, server: Server
) -> None:
    """HG §4.3: the last player in the game wins; the board says so where the bell was."""
    import random

    import spieltisch

    state = spieltisch.load("halligalli").new_state(players=3, seed=2)
    rng = random.Random(1)
    while not state.is_over():
        seat = rng.choice(list(state.active_seats()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    result = state.result()
    assert result is not None
    winner = result.ranks.index(1)
    page = browser.new_page(viewport={"width": 1100, "height": 800})
    page.goto(server.base + "/")
    page.wait_for_selector("#lang")
    page.evaluate(
        """async ([view, seat]) => {
            const mod = await import('/static/games/halligalli.js');
            mod.renderBoard(document.getElementById('app'), view,
                { interactive: true, seat, names: ['Ada', 'Bob', 'Cem'], table: { options: {} } });
        }""",
        [state.view(0), 0],
    )
    page.wait_for_selector("#hg-over")
    assert page.locator("#hg-bell").count() == 0
    assert f"{['Ada', 'Bob', 'Cem'][winner]} wins the game" in page.inner_text("#hg-over")
    shot(page, "halligalli-over")
    page.close()
