"""The browser draws a table with the module its game's descriptor names (``faces.web``)."""

from __future__ import annotations

from fastapi.testclient import TestClient

import spieltisch
from spieltisch.server.tables import web_module

from .conftest import create


def test_a_table_names_the_browser_module_its_game_declares(client: TestClient) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "bot", "level": "random"}], name="Ada")
    assert made["table"]["web"] == spieltisch.load("halali").info.faces.web
    listed = client.get(f"/api/tables/{made['table']['id']}").json()
    assert listed["web"] == made["table"]["web"]
    assert web_module("no-such-game") is None
