"""A table whose people close their pages ends as abandoned (a short ``abandoned_after``
here): the lobby lists it among the ended games, marked so, its replay says how it
ended, and the table page, opened again, says so too; in German and English, desktop
and phone. Screenshots go to ``artifacts/``, and with ``SPIELTISCH_DOCS_SHOTS=1`` to
``docs/screenshots/``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import docs_shot, new_page, remember_seat

WORDS = {
    "de": ("verlassen", "ohne Wertung", "Alle hatten diesen Tisch verlassen"),
    "en": ("abandoned", "unrated", "Everyone had left this table"),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("abandoned") / "web.db"
    srv = Server(f"sqlite:///{db}", bot_delay=0.05, env={"SPIELTISCH_ABANDONED_AFTER": "2"})
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.mark.slow
def test_a_table_whose_people_close_their_pages_ends_as_abandoned(
    server: Server, browser: Any
) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = httpx.post(
        f"{server.base}/api/tables", json={"game": "halali", "seats": seats, "name": "Ada"}
    ).json()
    tid = made["table"]["id"]
    bob = httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"}).json()
    pages = []
    for seat, token in ((0, made["seat_token"]), (1, bob["seat_token"])):
        page = new_page(browser, "de")
        remember_seat(page, tid, seat, token)
        page.goto(f"{server.base}/t/{tid}")
        page.locator(".seats-list .badge", has_text="Du").wait_for(timeout=15000)
        pages.append(page)
    pages[0].locator("#status .myturn").wait_for(timeout=15000)
    pages[0].focus("g.sq.flippable")  # Ada's first move, then both leave
    pages[0].keyboard.press("Enter")
    pages[1].locator("#log li").first.wait_for(timeout=15000)
    assert httpx.get(f"{server.base}/api/tables/{tid}").json()["status"] == "running"
    for page in pages:
        assert not page.errors
        page.context.close()
    deadline = time.monotonic() + 30
    while httpx.get(f"{server.base}/api/tables/{tid}").json()["status"] != "abandoned":
        assert time.monotonic() < deadline, "the deserted table never ended"
        time.sleep(0.2)

    for lang, mobile in (("de", False), ("de", True), ("en", False), ("en", True)):
        status, unrated, told = WORDS[lang]
        where = f"{lang}-{'phone' if mobile else 'desktop'}"
        page = new_page(browser, lang, mobile=mobile)
        page.goto(server.base + "/")
        row = page.locator(f"#finished-tables li[data-table='{tid}']")
        row.wait_for(timeout=15000)
        assert status in row.locator(".status").inner_text()
        assert unrated in row.inner_text()
        assert page.locator(f"#open-tables li[data-table='{tid}']").count() == 0
        docs_shot(page, f"abandoned-lobby-{where}", full_page=True)
        row.locator("a").click()
        page.wait_for_url(f"**/replay/{tid}", timeout=15000)
        page.click("#last", timeout=15000)
        assert told in page.locator("#result").inner_text(timeout=15000)
        assert page.locator("#to-review").count() == 0  # nothing to analyse: no result
        docs_shot(page, f"abandoned-replay-{where}", full_page=True)
        if lang == "de" and not mobile:
            page.goto(f"{server.base}/t/{tid}")
            assert told in page.locator("#gone").inner_text(timeout=15000)
            docs_shot(page, f"abandoned-table-{where}", full_page=True)
        assert not page.errors
        page.context.close()
