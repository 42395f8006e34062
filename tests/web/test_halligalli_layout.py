"""Halli-Galli-Extreem on one screen, in words: for 3 to 6 players at 1440×900 (German)
and on a portrait phone (390×844, touch, English) the bell, every face-up pile and the
player's own pile lie inside the viewport, since a race cannot wait for a scroll; the
bell hint fits the device; a stray card (HG-R7) has its own control and the pile invites
a flip only on the player's turn; a wrong ring says why, with its rule (HG-R3, HG-R7,
HG-R6); no text shows "undefined", "NaN" or a card code.

``SPIELTISCH_DOCS_SHOTS=1`` also copies the desktop 6-player table to the README's
``docs/screenshots/halligalli.png``."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from spieltisch.games.halligalli import Flip, Ring
from tests.games.halligalli.scenario import make_state
from tests.server.procserver import Server

from .conftest import docs_shot, new_page, shot
from .test_halligalli_browser import _tops, _valid, open_table
from .test_refusals_de import CARD_CODE, create_table

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]

BAD = re.compile(r"undefined|NaN|\[object Object\]")
WEB = Path(__file__).resolve().parents[2] / "src" / "spieltisch" / "web"

LOOK = """() => {
    const out = (e) => { const b = e.getBoundingClientRect();
        return b.left < 0 || b.top < 0 || b.right > innerWidth || b.bottom > innerHeight; };
    const must = [...document.querySelectorAll('#hg-bell, .hg-up, .hg-me .hg-draw')];
    const mine = document.querySelector('.hg-seat.mine');
    const flip = document.getElementById('hg-flip-btn');
    const stray = document.getElementById('hg-stray');
    return {
        seats: document.querySelectorAll('.hg-seat').length,
        ups: document.querySelectorAll('.hg-up').length,
        outside: must.filter(out).map(e => e.id || e.className),
        turn: mine.classList.contains('turn'),
        pulse: !!document.querySelector('.hg-me .hg-draw.can-flip'),
        flip: !!flip && !flip.disabled,
        stray: !!stray && !stray.disabled,
        hint: (document.getElementById('hg-ring-hint') || {}).textContent || '',
        text: document.body.innerText,
    };
}"""
"""Everything checked on one table, read in one round trip (the bots keep playing)."""


def _play_to_mid_game(page: Any, players: int) -> None:
    """Flip on own turns until face-up cards lie on most piles (or some seconds passed):
    the fullest table, as a race in mid-game looks. It is the page's turn then, so the
    bots wait and the table holds still."""
    deadline = time.monotonic() + 12
    while time.monotonic() < deadline:
        if page.locator("#hg-flip").count():
            page.wait_for_timeout(300)
            if len(_tops(page)) >= min(players - 1, 4):
                return
            page.keyboard.press("f")
        page.wait_for_timeout(150)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("phone", [False, True], ids=["1440x900", "390x844"])
def test_HG_R2_every_top_card_the_bell_and_the_own_pile_fit_the_screen(
    browser: Any, server: Server, players: int, phone: bool
) -> None:
    lang = "en" if phone else "de"
    page = new_page(browser, lang, mobile=phone, touch=phone, width=1440, height=900)
    create_table(page, server, "halligalli", players)
    page.wait_for_selector(".hg-board .hg-seat.mine")
    _play_to_mid_game(page, players)
    look = page.evaluate(LOOK)
    name = f"halligalli-{'390x844' if phone else '1440x900'}-{lang}-{players}p"
    shot(page, name)
    if players == 6 and not phone:
        docs_shot(page, "halligalli")  # what the screen shows
    assert look["seats"] == look["ups"] == players
    assert not look["outside"], look["outside"]
    # HG-R7: the pile pulses and the flip invites only on one's turn; a stray card
    # (allowed by default) is offered by its own control when it is not.
    assert look["pulse"] == look["flip"] == look["turn"]
    assert look["stray"] == (not look["turn"])
    if phone:
        assert "Tap the bell" in look["hint"] and "space" not in look["text"]
    else:
        assert "Leertaste" in look["hint"]
    assert not BAD.search(look["text"]), look["text"]
    assert not re.search(r"\bhg\.\w", look["text"]), look["text"]  # a word without text
    assert not CARD_CODE.search(look["text"]), CARD_CODE.search(look["text"])
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ("rang wrongly", "rule HG-R3")), ("de", ("hat falsch geklingelt", "Regel HG-R3"))],
)
def test_HG_R3_a_wrong_ring_says_why_and_cites_its_rule(
    browser: Any, server: Server, lang: str, words: tuple[str, str]
) -> None:
    page = new_page(browser, lang)
    open_table(page, server, coach=False)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # a wrong table that stays a while: no reflex ring
        tops = _tops(page)
        page.wait_for_timeout(400)
        if tops == _tops(page) and not _valid(page):
            break
    page.keyboard.press("Space")
    page.wait_for_selector("#hg-result .hg-ev.wrong_ring", timeout=5000)
    text = page.inner_text("#hg-result .hg-ev.wrong_ring")
    shot(page, f"halligalli-wrong-ring-{lang}")
    assert all(w in text for w in words), text
    why = ("no valid combination", "pairs showing") if lang == "en" else ("keine gültige", "Paare")
    assert any(w in text for w in why), text
    assert not CARD_CODE.search(page.inner_text("body"))
    page.context.close()


def _own_stray_and_swimmer_events() -> list[dict[str, Any]]:
    """Steps of the core: seat 2 throws a stray 1B onto 4B (five bananas) and rings on
    his own stray card (HG-R7); at another table seat 2 rings wrongly while swimming and
    is out (HG-R6)."""
    state = make_state([["1P"] * 5, ["1S"] * 5, ["1B"] * 5], [["4B"], [], []], to_flip=1)
    steps = [{"ply": 0, "events": state.apply(2, Flip())}]
    steps.append({"ply": 1, "events": state.apply(2, Ring(state.version))})
    swimmer = make_state([["1P"] * 3, ["1S"] * 3, [], ["1L"] * 3], to_flip=3)
    steps.append({"ply": 0, "events": swimmer.apply(2, Ring())})
    return steps


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            (
                "Cem throws a stray card: 1 banana",
                "Cem rang wrongly: the combination came from the ringer's own stray card",
                "rule HG-R7",
                "rule HG-R5",
                "Cem rang wrongly while swimming and is out · rule HG-R6",
            ),
        ),
        (
            "de",
            (
                "Cem wirft eine Streukarte: 1 Banane",
                "Cem hat falsch geklingelt: die Kombination entstand durch die eigene Streukarte",
                "Regel HG-R7",
                "Regel HG-R5",
                "Cem hat schwimmend falsch geklingelt und scheidet aus · Regel HG-R6",
            ),
        ),
    ],
)
def test_HG_R7_the_log_names_an_own_stray_card_and_a_swimmers_wrong_ring(
    browser: Any, server: Server, lang: str, words: tuple[str, ...]
) -> None:
    page = new_page(browser, lang)
    page.goto(server.base + "/")
    page.wait_for_selector("#lang")
    lines = page.evaluate(
        """async (steps) => {
            const mod = await import('/static/games/halligalli.js');
            return mod.describeLog(steps, ['Ada', 'Bob', 'Cem', 'Dan']).map((l) => l.text);
        }""",
        _own_stray_and_swimmer_events(),
    )
    text = "\n".join(lines)
    assert all(w in text for w in words), text
    assert not CARD_CODE.search(text) and not BAD.search(text), text
    page.context.close()


def test_the_replay_and_spectators_see_no_ring_hint(browser: Any, server: Server) -> None:
    """Nobody watching can ring: no "space bar" or "tap" hint under the bell."""
    state = make_state([["1P"] * 5, ["1S"] * 5, ["1B"] * 5], [["4B"], ["BLP"], ["PIG"]])
    page = new_page(browser, "en")
    page.goto(server.base + "/")
    page.wait_for_selector("#lang")
    page.evaluate(
        """async (view) => {
            const mod = await import('/static/games/halligalli.js');
            mod.renderBoard(document.getElementById('app'), view,
                { interactive: false, names: ['Ada', 'Bob', 'Cem'] });
        }""",
        state.view(None),
    )
    board = page.inner_text(".hg-board")
    assert page.locator("#hg-ring-hint").count() == 0
    assert "space" not in board and "Tap" not in board
    labels = page.eval_on_selector_all(
        ".hg-up svg", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert labels == ["4 bananas", "banana + lime + plum", "pig"]
    page.context.close()


def test_HG_R6_a_player_out_of_the_game_is_told_why_the_bell_stays_silent(
    browser: Any, server: Server
) -> None:
    state = make_state([[], ["1S"] * 5, ["1B"] * 5], [["4B"], [], []], to_flip=1, out=(0,))
    page = new_page(browser, "de")
    page.goto(server.base + "/")
    page.wait_for_selector("#lang")
    page.evaluate(
        """async (view) => {
            const mod = await import('/static/games/halligalli.js');
            window.sent = [];
            mod.renderBoard(document.getElementById('app'), view, {
                interactive: false, seat: 0, names: ['Ada', 'Bob', 'Cem'],
                table: { options: {} }, send: (m) => window.sent.push(m) });
        }""",
        state.view(0),
    )
    page.keyboard.press("Space")
    assert "Du bist ausgeschieden" in page.inner_text("#hg-note")
    assert "HG-R6" in page.inner_text("#hg-note")
    assert page.evaluate("window.sent") == []
    page.context.close()


def test_every_halligalli_text_key_is_in_the_table_of_words() -> None:
    """halligalli.js names its words without the ``hg.`` prefix: ``tr("flip")``, and
    choices like ``tr(turn ? "a" : "b")``. Class names and stored settings chosen the
    same way (``"turn"``, ``"on"``) are not words."""
    from .test_i18n_table import table

    source = (WEB / "games" / "halligalli.js").read_text()
    keys = set(re.findall(r'(?:\btr(?:Cards)?\(| \? | : )"(\w+)"', source))
    keys -= {"on", "off", "swim", "turn"}
    assert {"flip", "notYourTurn", "wrongWhy", "ringTap", "strayButton"} <= keys
    missing = sorted(k for k in keys if f"hg.{k}" not in table())
    assert not missing, missing
