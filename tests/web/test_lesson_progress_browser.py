"""A signed-in player's lesson goes on where he left it on another device: the lesson
page saves each step on the server and a second browser, signed in with the password,
opens at that step."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.server.procserver import Server
from tests.web.conftest import new_page
from tests.web.test_lessons_browser import _tap

pytestmark = pytest.mark.slow


def _signed_in(browser: Any, player: dict[str, Any], key: str) -> Any:
    page = new_page(browser, "de", mobile=True, touch=True)
    me = json.dumps({"id": player["id"], "name": player["name"], "key": key})
    page.context.add_init_script(f"localStorage.setItem('spieltisch.player', {json.dumps(me)})")
    return page


def test_a_players_lesson_resumes_on_another_device(browser: Any, server: Server) -> None:
    api = browser.new_context()
    made = api.request.post(
        f"{server.base}/api/players", data={"name": "Lena", "password": "lessons on two phones"}
    ).json()
    outline = api.request.get(f"{server.base}/api/lessons/halali").json()
    first, second = outline["steps"][0], outline["steps"][1]

    phone = _signed_in(browser, made["player"], made["key"])
    phone.goto(f"{server.base}/learn/halali")
    phone.wait_for_selector(f'.lesson-step[data-step="{first["key"]}"]')
    _tap(phone, "halali", first["allowed"][0])
    phone.wait_for_selector("#lesson-next", timeout=15000)
    phone.locator("#lesson-next").tap()
    phone.wait_for_selector(f'.lesson-step[data-step="{second["key"]}"]')
    auth = {"authorization": f"Bearer {made['key']}"}
    for _ in range(50):  # the page saves in the background
        kept = api.request.get(f"{server.base}/api/players/me/lessons", headers=auth).json()
        if kept and kept[0]["step"] == second["key"]:
            break
        phone.wait_for_timeout(100)
    assert [(p["game"], p["step"], p["done"]) for p in kept] == [("halali", second["key"], False)]
    assert not phone.errors, phone.errors
    phone.context.close()

    signed = api.request.post(
        f"{server.base}/api/players/login",
        data={"name": "lena", "password": "lessons on two phones"},
    ).json()
    tablet = _signed_in(browser, signed["player"], signed["key"])
    tablet.goto(f"{server.base}/learn/halali")
    tablet.wait_for_selector(f'.lesson-step[data-step="{second["key"]}"]')
    assert "Weiter, wo du aufgehört hast." in tablet.inner_text(".lesson-step")
    assert not tablet.errors, tablet.errors
    tablet.context.close()
    api.close()
