"""A player in the browser, in German: makes an identity, plays a rated game against a bot
(and gives it up, the quickest way to a finished game, HA-R9), finds it on his profile
and himself on the leaderboard beside the bots. A second player beats him once more, so
the pages show wins and losses; screenshots of the player page, profile, leaderboard and
lobby in German and English, desktop and phone, go to ``artifacts/`` like every browser
test's, and with ``SPIELTISCH_DOCS_SHOTS=1`` to ``docs/screenshots/`` instead (this is the
one place the players' and leaderboard screenshots there come from).
"""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from spieltisch.arena.anchors import ANCHORS_FILE, read_anchors
from tests.server.procserver import Server

from .conftest import docs_shot, new_page


def resign_over_socket(server: Server, tid: str, token: str) -> None:
    """Give up a seat as its browser would, over the table's websocket."""
    url = server.base.replace("http", "ws") + f"/ws/tables/{tid}"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        ws.recv(timeout=15)
        ws.send(json.dumps({"type": "resign"}))
        for _ in range(200):
            msg = json.loads(ws.recv(timeout=15))
            if msg.get("type") == "step" and any(e["type"] == "resign" for e in msg["events"]):
                return
    raise AssertionError("the resignation was not confirmed")


def move_over_socket(server: Server, tid: str, token: str) -> None:
    """Play the seat's first legal move over the table's websocket and wait for its step
    (a game is rated only when every player made a move of his own)."""
    url = server.base.replace("http", "ws") + f"/ws/tables/{tid}"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        welcome = json.loads(ws.recv(timeout=15))
        seat = welcome["seat"]
        ws.send(json.dumps({"type": "act", "action": welcome["view"]["legal_actions"][0]}))
        for _ in range(200):
            msg = json.loads(ws.recv(timeout=15))
            if msg.get("type") == "step" and msg.get("seat") == seat:
                return
    raise AssertionError("the move was not confirmed")


def wait_finished(server: Server, tid: str) -> None:
    for _ in range(300):
        if httpx.get(f"{server.base}/api/tables/{tid}").json()["status"] == "finished":
            return
        time.sleep(0.05)
    raise AssertionError(f"{tid} did not finish")


@pytest.mark.slow
def test_a_player_plays_a_rated_game_and_finds_it_on_profile_and_leaderboard(
    server: Server, browser: Any
) -> None:
    anchored = read_anchors(ANCHORS_FILE)["games"]["halali"]["levels"]
    assert "rules" in anchored  # the lobby's default bot must be anchored to be rated
    page = new_page(browser, "de")
    page.goto(f"{server.base}/players")
    page.locator("#player-new h2", has_text="Neuer Spieler").wait_for(timeout=15000)
    page.fill("#pl-name", "Ada")
    page.fill("#pl-password", "Rotkäppchen-1")
    page.click("#player-new button[type=submit]")
    page.locator("#profile-name", has_text="Ada").wait_for(timeout=15000)
    player_id = page.url.rsplit("/", 1)[1]
    assert "Noch keine beendeten Partien." in page.locator("#profile-games").inner_text()

    # The lobby: the bot levels carry their ratings, the game is rated by default.
    page.click("a.brand")
    page.locator("#create").wait_for(timeout=15000)
    assert page.locator("#name").input_value() == "Ada"
    assert page.locator("#rated").is_checked()
    assert "Du spielst als Ada." in page.locator("#rated-field").inner_text()
    level = page.locator("#level-1 option:checked").get_attribute("label") or ""
    rules = anchored["rules"]
    assert level.endswith(f"· {round(1000 + 40 * (rules['mu'] - 3 * rules['sigma']))}")
    page.click("#create")
    page.wait_for_url("**/t/*", timeout=15000)
    tid = page.url.rsplit("/", 1)[1]
    mine = page.evaluate(f"JSON.parse(localStorage.getItem('spieltisch.seat.{tid}')).token")
    move_over_socket(server, tid, mine)  # a move of her own first, or the game is not rated
    page.click("#resign", timeout=15000)
    page.click("#resign-yes")
    page.locator("#status", has_text="Spiel beendet").wait_for(timeout=15000)

    # A second player gives up against Ada, so her profile has a win too.
    bruno = httpx.post(f"{server.base}/api/players", json={"name": "Bruno"}).json()
    ada_key = page.evaluate("JSON.parse(localStorage.getItem('spieltisch.player')).key")
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "halali", "seats": seats, "name": "Ada", "player": ada_key},
    ).json()
    second = made["table"]["id"]
    joined = httpx.post(
        f"{server.base}/api/tables/{second}/join", json={"name": "Bruno", "player": bruno["key"]}
    ).json()
    move_over_socket(server, second, made["seat_token"])
    move_over_socket(server, second, joined["seat_token"])
    resign_over_socket(server, second, joined["seat_token"])
    wait_finished(server, second)

    page.click("#nav-player")
    page.locator("#my-profile").click(timeout=15000)
    page.locator(f"#profile-games li[data-table='{tid}']").wait_for(timeout=15000)
    lost = page.locator(f"#profile-games li[data-table='{tid}']").inner_text()
    assert "Halali" in lost and "Niederlage" in lost and "1000 →" in lost and "Wiedergabe" in lost
    assert "Analyse" in lost
    won = page.locator(f"#profile-games li[data-table='{second}']").inner_text()
    assert "Sieg" in won and "Bruno" in won
    summary = page.locator("#profile-ratings").inner_text()
    assert "Wertung" in summary and "Niederlagen" in summary
    for lang, mobile in (("de", False), ("de", True), ("en", False), ("en", True)):
        view = page if (lang, mobile) == ("de", False) else with_player(browser, page, lang, mobile)
        view.goto(f"{server.base}/p/{player_id}")
        view.locator(f"#profile-games li[data-table='{tid}']").wait_for(timeout=15000)
        docs_shot(
            view, f"players-profile-{lang}-{'phone' if mobile else 'desktop'}", full_page=True
        )
        assert view.evaluate("document.documentElement.scrollWidth <= innerWidth")  # no sideways
        view.goto(f"{server.base}/ratings/halali")
        view.locator("#leaderboard tr.me").wait_for(timeout=15000)
        docs_shot(view, f"leaderboard-{lang}-{'phone' if mobile else 'desktop'}", full_page=True)
        assert view.evaluate("document.documentElement.scrollWidth <= innerWidth")
        view.goto(f"{server.base}/")
        view.locator("#rated-field").wait_for(timeout=15000)
        docs_shot(view, f"players-lobby-{lang}-{'phone' if mobile else 'desktop'}", full_page=True)
        view.goto(f"{server.base}/players")
        view.locator("#show-code").wait_for(timeout=15000)
        assert view.locator("#export-code").is_hidden()  # shown only when asked
        docs_shot(
            view, f"players-identity-{lang}-{'phone' if mobile else 'desktop'}", full_page=True
        )
        assert view.errors == []

    # The leaderboard, in German: Ada among the bots, the bots marked as fixed.
    page.goto(f"{server.base}/ratings/halali")
    board = page.locator("#leaderboard").inner_text()
    assert "Ada" in board and "Bruno" in board and "fest" in board and "Regel" in board
    assert "Wertung = 1000 + 40" in page.locator("#scale-note").inner_text()
    assert page.errors == []


def with_player(browser: Any, page: Any, lang: str, mobile: bool) -> Any:
    """Another page (language, size) of the same browser identity: its key copied over,
    as the export code carries it to another device."""
    stored = page.evaluate("localStorage.getItem('spieltisch.player')")
    view = new_page(browser, lang, mobile=mobile)
    view.context.add_init_script(f"localStorage.setItem('spieltisch.player', {stored!r})")
    return view


@pytest.mark.slow
def test_the_export_code_restores_the_player_in_another_browser(
    server: Server, browser: Any
) -> None:
    made = httpx.post(f"{server.base}/api/players", json={"name": "Clara"}).json()
    page = new_page(browser, "de", mobile=True)
    page.goto(f"{server.base}/players")
    page.locator("#player-import").wait_for(timeout=15000)
    docs_shot(page, "players-new-de-phone", full_page=True)
    page.fill("#import-code", "kaputt.nicht-der-richtige-schluessel-1234")
    page.click("#player-import button[type=submit]")
    page.locator("#player-import .error", has_text="ungültig").wait_for(timeout=15000)
    page.fill("#import-code", made["key"])
    page.click("#player-import button[type=submit]")
    page.locator("#profile-name", has_text="Clara").wait_for(timeout=15000)
    assert page.locator("#manage").inner_text() == "Verwalten"
    assert made["key"] not in page.url
    assert page.errors == []
    desktop = new_page(browser, "en")
    desktop.goto(f"{server.base}/players")
    desktop.locator("#player-login").wait_for(timeout=15000)
    docs_shot(desktop, "players-new-en-desktop", full_page=True)
    assert desktop.errors == []
