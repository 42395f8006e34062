"""A score table wider than a phone scrolls sideways and shows that it does: a shadow at
the edge with more to see (Hydra's totals in the replay of a finished game)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from spieltisch.store import Store
from tests.server.procserver import Server

from .conftest import docs_shot, new_page
from .finished import bot_record, store_finished

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]


@pytest.fixture(scope="module")
def hydra_done(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("scroll") / "scroll.db"
    store = Store(f"sqlite:///{db}")
    store_finished(store, "hydra-done", bot_record("hydra", {"games": 1}, 6, 3), "rules")
    store.close()
    srv = Server(f"sqlite:///{db}", bot_delay=0.05)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_wide_score_table_shows_it_scrolls(hydra_done: Server, browser: Any, lang: str) -> None:
    page = new_page(browser, lang, mobile=True)
    plies = httpx.get(f"{hydra_done.base}/api/tables/hydra-done").json()["plies"]
    page.goto(f"{hydra_done.base}/replay/hydra-done?ply={plies}")
    page.wait_for_selector(".scroll-x .score-table")
    wide = page.evaluate(
        "[...document.querySelectorAll('.scroll-x')].map(b => b.scrollWidth > b.clientWidth)"
    )
    assert any(wide), "no score table is wider than the phone: nothing to show"
    # The page itself is as wide as the phone: the table scrolls in its box.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    edges = page.evaluate(
        "[...document.querySelectorAll('.scroll-x')].map(b => [b.getBoundingClientRect().right,"
        " b.closest('.card, .side').getBoundingClientRect().right, b.className])"
    )
    for right, card, _ in edges:
        assert right <= card + 0.5, edges
    shadow = page.evaluate("getComputedStyle(document.querySelector('.scroll-x')).backgroundImage")
    assert shadow.count("radial-gradient") == 2 and "linear-gradient" in shadow
    page.evaluate("document.querySelector('.scroll-x .score-table').scrollIntoView()")
    docs_shot(page, f"score-scroll-{lang}-phone")
    assert not page.errors
