"""The chat through an evening's flood, in Chromium: a refused message goes back into the
field to edit, the refusal goes away once it is stale, and the list keeps showing the
newest messages when a move redraws the table page."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from tests.server.procserver import Server

from .test_chat_lobby_browser import _lines, _seated, _table, _wait, site  # noqa: F401
from .test_resign_rematch import play_one

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]

# The server takes 5 messages at once from a seat, then one every 2 seconds.
BURST = 5


def _at_bottom(page: Any) -> bool:
    return bool(
        page.evaluate(
            "(l => l.scrollHeight > l.clientHeight"
            " && l.scrollHeight - l.scrollTop - l.clientHeight < 4)"
            "(document.getElementById('chat-list'))"
        )
    )


def test_a_flood_keeps_the_refused_text_and_the_newest_lines_in_view(
    browser: Any,
    site: Server,  # noqa: F811
) -> None:
    tid, made, _other = _table(site)
    ada = _seated(browser, "de", tid, 0, made["seat_token"], mobile=True, touch=True)
    ada.goto(f"{site.base}/t/{tid}")
    ada.wait_for_selector("#chat-input")
    long = "Donaudampfschifffahrtsgesellschaftskapitänsmütze " * 3
    for i in range(BURST):
        ada.fill("#chat-input", f"{i}: {long}")
        ada.click("#chat-send")
    ada.fill("#chat-input", "Eins zu viel")
    ada.click("#chat-send")
    ada.wait_for_selector("#chat-error:not([hidden])")
    assert "warten" in ada.inner_text("#chat-error")
    # What was refused is not lost: it is back in the field.
    assert ada.input_value("#chat-input") == "Eins zu viel"
    _wait(lambda: len(_lines(ada)) == BURST, ada)
    _wait(lambda: _at_bottom(ada), ada)
    # A move redraws the page; the list still shows its newest line, not its oldest.
    play_one(ada)
    ada.locator("#status", has_text="Bruno ist am Zug").wait_for(timeout=15000)
    ada.wait_for_timeout(300)
    assert _at_bottom(ada), "the chat jumped back to its oldest message"
    # The refusal goes once it is stale, without another message.
    ada.wait_for_selector("#chat-error", state="hidden", timeout=12000)
    assert ada.input_value("#chat-input") == "Eins zu viel"
    ada.click("#chat-send")
    _wait(lambda: _lines(ada)[-1:] == ["Eins zu viel"], ada)
    assert not ada.errors, ada.errors
    ada.context.close()
