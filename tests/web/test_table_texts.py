"""What a player reads at the table: Hydra's three duels, no "undefined" or "NaN" in any
game's table or replay, results by rank, plurals, invite links, bots that show they
think, and the Halali board by arrow keys.

Finished tables are written into the store before the server starts (``finished.py``):
the golden Hydra game with three parties (HY-R8) and a bot game of every game.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from spieltisch.store import Store
from tests.server.procserver import Server

from .conftest import new_page, shot
from .finished import (
    HYDRA_THREE_PARTIES,
    KALOOKI_BUILD_TOKENS,
    bot_record,
    golden_record,
    kalooki_before_build,
    kalooki_build_step,
    store_finished,
    store_running,
)
from .test_browser import _wait

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]

GAMES = {
    "halali": ({}, 2, "rules"),
    "hydra": ({"games": 1}, 5, "rules"),
    "kalooki": ({}, 3, "rules"),
    "halligalli": ({}, 3, "average"),
}
"""Options, players and the finished game's bot level of each game's tables."""

HALALI_SEED = 180
"""Flipping b2, c2, d2 shows a tree, a fox (Blue's) and a hunter; then Brown moves."""
HALALI_TOKENS = ["blue-token-of-the-halali-clicks", "brown-token-of-the-halali-clicks"]

BAD = re.compile(r"undefined|NaN|\[object Object\]|\b\d+ (?>Karten|Karte|cards|card)[a-zäöüß]")
"""Words of a broken page: missing values, and a count glued to the next word."""


@pytest.fixture(scope="module")
def texts_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("texts") / "texts.db"
    store = Store(f"sqlite:///{db}")
    store_finished(store, "hydra3", golden_record(HYDRA_THREE_PARTIES), "rules")
    flips = [
        {"seat": s % 2, "action": {"type": "flip", "square": f"{c}2"}} for s, c in enumerate("bcd")
    ]
    halali = {"game": "halali", "options": {}, "players": 2, "seed": HALALI_SEED, "actions": flips}
    for lang in ("de", "en"):
        store_running(store, f"halali-clicks-{lang}", halali, HALALI_TOKENS)
    store_running(store, "kalooki-keys", kalooki_before_build(), KALOOKI_BUILD_TOKENS)
    for name, (options, players, level) in GAMES.items():
        store_finished(store, f"done-{name}", bot_record(name, options, players, 7, level), level)
    store.close()
    srv = Server(f"sqlite:///{db}", bot_delay=0.05)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def _clean(page: Any, where: str) -> str:
    text = str(page.inner_text("body"))
    bad = BAD.search(text)
    assert bad is None, f"{where}: {bad.group(0)!r} in {text!r}"
    return text


def _to_last(page: Any) -> None:
    page.click("#last")
    page.wait_for_selector("#result")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_HY_R8_three_parties_show_their_three_duels(
    browser: Any, texts_server: Server, lang: str
) -> None:
    page = new_page(browser, lang)
    page.goto(f"{texts_server.base}/replay/hydra3")
    page.wait_for_selector("#replay-step")
    _to_last(page)
    duels = page.locator("#hy-duels tbody tr")
    assert duels.count() == 3
    text = _clean(page, f"hydra three parties ({lang})")
    words = {"de": ("Pik-Partei", "Kreuz-Partei", "Restpartei"), "en": ("♠", "♣", "rest")}
    for word in words[lang]:
        assert word in page.inner_text("#hy-duels")
    # The game's end in words: the three duels, not one game value.
    step = page.inner_text("#replay-step")
    assert step.count("–") >= 3 and ("Duell" in step or "duel" in step), step
    assert "Spielwert:" not in text and "Game value:" not in text
    # Plurals: one trick is "1 Stich", never "1 Stiche".
    assert {"de": "1 Stich ·", "en": "1 trick ·"}[lang] in text
    assert re.search(r"\b1 (Karten|Stiche|Augen|cards|tricks|points)\b", text) is None
    shot(page, f"hydra-three-parties-{lang}")
    assert not page.errors


@pytest.mark.parametrize("game", list(GAMES))
def test_no_undefined_or_nan_in_a_replay_and_results_by_rank(
    browser: Any, texts_server: Server, game: str
) -> None:
    for lang in ("de", "en"):
        page = new_page(browser, lang)
        page.goto(f"{texts_server.base}/replay/done-{game}")
        page.wait_for_selector("#replay-step")
        _clean(page, f"{game} replay start ({lang})")
        for _ in range(6):
            page.click("#next")
        page.wait_for_timeout(300)
        _clean(page, f"{game} replay step ({lang})")
        _to_last(page)
        _clean(page, f"{game} replay end ({lang})")
        ranks = [int(r) for r in page.locator("#result tr td:first-child").all_inner_texts()]
        assert ranks == sorted(ranks) and ranks[0] == 1
        assert not page.errors


@pytest.mark.parametrize("game", list(GAMES))
def test_no_undefined_or_nan_at_a_live_table(browser: Any, texts_server: Server, game: str) -> None:
    options, players, _ = GAMES[game]
    seats = [{"kind": "bot", "level": "random"}] * players
    made = httpx.post(
        f"{texts_server.base}/api/tables",
        json={"game": game, "options": options, "seats": seats},
    ).json()
    page = new_page(browser, "de", mobile=game == "halligalli")
    page.goto(f"{texts_server.base}/t/{made['table']['id']}")
    page.wait_for_selector("#board")
    for n in range(12):
        page.wait_for_timeout(250)
        _clean(page, f"{game} live table, look {n}")
    assert not page.errors


def test_the_invite_link_uses_the_page_origin(browser: Any, texts_server: Server) -> None:
    page = new_page(browser, "de")
    page.goto(texts_server.base + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "halali")
    page.fill("#name", "Ada")
    page.select_option("#seat-1", "human")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#invite-local")  # opened as 127.0.0.1: only this computer
    link = page.input_value("#invite")
    assert link == f"{texts_server.base}/t/{page.url.rsplit('/', 1)[1]}"
    _clean(page, "open table")
    assert not page.errors


def test_a_bot_to_move_shows_that_it_thinks_and_for_how_long(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    db = tmp_path_factory.mktemp("slow") / "slow.db"
    srv = Server(f"sqlite:///{db}", bot_delay=2.5)
    srv.start()
    try:
        seats = [{"kind": "bot", "level": "random"}] * 2
        made = httpx.post(f"{srv.base}/api/tables", json={"game": "halali", "seats": seats})
        for lang, word in (("de", "denkt nach"), ("en", "thinking")):
            page = new_page(browser, lang)
            page.goto(f"{srv.base}/t/{made.json()['table']['id']}")
            page.wait_for_selector("#thinking")
            _wait(lambda page=page: " 1 s" in page.inner_text("#thinking"), page, 5)
            assert word in page.inner_text("#status")
            assert page.locator(".seats-list .thinking").count() == 1
            shot(page, f"thinking-{lang}")
    finally:
        srv.stop()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_halali_board_is_one_tab_stop_walked_by_arrows_and_every_click_answers(
    browser: Any, texts_server: Server, lang: str
) -> None:
    page = new_page(browser, lang)
    page.context.add_init_script(
        f"localStorage.setItem('spieltisch.seat.halali-clicks-{lang}', "
        f"JSON.stringify({{seat: 1, token: '{HALALI_TOKENS[1]}'}}))"
    )
    page.goto(f"{texts_server.base}/t/halali-clicks-{lang}")
    page.wait_for_selector("#status .myturn")
    assert page.locator('#board [data-square][tabindex="0"]').count() == 1
    for _ in range(30):  # from the page's top, a few tab stops reach the board
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.square || ''"):
            break
    start = page.evaluate("document.activeElement.dataset.square")
    assert start, "the board was not reachable by Tab"
    page.keyboard.press("ArrowRight" if start[0] < "h" else "ArrowLeft")
    moved = page.evaluate("document.activeElement.dataset.square")
    assert moved != start and moved[1:] == start[1:]
    page.keyboard.press("ArrowUp" if start[1] < "8" else "ArrowDown")
    assert page.evaluate("document.activeElement.dataset.square")[0] == moved[0]
    assert page.locator('#board [data-square][tabindex="0"]').count() == 1
    # A tree never moves (HA-R4); a fox is Blue's (HA §2): each click says so.
    page.click('#board [data-square="b2"]')
    page.wait_for_selector("#refusal:not([hidden])")
    assert "HA-R4" in page.inner_text("#refusal")
    page.click('#board [data-square="c2"]')
    _wait(lambda: "HA §2" in page.inner_text("#refusal"), page, 5)
    # The own hunter is walled in by face-down tiles: the click says that instead.
    page.click('#board [data-square="d2"]')
    hunter = {"de": "Jäger", "en": "hunter"}[lang]
    _wait(lambda: hunter in page.inner_text("#refusal"), page, 5)
    assert "HA §2" not in page.inner_text("#refusal")
    _clean(page, f"halali clicks ({lang})")
    page.click('#board [data-square="e5"]')  # the middle starts empty
    empty = {"de": "Hier steht nichts", "en": "Nothing here"}[lang]
    _wait(lambda: empty in page.inner_text("#refusal"), page, 5)
    page.click('#board [data-square="e3"]')  # a flip is a move: the hint goes
    _wait(lambda: page.locator("#refusal[hidden]").count() == 1, page, 5)
    assert not page.errors


def test_kalooki_hand_reorders_and_a_build_plays_by_keyboard(
    browser: Any, texts_server: Server
) -> None:
    page = new_page(browser, "de")
    page.context.add_init_script(
        "localStorage.setItem('spieltisch.seat.kalooki-keys', "
        f"JSON.stringify({{seat: 1, token: '{KALOOKI_BUILD_TOKENS[1]}'}}))"
    )
    page.goto(f"{texts_server.base}/t/kalooki-keys")
    page.wait_for_selector("#status .myturn")
    cards = page.locator("#hand button.pcard")
    first, second = cards.nth(0).get_attribute("data-card"), cards.nth(1).get_attribute("data-card")
    cards.nth(0).focus()
    page.keyboard.press("Alt+ArrowRight")
    _wait(lambda: cards.nth(1).get_attribute("data-card") == first, page, 5)
    assert cards.nth(0).get_attribute("data-card") == second
    assert page.evaluate("document.activeElement.dataset.index") == "1"
    build = kalooki_build_step()
    for card in build.split()[2:]:
        page.locator(
            f'#hand button.pcard[data-card="{card.split("=")[0]}"]:not([aria-pressed="true"])'
        ).first.press("Enter")
    target = page.locator(f'.meld.target[data-meld="{build.split()[1]}"]')
    assert target.get_attribute("tabindex") == "0"
    before = page.locator("#log li").count()
    target.focus()
    page.keyboard.press("Enter")
    _wait(lambda: page.locator("#log li").count() > before, page, 10)
    meld = build.split()[1]
    assert f"an Meldung {meld} an" in page.inner_text("#log li:first-child")
    assert not page.errors
