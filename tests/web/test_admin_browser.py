"""The moderation page in the browser: a moderator signs in with the admin token, hides
a rude chat message and closes the table; the log shows both. Screenshots of the page in
German and English, desktop and phone, go to ``artifacts/`` (with
``SPIELTISCH_DOCS_SHOTS=1`` to ``docs/screenshots/admin-*.png``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.procserver import Server

from .conftest import docs_shot, new_page

TOKEN = "browser-admin-token-0123456789abcdef"


@pytest.fixture(scope="module")
def admin_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("admin") / "admin.db"
    srv = Server(f"sqlite:///{db}", bot_delay=0.05, env={"SPIELTISCH_ADMIN_TOKEN": TOKEN})
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def table_with_chat(server: Server) -> tuple[str, int]:
    """A running two-player Halali table whose chat has a rude line and a greeting."""
    made = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "halali", "seats": [{"kind": "human"}, {"kind": "human"}], "name": "Ada"},
    ).json()
    tid = made["table"]["id"]
    httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"})
    url = server.base.replace("http", "ws") + f"/ws/tables/{tid}"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "token": made["seat_token"]}))
        ws.recv(timeout=15)
        ids = []
        for text in ("you all play like bots, idiots", "hello"):
            ws.send(json.dumps({"type": "chat", "text": text}))
            while (msg := json.loads(ws.recv(timeout=15)))["type"] != "chat":
                pass
            ids.append(msg["message"]["id"])
    return tid, ids[0]


def sign_in(page: Any, server: Server) -> None:
    page.goto(f"{server.base}/admin")
    page.fill("#admin-credential", TOKEN)
    page.click("#admin-login button[type=submit]")
    page.wait_for_selector("#admin-log")


def test_a_moderator_hides_a_message_and_closes_the_table(
    admin_server: Server, browser: Any
) -> None:
    tid, rude = table_with_chat(admin_server)
    page = new_page(browser, "de")
    page.goto(f"{admin_server.base}/admin")
    page.fill("#admin-credential", "wrong-token-wrong-token-wrong")
    page.click("#admin-login button[type=submit]")
    page.wait_for_selector("#admin-login .error:has-text('Das darf nur die Moderation')")
    sign_in(page, admin_server)
    page.fill("#admin-table-id", f"{admin_server.base}/t/{tid}")  # a pasted invite link
    page.click("#admin-show-chat")
    page.click(f"[data-chat='{rude}'] [data-hide]")
    page.wait_for_selector(f"[data-chat='{rude}'] em:has-text('ausgeblendet')")
    listed = httpx.get(
        f"{admin_server.base}/api/admin/tables/{tid}/chat",
        headers={"authorization": f"Bearer {TOKEN}"},
    ).json()["messages"]
    assert [m["hidden"] for m in listed] == [True, False]
    page.click("#admin-close")
    page.wait_for_selector("#admin-table .ok:has-text('Tisch geschlossen.')")
    page.wait_for_selector("#admin-log tr[data-action='close_table']")
    rows = page.locator("#admin-log tbody tr").all_inner_texts()
    assert "Tisch geschlossen" in rows[0] and "Admin-Schlüssel" in rows[0] and tid in rows[0]
    assert "war: läuft" in rows[0]
    assert "Nachricht ausgeblendet" in rows[1]
    assert httpx.get(f"{admin_server.base}/api/tables/{tid}").json()["status"] == "closed"
    page.fill("#admin-ban-name", "Troll")
    page.click("#admin-ban-button")
    page.wait_for_selector("#admin-banned li:has-text('Troll')")
    signup = httpx.post(f"{admin_server.base}/api/players", json={"name": "troll"})
    assert signup.json()["error"]["code"] == "player/name_banned"
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("mobile", [False, True], ids=["desktop", "phone"])
def test_admin_page_screens(admin_server: Server, browser: Any, lang: str, mobile: bool) -> None:
    page = new_page(browser, lang, mobile=mobile, height=800)
    sign_in(page, admin_server)
    text = page.inner_text("main")
    for raw in ("close_table", "hide_chat", "undefined", "null", "adm."):
        assert raw not in text, raw
    docs_shot(page, f"admin-{lang}{'-phone' if mobile else ''}", full_page=True)
    assert page.errors == []
    page.context.close()


def test_the_admin_page_without_a_credential_shows_only_the_sign_in(
    admin_server: Server, browser: Any
) -> None:
    page = new_page(browser, "en")
    page.goto(f"{admin_server.base}/admin")
    page.wait_for_selector("#admin-login")
    assert page.locator("#admin-log").count() == 0  # the sign-in form is all a stranger sees
    page.context.close()
