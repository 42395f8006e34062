"""Turn clocks and "your turn" in the browser: the clock shows and counts down in German,
the tab's title and icon change when the turn comes, the lobby offers the clock only for
games with turns and marks my tables that wait for me."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.procserver import Server

from .conftest import new_page, remember_seat, shot
from .test_resign_rematch import play_one, seated


def seconds(text: str) -> int:
    m = re.fullmatch(r"(\d+):(\d\d)", text.strip())
    assert m is not None, text
    return int(m.group(1)) * 60 + int(m.group(2))


@pytest.mark.slow
def test_the_clock_counts_down_in_german_and_the_title_says_whose_turn(
    server: Server, browser: Any
) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    clock = {"mode": "move", "seconds": 120}
    made = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "halali", "seats": seats, "name": "Ada", "clock": clock},
    ).json()
    tid = made["table"]["id"]
    bob = httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"}).json()
    tokens = {0: made["seat_token"], 1: bob["seat_token"]}
    left = httpx.get(f"{server.base}/api/tables/{tid}").json()["clock"]["left"]
    first = next(seat for seat, s in enumerate(left) if s is not None)
    second = 1 - first

    waiting = seated(browser, server, tid, second, tokens[second], "de", mobile=False)
    mover = seated(browser, server, tid, first, tokens[first], "en", mobile=True)

    # The waiting player sees the mover's clock count down, in the status bar and his seat.
    shown = waiting.locator("#turn-clock")
    shown.wait_for(timeout=15000)
    before = seconds(shown.inner_text())
    assert 100 < before <= 120
    waiting.wait_for_timeout(2200)
    assert seconds(shown.inner_text()) < before
    assert "ist am Zug" in waiting.locator("#status").inner_text()
    assert waiting.locator(".seats-list .turn-clock").count() == 2
    assert waiting.locator(".seats-list .turn-clock.running").count() == 1
    assert waiting.title() == "spieltisch"
    mover.wait_for_function("() => document.title === '(•) Your turn – spieltisch'", timeout=15000)
    shot(waiting, "turn-clock-de-desktop")
    shot(mover, "turn-clock-en-phone")
    # The same seats on the other screens.
    de_phone = seated(browser, server, tid, second, tokens[second], "de", mobile=True)
    de_phone.locator("#turn-clock").wait_for(timeout=15000)
    shot(de_phone, "turn-clock-de-phone")
    en_desktop = seated(browser, server, tid, first, tokens[first], "en", mobile=False)
    en_desktop.locator("#turn-clock").wait_for(timeout=15000)
    shot(en_desktop, "turn-clock-en-desktop")

    # The move is made: now the title of the waiting player's tab says it is his turn.
    play_one(mover)
    waiting.wait_for_function(
        "() => document.title === '(•) Du bist am Zug – spieltisch'", timeout=15000
    )
    icon = waiting.locator('link[rel="icon"]').get_attribute("href")
    assert icon is not None and icon.startswith("data:image/svg+xml")
    mover.wait_for_function("() => document.title === 'spieltisch'", timeout=15000)
    # Notifications only on request: a button, never a prompt on load.
    assert waiting.locator("#allow-notify").inner_text() == "Benachrichtigen, wenn ich am Zug bin"

    # The lobby marks the table as waiting for him and offers the clock for Halali only.
    lobby = waiting.context.new_page()
    lobby.goto(server.base)
    marked = lobby.locator(f'#my-tables [data-waits="{tid}"]')
    marked.wait_for(timeout=15000)
    assert marked.inner_text().startswith("wartet auf dich")
    assert lobby.locator(f'#my-tables li[data-table="{tid}"]').count() == 1
    lobby.select_option("#game", "halali")
    assert lobby.locator("#turn-clock-field").is_visible()
    assert "Bedenkzeit" in lobby.locator("#turn-clock-field").inner_text()
    options = lobby.locator("#turn-clock option").all_inner_texts()
    assert "1 Tag pro Zug" in options and "30 s pro Zug" in options
    shot(lobby, "turn-clock-lobby-de-desktop")
    lobby.select_option("#game", "halligalli")
    assert not lobby.locator("#turn-clock-field").is_visible()
    for page in (waiting, mover, de_phone, en_desktop, lobby):
        assert getattr(page, "errors", []) == []


@pytest.mark.slow
def test_a_table_is_opened_with_a_correspondence_clock_from_the_lobby(
    server: Server, browser: Any
) -> None:
    page = new_page(browser, "en", mobile=True)
    page.goto(server.base)
    page.locator("#create").wait_for(timeout=15000)
    page.select_option("#game", "halali")
    page.fill("#name", "Ada")
    page.select_option("#turn-clock", "correspondence:172800")
    page.click("#create")
    page.wait_for_url(re.compile(r".*/t/"), timeout=15000)
    tid = page.url.rsplit("/", 1)[1]
    shown = httpx.get(f"{server.base}/api/tables/{tid}").json()["clock"]
    assert (shown["mode"], shown["seconds"]) == ("correspondence", 172800)
    assert page.errors == []


@pytest.mark.slow
def test_a_player_whose_time_ran_out_takes_his_seat_back(server: Server, browser: Any) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    clock = {"mode": "move", "seconds": 10}  # the shortest a table may set
    made = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "halali", "seats": seats, "name": "Ada", "clock": clock},
    ).json()
    tid = made["table"]["id"]
    bob = httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"}).json()
    tokens = {0: made["seat_token"], 1: bob["seat_token"]}
    left = httpx.get(f"{server.base}/api/tables/{tid}").json()["clock"]["left"]
    first = next(seat for seat, s in enumerate(left) if s is not None)
    page = seated(browser, server, tid, first, tokens[first], "de", mobile=True)
    note = page.locator("#timed-out")
    note.wait_for(timeout=30000)
    assert note.inner_text().startswith("Deine Bedenkzeit ist abgelaufen")
    shot(page, "turn-clock-timed-out-de-phone")
    note.locator("button").click()
    note.wait_for(state="detached", timeout=15000)
    table = httpx.get(f"{server.base}/api/tables/{tid}").json()
    assert table["seats"][first]["kind"] == "human"
    assert page.errors == []


# A browser whose tab is hidden and whose notifications are recorded: the page's own
# code runs unchanged against it.
HIDDEN_TAB = """
window.__notes = []; window.__asked = 0;
class RecordedNotification {
  constructor(title, options) { window.__notes.push({ title, body: (options || {}).body }); }
  close() {}
}
RecordedNotification.permission = "default";
RecordedNotification.requestPermission = async () => {
  window.__asked += 1; RecordedNotification.permission = "granted"; return "granted";
};
window.Notification = RecordedNotification;
Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
"""


@pytest.mark.slow
def test_a_notification_only_after_the_player_allows_it_when_his_turn_comes(
    server: Server, browser: Any
) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = httpx.post(
        f"{server.base}/api/tables",
        json={
            "game": "halali",
            "seats": seats,
            "name": "Ada",
            "clock": {"mode": "move", "seconds": 60},
        },
    ).json()
    tid = made["table"]["id"]
    bob = httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"}).json()
    tokens = {0: made["seat_token"], 1: bob["seat_token"]}
    left = httpx.get(f"{server.base}/api/tables/{tid}").json()["clock"]["left"]
    first = next(seat for seat, s in enumerate(left) if s is not None)
    second = 1 - first
    page = new_page(browser, "de")
    page.context.add_init_script(HIDDEN_TAB)
    remember_seat(page, tid, second, tokens[second])
    page.goto(f"{server.base}/t/{tid}")
    allow = page.locator("#allow-notify")
    allow.wait_for(timeout=15000)
    assert page.evaluate("window.__asked") == 0  # never asked on load
    allow.click()
    allow.wait_for(state="detached", timeout=5000)
    assert page.evaluate("window.__asked") == 1
    assert page.evaluate("window.__notes.length") == 0

    with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{tid}") as ws:
        ws.send(json.dumps({"type": "hello", "token": tokens[first]}))
        view = json.loads(ws.recv(timeout=10))["view"]
        ws.send(json.dumps({"type": "act", "action": view["legal_actions"][0]}))
        page.wait_for_function("() => window.__notes.length > 0", timeout=15000)
    notes = page.evaluate("window.__notes")
    assert notes == [{"title": "Du bist am Zug", "body": "Du bist am Zug: Halali!"}]
    assert page.title() == "(•) Du bist am Zug – spieltisch"
    assert page.errors == []
