"""Every refusal the table page makes itself, before anything is sent, reads in words of
the page's language: each answer of the Halali board's own check (a tree, the other
colour's tile, a locked bird, a walled-in tile, an empty square), in German and English,
on a desktop and a phone. No code (``action/illegal``, ``ha.why.empty``) and no sentence
of the other language may show; the refusal lies over the board and moves nothing."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

import spieltisch
from spieltisch.store import Store
from tests.server.procserver import Server

from .conftest import new_page, remember_seat, shot
from .finished import store_running
from .test_browser import _wait

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]

SEED = 180
FLIPS = ["b2", "c2", "d2", "e2", "f2"]
"""With this seed the flips show a tree, a fox, a hunter, a tree and a duck, Blue and
Brown in turn: Brown moves next and may not move the duck Blue just revealed (HA-R5)."""
TOKENS = ["blue-token-of-the-refusals", "brown-token-of-the-refusals"]

CLICKS = [
    ("b2", "HA-R4", None),
    ("c2", "HA §2", None),
    ("f2", "HA-R5", None),
    ("d2", None, {"de": "Jäger: gerade kein Zug", "en": "hunter: no move right now"}),
    ("e5", None, {"de": "Hier steht nichts", "en": "Nothing here"}),
]
"""Brown's clicks, each answered on the page: the rule it names, or the hint it gives."""

CODE = re.compile(r"\b(?:action|table|seat|net|server)/\w+|\bha\.\w+|\bcode\.|undefined")
"""A code where words belong: an error code, a word key, a missing value."""
ENGLISH = re.compile(
    r"\b(?:the|only|may|move|moves|tile|tiles|cannot|Nothing|Against|rules|Refused)\b"
)
GERMAN = re.compile(r"\b(?:der|die|das|nur|nicht|darf|Hier|Regelverstoß|Abgelehnt|Zug)\b")


@pytest.fixture(scope="module")
def refusal_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("refusals") / "refusals.db"
    store = Store(f"sqlite:///{db}")
    flips = [
        {"seat": i % 2, "action": {"type": "flip", "square": sq}} for i, sq in enumerate(FLIPS)
    ]
    record = {"game": "halali", "options": {}, "players": 2, "seed": SEED, "actions": flips}
    for view in ("de-desktop", "en-desktop", "de-phone", "en-phone"):
        store_running(store, f"refusals-{view}", record, TOKENS)
        store_running(store, f"words-{view}", record, TOKENS)
    store.close()
    srv = Server(f"sqlite:///{db}", bot_delay=0.05)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def rule_words(rule: str, lang: str) -> str:
    """What ``rule`` says in ``lang``, as Halali declares it."""
    text = spieltisch.load("halali").info.rule_texts[rule]
    return str(text.de if lang == "de" else text.en)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_every_refusal_of_the_page_itself_reads_in_words(
    browser: Any, refusal_server: Server, lang: str, phone: bool
) -> None:
    table = f"refusals-{lang}-{'phone' if phone else 'desktop'}"
    page = new_page(browser, lang, mobile=phone)
    remember_seat(page, table, 1, TOKENS[1])
    page.goto(f"{refusal_server.base}/t/{table}")
    page.wait_for_selector("#status .myturn")
    # The status may be drawn a frame before the board: measure a board that is there.
    page.wait_for_selector('#board [data-square="e5"]', state="visible")
    board_top = page.locator("#board").bounding_box()["y"]
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", sent.append))
    other = GERMAN if lang == "en" else ENGLISH
    for square, rule, hint in CLICKS:
        page.click(f'#board [data-square="{square}"]')
        words = hint[lang] if hint else f"[{rule}]: {rule_words(str(rule), lang)}"
        _wait(lambda words=words: words in page.inner_text("#refusal"), page, 5)
        text = page.inner_text("#refusal")
        assert not CODE.search(text), (square, text)
        assert not other.search(text), (square, text)
        if rule:
            own = {"de": "Regelverstoß", "en": "Against the rules"}[lang]
            assert text.startswith(own), text
        # Over the board, near the click: the board did not move down.
        assert page.locator("#board").bounding_box()["y"] == board_top
        box = page.locator("#refusal").bounding_box()
        assert board_top <= box["y"] < board_top + 100, (box, board_top)
        shot(page, f"refusal-{square}-{lang}-{'phone' if phone else 'desktop'}")
    assert not any('"act"' in frame for frame in sent)  # each was refused on the page
    assert not page.errors
