"""Time banks in the browser: every seat shows its own bank (the one to move counting
down), the lobby offers the chess-clock presets, and a bank that runs out hands the seat
to a bot as a per-move clock does."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import shot
from .test_resign_rematch import play_one, seated
from .test_turn_clock_browser import seconds


def bank_table(server: Server, clock: dict[str, Any]) -> tuple[str, dict[int, str], int]:
    """Ada and Bob at a Halali table with this bank: (table, tokens, the seat to move)."""
    made = httpx.post(
        f"{server.base}/api/tables",
        json={
            "game": "halali",
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "name": "Ada",
            "clock": clock,
        },
    ).json()
    tid = made["table"]["id"]
    bob = httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"}).json()
    left = httpx.get(f"{server.base}/api/tables/{tid}").json()["clock"]["left"]
    first = next(seat for seat, s in enumerate(left) if s is not None)
    return tid, {0: made["seat_token"], 1: bob["seat_token"]}, first


@pytest.mark.slow
def test_each_seat_shows_its_bank_and_the_lobby_offers_the_presets(
    server: Server, browser: Any
) -> None:
    tid, tokens, first = bank_table(server, {"mode": "bank", "seconds": 180, "increment": 2})
    second = 1 - first
    mover = seated(browser, server, tid, first, tokens[first], "de", mobile=False)
    play_one(mover)  # the first turn passes: his bank keeps what is left, plus 2 s
    pages = {
        "de-desktop": mover,
        "de-phone": seated(browser, server, tid, first, tokens[first], "de", mobile=True),
        "en-desktop": seated(browser, server, tid, second, tokens[second], "en", mobile=False),
        "en-phone": seated(browser, server, tid, second, tokens[second], "en", mobile=True),
    }
    for name, page in pages.items():
        page.locator(".seats-list .turn-clock.running").wait_for(timeout=15000)
        badges = page.locator(".seats-list .turn-clock")
        assert badges.count() == 2
        banked = seconds(page.locator(f'.seats-list [data-clock-seat="{first}"]').inner_text())
        assert 170 < banked <= 182  # his bank after his move, standing still
        running = page.locator(".seats-list .turn-clock.running")
        assert running.get_attribute("data-clock-seat") == str(second)
        limit = running.get_attribute("title")
        assert limit == ("Zeitkonto 3+2" if name.startswith("de") else "Time bank 3+2")
        shot(page, f"time-bank-{name}")

    lobby = mover.context.new_page()
    lobby.goto(server.base)
    lobby.locator("#create").wait_for(timeout=15000)
    lobby.select_option("#game", "halali")
    options = lobby.locator("#turn-clock option").all_inner_texts()
    assert "Zeitkonto 3+2" in options and "Zeitkonto 15+10" in options
    lobby.select_option("#game", "halligalli")  # real time: no clock, no bank
    assert not lobby.locator("#turn-clock-field").is_visible()
    lobby.select_option("#game", "halali")
    lobby.fill("#name", "Ada")
    lobby.select_option("#turn-clock", "bank:600:5")
    lobby.click("#create")
    lobby.wait_for_url(re.compile(r".*/t/"), timeout=15000)
    made = httpx.get(f"{server.base}/api/tables/{lobby.url.rsplit('/', 1)[1]}").json()
    assert {k: made["clock"][k] for k in ("mode", "seconds", "increment")} == {
        "mode": "bank",
        "seconds": 600,
        "increment": 5,
    }
    for page in (*pages.values(), lobby):
        assert getattr(page, "errors", []) == []


@pytest.mark.slow
def test_a_bank_that_runs_out_hands_the_seat_to_a_bot(server: Server, browser: Any) -> None:
    tid, tokens, first = bank_table(server, {"mode": "bank", "seconds": 10, "increment": 2})
    page = seated(browser, server, tid, first, tokens[first], "en", mobile=True)
    mine = page.locator(f'.seats-list [data-clock-seat="{first}"].running')
    mine.wait_for(timeout=15000)
    note = page.locator("#timed-out")
    note.wait_for(timeout=30000)
    assert note.inner_text().startswith("Your time ran out")
    table = httpx.get(f"{server.base}/api/tables/{tid}").json()
    assert table["seats"][first]["kind"] == "bot"
    page.wait_for_function(  # the bot plays his seat: the turn passes to the other seat
        f"() => document.querySelector('.seats-list [data-clock-seat=\"{1 - first}\"].running')",
        timeout=30000,
    )
    shot(page, "time-bank-ran-out-en-phone")
    assert page.errors == []
