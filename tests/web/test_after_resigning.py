"""After a resignation, in German: the resigner whose seat a stand-in bot plays on is not
told "Du bist am Zug", gets no board, move field, notification offer or "Zurückholen"
(the server refuses to give a resigned seat back), and the log names him as he played;
a refusal shown when the other side resigns does not stay on the result screen."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import new_page, remember_seat


def _seated(browser: Any, server: Server, tid: str, seat: int, token: str, host: str = "") -> Any:
    page = new_page(browser, "de")
    remember_seat(page, tid, seat, token, host)
    page.goto(f"{server.base}/t/{tid}")
    return page


@pytest.mark.slow
def test_a_stand_in_plays_on_and_the_resigner_is_not_asked_to_move(
    server: Server, browser: Any
) -> None:
    bots = [{"kind": "bot", "level": "rules"}] * 2
    made = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "kalooki", "seats": [{"kind": "human"}, *bots], "name": "Ada"},
    ).json()
    tid = made["table"]["id"]
    ada = _seated(browser, server, tid, 0, made["seat_token"], made["host_token"])
    ada.locator("#status .myturn").wait_for(timeout=20000)
    ada.click("#resign")
    ada.click("#resign-yes")
    ada.wait_for_selector("#you-resigned")
    for _ in range(40):  # the stand-in's turns come round while the bots play on
        assert ada.locator("#status .myturn").count() == 0, ada.inner_text("#status")
        ada.wait_for_timeout(50)
    assert ada.locator("#move").count() == 0
    assert ada.locator("#allow-notify").count() == 0
    seat = ada.locator(".seats-list li").first
    assert "hat aufgegeben" in seat.inner_text()
    assert seat.locator("button").count() == 0  # no "Zurückholen" for a resigned seat
    assert "Ada hat aufgegeben" in ada.inner_text("#log")
    assert not ada.errors, ada.errors
    ada.context.close()


@pytest.mark.slow
def test_a_refusal_does_not_outlive_the_game(server: Server, browser: Any) -> None:
    made = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "halali", "seats": [{"kind": "human"}] * 2, "name": "Ada"},
    ).json()
    tid = made["table"]["id"]
    bob = httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"}).json()
    ada = _seated(browser, server, tid, 0, made["seat_token"])
    other = _seated(browser, server, tid, 1, bob["seat_token"])
    ada.locator("#status .myturn").wait_for(timeout=15000)
    ada.fill("#move", "b2-b3")  # a face-down tile does not move (HA-R3)
    ada.press("#move", "Enter")
    ada.wait_for_selector("#refusal:not([hidden])")
    other.click("#resign")
    other.click("#resign-yes")
    ada.locator("#status", has_text="Spiel beendet").wait_for(timeout=15000)
    assert ada.locator("#refusal").is_hidden()
    assert not ada.errors, ada.errors
    for page in (ada, other):
        page.context.close()
