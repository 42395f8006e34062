"""When a bot takes a seat over after its person's time ran out, the "denkt nach" counter
counts the bot's own seconds from 0, not the seconds the person let run out."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import docs_shot, new_page, remember_seat

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]


@pytest.fixture(scope="module")
def slow_bots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("thinking") / "thinking.db"
    srv = Server(f"sqlite:///{db}", bot_delay=4.0)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.mark.parametrize(("lang", "phone"), [("de", True), ("en", False)])
def test_the_bot_that_takes_over_counts_from_zero(
    slow_bots: Server, browser: Any, lang: str, phone: bool
) -> None:
    made = httpx.post(
        f"{slow_bots.base}/api/tables",
        json={
            "game": "halali",
            "seats": [{"kind": "human"}] * 2,
            "name": "Bob",
            "clock": {"mode": "move", "seconds": 10},
        },
    ).json()
    tid = made["table"]["id"]
    ada = httpx.post(f"{slow_bots.base}/api/tables/{tid}/join", json={"name": "Ada"}).json()
    page = new_page(browser, lang, mobile=phone)
    remember_seat(page, tid, ada["seat"], ada["seat_token"])
    page.goto(f"{slow_bots.base}/t/{tid}")
    # Bob never comes: after 10 s his seat is a bot's, which thinks for 4 s.
    page.wait_for_selector(".seats-list .thinking", timeout=25000)
    seconds = int(re.findall(r"\d+", page.inner_text(".seats-list .thinking"))[0])
    assert seconds < 5, seconds
    view = "phone" if phone else "desktop"
    docs_shot(page, f"thinking-after-timeout-{lang}-{view}")
    assert not page.errors
