"""The move box speaks the page's language: its example and suggestions are the game's
words ("g2 aufdecken", not the engine's "flip g2"), and a suggestion typed in words is
played as its action."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from tests.server.procserver import Server

from .conftest import docs_shot, new_page, remember_seat
from .test_browser import _wait
from .test_client_refusals import TOKENS, refusal_server  # noqa: F401 (the fixture)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]

WORDS = {"de": "g2 aufdecken", "en": "flip g2"}


@pytest.mark.parametrize(("lang", "phone"), [("de", True), ("de", False), ("en", False)])
def test_the_move_box_offers_and_takes_words(
    browser: Any,
    refusal_server: Server,  # noqa: F811
    lang: str,
    phone: bool,
) -> None:
    view = "phone" if phone else "desktop"
    table = f"words-{lang}-{view}"
    page = new_page(browser, lang, mobile=phone)
    remember_seat(page, table, 1, TOKENS[1])
    page.goto(f"{refusal_server.base}/t/{table}")
    page.wait_for_selector("#status .myturn")
    options = page.eval_on_selector_all("#legal option", "os => os.map(o => o.value)")
    assert WORDS[lang] in options
    if lang == "de":
        placeholder = page.get_attribute("#move", "placeholder") or ""
        assert "flip" not in placeholder and "aufdecken" in placeholder, placeholder
        assert not [o for o in options if o.startswith("flip ") or "-" in o], options
    page.fill("#move", WORDS[lang])
    docs_shot(page, f"move-words-{lang}-{view}")
    page.press("#move", "Enter")
    _wait(lambda: page.locator("#log li").count() == 6, page, 10)
    assert page.locator("#refusal[hidden]").count() == 1
    assert not page.errors
