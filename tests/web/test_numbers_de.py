"""Money at a Kalooki ring table reads as each language writes it: "Pot 30,00" in
German, "Pot 30.00" in English."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import new_page


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "pot"), [("de", "30,00"), ("en", "30.00")])
def test_the_pot_in_each_language(server: Server, browser: Any, lang: str, pot: str) -> None:
    bots = [{"kind": "bot", "level": "rules"}] * 2
    made = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "kalooki", "seats": [{"kind": "human"}, *bots], "name": "Ada"},
    ).json()
    tid = made["table"]["id"]
    page = new_page(browser, lang, mobile=True, touch=True)
    mine = json.dumps({"seat": 0, "token": made["seat_token"]})
    page.context.add_init_script(f"localStorage.setItem('spieltisch.seat.{tid}', {mine!r})")
    page.goto(f"{server.base}/t/{tid}")
    page.wait_for_selector("#ka-info")
    assert f"Pot {pot}" in page.inner_text("#ka-info")
    assert not page.errors, page.errors
    page.context.close()
