"""Back on the finished game after taking a seat in its rematch, in German: the result
screen leads on to the new game instead of saying a seat is still waiting, and the new
table shows the other player's seat as kept for him."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect
from websockets.typing import Origin

from tests.server.procserver import Server, recv_type

from .conftest import new_page, remember_seat


@pytest.mark.slow
def test_the_old_table_leads_to_the_rematch_i_sit_at(server: Server, browser: Any) -> None:
    made = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "halali", "seats": [{"kind": "human"}] * 2, "name": "Ada"},
    ).json()
    tid = str(made["table"]["id"])
    httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"}).raise_for_status()
    url = server.base.replace("http", "ws") + f"/ws/tables/{tid}"
    with connect(url, origin=Origin(server.base)) as ws:
        ws.send(json.dumps({"type": "hello", "token": made["seat_token"]}))
        recv_type(ws, "welcome")
        ws.send(json.dumps({"type": "resign"}))
        while not recv_type(ws, "step")["view"]["over"]:
            pass
    again = httpx.post(
        f"{server.base}/api/tables/{tid}/rematch",
        headers={"Authorization": f"Bearer {made['seat_token']}"},
    ).json()
    nid = again["table"]["id"]
    page = new_page(browser, "de", mobile=True, touch=True)
    seats = ((tid, 0, made["seat_token"]), (nid, again["seat"], again["seat_token"]))
    for table, seat, token in seats:
        remember_seat(page, table, seat, token)
    page.goto(f"{server.base}/t/{tid}")
    page.wait_for_selector("#to-next")
    box = page.inner_text("#rematch-box")
    assert "Du sitzt schon in der neuen Partie." in box and "wartet auf dich" not in box
    assert page.locator("#rematch").count() == 0
    page.click("#to-next")
    page.wait_for_url(f"**/t/{nid}")
    page.wait_for_selector("#to-previous")
    # Bob's seat waits for him; it says so once, not "Bob · wartet auf Bob".
    bob = page.locator(".seats-list li", has_text="Bob").inner_text()
    assert "frei gehalten" in bob and bob.count("Bob") == 1, bob
    assert not page.errors, page.errors
    page.context.close()
