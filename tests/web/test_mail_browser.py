"""Mail notices in the browser: a signed-in player gives his address on his player page,
is told to confirm it, opens the link from the mail (a page in his language) and sees
it confirmed; the same card in German and English, on a desktop and a phone."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller

from tests.server.procserver import Server
from tests.server.test_mail import Inbox, body, free_port

from .conftest import new_page, shot


@pytest.fixture(scope="module")
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler, port = Inbox(), free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield handler, port
    finally:
        controller.stop()


@pytest.fixture(scope="module")
def mail_server(
    tmp_path_factory: pytest.TempPathFactory, inbox: tuple[Inbox, int]
) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("mail") / "mail.db"
    srv = Server(f"sqlite:///{db}", bot_delay=0.05)
    srv.env["SPIELTISCH_SMTP_URL"] = f"smtp://127.0.0.1:{inbox[1]}"
    srv.env["SPIELTISCH_PUBLIC_URL"] = srv.base
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def signed_in(browser: Any, server: Server, name: str, lang: str, mobile: bool) -> Any:
    made = httpx.post(f"{server.base}/api/players", json={"name": name}).json()
    stored = json.dumps({"id": made["player"]["id"], "name": name, "key": made["key"]})
    page = new_page(browser, lang, mobile=mobile)
    page.context.add_init_script(f"localStorage.setItem('spieltisch.player', {stored!r})")
    page.goto(f"{server.base}/players")
    page.locator("#player-mail").wait_for(timeout=15000)
    return page


@pytest.mark.slow
@pytest.mark.parametrize(
    ("lang", "mobile", "name", "words"),
    [
        (
            "de",
            False,
            "Anna",
            ("Wartet auf Bestätigung", "Deine Adresse ist bestätigt", "Bestätigt"),
        ),
        (
            "en",
            True,
            "Alice",
            ("Waiting for confirmation", "Your address is confirmed", "Confirmed"),
        ),
    ],
)
def test_a_player_gives_and_confirms_his_address(
    mail_server: Server,
    inbox: tuple[Inbox, int],
    browser: Any,
    lang: str,
    mobile: bool,
    name: str,
    words: tuple[str, str, str],
) -> None:
    screen = "phone" if mobile else "desktop"
    address = f"{name.lower()}@example.org"
    page = signed_in(browser, mail_server, name, lang, mobile)
    state = page.locator("#mail-state")
    page.wait_for_function("() => document.querySelector('#mail-state').textContent !== ''")
    page.fill("#mail-address", address)
    page.locator("#player-mail button[type=submit]").click()
    page.wait_for_function(
        f"() => document.querySelector('#mail-state').textContent.startsWith({words[0]!r})"
    )
    assert address in state.inner_text()
    page.locator("#player-mail").scroll_into_view_if_needed()
    shot(page, f"mail-pending-{lang}-{screen}")

    (mail,) = inbox[0].wait(address, 1)
    text = body(mail)
    found = re.search(rf"{re.escape(mail_server.base)}/mail/confirm/\S+", text)
    assert found is not None, text
    page.goto(found.group(0))
    assert words[1] in page.locator("[role=status]").inner_text()
    shot(page, f"mail-confirmed-page-{lang}-{screen}")

    page.goto(f"{mail_server.base}/players")
    page.wait_for_function(
        f"() => document.querySelector('#mail-state').textContent.startsWith({words[2]!r})"
    )
    assert page.locator("#mail-stop").is_visible()
    page.locator("#player-mail").scroll_into_view_if_needed()
    shot(page, f"mail-confirmed-{lang}-{screen}")
    page.locator("#mail-stop").click()
    page.wait_for_function(
        f"() => !document.querySelector('#mail-state').textContent.startsWith({words[2]!r})"
    )
    assert page.errors == []
