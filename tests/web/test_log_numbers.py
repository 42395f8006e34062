"""The table's log numbers its lines with their move numbers (not a count of lines), and a
three-digit number is shown whole: a Halli Galli table 130 moves in, German and English,
desktop and phone."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from spieltisch.store import Store
from tests.server.procserver import Server

from .conftest import docs_shot, new_page
from .finished import bot_record, store_running

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]

PLIES = 130
TOKENS = ["ada-token-of-the-long-log", "bruno-token-of-the-long-log", "clara-token-long-log"]


@pytest.fixture(scope="module")
def long_log(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("log") / "log.db"
    store = Store(f"sqlite:///{db}")
    record = bot_record("halligalli", {}, 3, 7, "average")
    assert len(record["actions"]) > PLIES
    store_running(store, "long-log", {**record, "actions": record["actions"][:PLIES]}, TOKENS)
    store.close()
    srv = Server(f"sqlite:///{db}", bot_delay=0.05)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.mark.parametrize(("lang", "phone"), [("de", True), ("en", False)])
def test_log_lines_carry_their_move_numbers(
    long_log: Server, browser: Any, lang: str, phone: bool
) -> None:
    page = new_page(browser, lang, mobile=phone)
    page.goto(f"{long_log.base}/t/long-log")
    page.wait_for_selector("#log li")
    values = page.eval_on_selector_all("#log li", "ls => ls.map(l => l.value)")
    assert values[0] <= PLIES and values[0] > 99  # the newest move's number
    assert values == sorted(values, reverse=True)
    assert len(values) != values[0] or len(set(values)) == len(values)
    # The marker of a three-digit number fits in the list's left padding.
    room = page.evaluate(
        "(() => { const ol = document.querySelector('#log');"
        " return parseFloat(getComputedStyle(ol).paddingLeft)"
        " / parseFloat(getComputedStyle(ol).fontSize); })()"
    )
    assert room >= 3.4  # em: four digits, the dot and a space
    page.evaluate("document.querySelector('#log').scrollIntoView({block: 'center'})")
    view = "phone" if phone else "desktop"
    docs_shot(page, f"log-numbers-{lang}-{view}")
    assert not page.errors
