"""Table chat and the tidy lobby in Chromium: markup in a chat message shows as text,
quick phrases read in each reader's language, a mute outlives a reload, spectators see
the chat only where the host allowed it; the lobby lists this browser's tables, its host
closes an open one, and finished games come in pages with winner, date and replay link.
Screenshots (German and English, desktop and phone) land in ``artifacts/``."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from spieltisch.store import Store
from tests.server.procserver import Server

from .conftest import new_page, shot
from .finished import bot_record, store_finished

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]

SCRIPT = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"><b>fett</b>'
FINISHED = 12


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose database already holds finished games, enough for two pages."""
    db = f"sqlite:///{tmp_path_factory.mktemp('chatlobby') / 'site.db'}"
    store = Store(db)
    record = bot_record("halali", {}, 2, seed=5, level="random")
    for i in range(FINISHED):
        store_finished(store, f"old{i:02d}", record, "random")
    store.close()
    srv = Server(db, bot_delay=0.05)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def _table(site: Server, spectator_chat: str = "none") -> tuple[str, dict[str, Any], str]:
    """A running two-human Halali table: (id, what its creator got, the second seat's token)."""
    made = httpx.post(
        f"{site.base}/api/tables",
        json={
            "game": "halali",
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "name": "Ada",
            "spectator_chat": spectator_chat,
        },
    ).json()
    tid = made["table"]["id"]
    joined = httpx.post(f"{site.base}/api/tables/{tid}/join", json={"name": "Bruno"}).json()
    return tid, made, joined["seat_token"]


def _seated(browser: Any, lang: str, tid: str, seat: int, token: str, **kw: Any) -> Any:
    page = new_page(browser, lang, **kw)
    page.context.add_init_script(
        f"localStorage.setItem('spieltisch.seat.{tid}', "
        f"JSON.stringify({{seat: {seat}, token: '{token}'}}))"
    )
    return page


def _wait(cond: Any, page: Any, seconds: float = 15.0) -> None:
    """Poll ``cond`` (the page's CSP forbids Playwright's string predicates)."""
    for _ in range(int(seconds / 0.05)):
        if cond():
            return
        page.wait_for_timeout(50)
    raise AssertionError("timed out")


def _lines(page: Any) -> list[str]:
    return [str(x) for x in page.locator("#chat-list li .chat-text").all_inner_texts()]


def test_a_script_in_the_chat_is_text_and_quick_phrases_read_in_each_language(
    browser: Any, site: Server
) -> None:
    tid, made, other = _table(site)
    ada = _seated(browser, "de", tid, 0, made["seat_token"])
    bruno = _seated(browser, "en", tid, 1, other)
    for page in (ada, bruno):
        page.goto(f"{site.base}/t/{tid}")
        page.wait_for_selector("#chat-input")
    ada.fill("#chat-input", SCRIPT)
    ada.click("#chat-send")
    _wait(lambda: _lines(bruno) == [SCRIPT], bruno)
    assert bruno.evaluate("window.__pwned") is None and ada.evaluate("window.__pwned") is None
    assert bruno.locator("#chat-list b, #chat-list img, #chat-list script").count() == 0
    bruno.click('[data-quick="gg"]')
    _wait(lambda: _lines(ada) == [SCRIPT, "Gut gespielt!"], ada)
    _wait(lambda: _lines(bruno) == [SCRIPT, "Well played!"], bruno)
    ada.click('[data-quick="thanks"]')
    _wait(lambda: _lines(ada)[-1:] == ["Danke!"], ada)
    shot(ada, "chat-table-desktop-de")
    shot(bruno, "chat-table-desktop-en")
    # Too long for the server: the input stops at 200, so send it past the input.
    ada.evaluate("document.getElementById('chat-input').removeAttribute('maxlength')")
    ada.fill("#chat-input", "x" * 201)
    ada.click("#chat-send")
    ada.wait_for_selector("#chat-error:not([hidden])")
    assert "zu lang" in ada.inner_text("#chat-error")
    # Bruno mutes Ada: her lines disappear for him, and stay hidden after a reload.
    bruno.click("#chat-mute summary")
    bruno.check('[data-mute="s0"]')
    _wait(lambda: _lines(bruno) == ["Well played!"], bruno)
    bruno.reload()
    bruno.wait_for_selector("#chat-input")
    _wait(lambda: _lines(bruno) == ["Well played!"], bruno)
    assert "Gut gespielt!" in ada.inner_text("#chat-list")  # a mute is his alone
    for page in (ada, bruno):
        assert not page.errors, page.errors
        page.context.close()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_chat_on_a_phone(browser: Any, site: Server, lang: str) -> None:
    tid, made, _other = _table(site, "read")
    page = _seated(browser, lang, tid, 0, made["seat_token"], mobile=True)
    page.goto(f"{site.base}/t/{tid}")
    page.wait_for_selector("#chat-input")
    page.click('[data-quick="gl"]')
    page.fill("#chat-input", "Auf geht's – ein langes Wort: Donaudampfschifffahrtsgesellschaft")
    page.click("#chat-send")
    _wait(lambda: len(_lines(page)) == 2, page)
    page.locator("#chat").scroll_into_view_if_needed()
    shot(page, f"chat-table-phone-{lang}")
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 1, f"{wide}px wider than the phone"
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize(("mode", "reads"), [("none", False), ("read", True)])
def test_spectators_see_the_chat_only_if_the_host_allowed_it(
    browser: Any, site: Server, mode: str, reads: bool
) -> None:
    tid, made, _other = _table(site, mode)
    ada = _seated(browser, "de", tid, 0, made["seat_token"])
    ada.goto(f"{site.base}/t/{tid}")
    ada.wait_for_selector("#chat-input")
    ada.fill("#chat-input", "Nur für Bruno")
    ada.click("#chat-send")
    _wait(lambda: _lines(ada) == ["Nur für Bruno"], ada)
    watcher = new_page(browser, "de")
    watcher.goto(f"{site.base}/t/{tid}")
    watcher.wait_for_selector("#chat-note")
    watcher.wait_for_timeout(300)
    text = watcher.inner_text("body")
    assert ("Nur für Bruno" in text) == reads
    assert watcher.locator("#chat-input").is_visible() is False  # spectators do not write
    note = watcher.inner_text("#chat-note")
    assert note == (
        "Als Zuschauer liest du nur mit."
        if reads
        else "Das Gespräch an diesem Tisch ist nur für die Spieler."
    )
    for page in (ada, watcher):
        assert not page.errors, page.errors
        page.context.close()


def _lobby(browser: Any, site: Server, lang: str, tokens: dict[str, str], **kw: Any) -> Any:
    page = new_page(browser, lang, **kw)
    for key, value in tokens.items():
        page.context.add_init_script(f"localStorage.setItem({key!r}, {value!r})")
    page.goto(site.base + "/")
    page.wait_for_selector("#create")
    page.wait_for_selector("#finished-tables li")
    return page


def test_my_tables_closing_an_open_table_and_finished_games_in_pages(
    browser: Any, site: Server
) -> None:
    running, made, _other = _table(site)
    waiting = httpx.post(
        f"{site.base}/api/tables",
        json={"game": "halali", "seats": [{"kind": "human"}] * 2, "name": "Ada"},
    ).json()
    wid = waiting["table"]["id"]
    tokens = {
        f"spieltisch.seat.{running}": f'{{"seat": 0, "token": "{made["seat_token"]}"}}',
        f"spieltisch.host.{running}": made["host_token"],
        f"spieltisch.seat.{wid}": f'{{"seat": 0, "token": "{waiting["seat_token"]}"}}',
        f"spieltisch.host.{wid}": waiting["host_token"],
    }
    page = _lobby(browser, site, "de", tokens)
    page.wait_for_selector(f'#my-tables li[data-table="{wid}"]')
    mine = page.locator("#my-tables li")
    assert {mine.nth(i).get_attribute("data-table") for i in range(mine.count())} == {
        running,
        wid,
    }
    assert "verfallen nach 24\u00a0h" in page.inner_text("#open-ttl")
    # Finished games: one page, then "more", each with winner, date and a replay link.
    assert page.locator("#finished-tables li").count() == 10
    first = page.locator("#finished-tables li").first
    assert "gewinnt" in first.inner_text() or "Unentschieden" in first.inner_text()
    assert "beendet am" in first.inner_text()
    assert (
        first.locator("a").get_attribute("href") == f"/replay/{first.get_attribute('data-table')}"
    )
    shot(page, "lobby-desktop-de")
    page.click("#more-finished")
    _wait(lambda: page.locator("#finished-tables li").count() >= FINISHED, page)
    assert (
        page.locator("#more-finished").count() == 0
        or page.locator("#finished-tables li").count() > FINISHED
    )
    # The host closes the waiting table: two clicks, then it is gone from the lists.
    close = page.locator(f'#my-tables [data-close="{wid}"]')
    close.click()
    assert close.inner_text() == "Wirklich schließen?"
    close.click()
    _wait(lambda: page.locator(f'#my-tables li[data-table="{wid}"]').count() == 0, page)
    assert httpx.get(f"{site.base}/api/tables/{wid}").json()["status"] == "closed"
    assert page.locator(f'#open-tables li[data-table="{wid}"]').count() == 0
    assert not page.errors, page.errors
    page.context.close()
    # The waiting player's page says the table was closed.
    gone = _seated(browser, "en", wid, 0, waiting["seat_token"])
    gone.goto(f"{site.base}/t/{wid}")
    gone.wait_for_selector("#gone")
    assert "The host closed this table" in gone.inner_text("#gone")
    gone.context.close()


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("mobile", [False, True])
def test_the_lobby_reads_clean(browser: Any, site: Server, lang: str, mobile: bool) -> None:
    tid, made, _other = _table(site)
    tokens = {
        f"spieltisch.seat.{tid}": f'{{"seat": 0, "token": "{made["seat_token"]}"}}',
        f"spieltisch.host.{tid}": made["host_token"],
    }
    page = _lobby(browser, site, lang, tokens, mobile=mobile)
    page.wait_for_selector(f'#my-tables li[data-table="{tid}"]')
    shot(page, f"lobby-{'phone' if mobile else 'desktop'}-{lang}-tidy")
    text = page.inner_text("body")
    assert "undefined" not in text and "status_" not in text
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 1, f"{wide}px wider than the screen"
    assert not page.errors, page.errors
    page.context.close()


def test_the_host_closes_the_waiting_table_from_its_page(browser: Any, site: Server) -> None:
    made = httpx.post(
        f"{site.base}/api/tables",
        json={"game": "halali", "seats": [{"kind": "human"}] * 2, "name": "Ada"},
    ).json()
    tid = made["table"]["id"]
    host = _seated(browser, "de", tid, 0, made["seat_token"])
    host.context.add_init_script(
        f"localStorage.setItem('spieltisch.host.{tid}', {made['host_token']!r})"
    )
    guest = new_page(browser, "en")
    for page in (host, guest):
        page.goto(f"{site.base}/t/{tid}")
        page.wait_for_selector(".waiting")
    assert guest.locator("#close-table").count() == 0  # only the host may
    host.click("#close-table")
    host.wait_for_selector("#close-table:text('Wirklich schließen?')")
    host.click("#close-table")
    for page, words in (
        (host, "Der Gastgeber hat diesen Tisch geschlossen."),
        (guest, "The host closed this table."),
    ):
        page.wait_for_selector("#gone")
        assert page.inner_text("#gone h2") == words
        assert not page.errors, page.errors
        page.context.close()
