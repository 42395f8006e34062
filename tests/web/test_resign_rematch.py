"""Two people play Halali in two browsers, one resigns, both play again (HA-R9, rematch).

Ada plays on a German desktop page, Bob on an English phone. Screenshots of the resign
question and the rematch offer in both languages go to ``artifacts/``.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import new_page, shot


def seated(
    browser: Any, server: Server, tid: str, seat: int, token: str, lang: str, mobile: bool
) -> Any:
    page = new_page(browser, lang, mobile=mobile)
    mine = json.dumps({"seat": seat, "token": token})
    page.context.add_init_script(
        f"if (!localStorage.getItem('spieltisch.seat.{tid}')) "
        f"localStorage.setItem('spieltisch.seat.{tid}', {mine!r})"
    )
    page.goto(f"{server.base}/t/{tid}")
    return page


def play_one(page: Any) -> None:
    """Send the first legal move the page offers (its move field's example)."""
    move = page.locator("#move")
    move.wait_for(timeout=15000)
    offered = "(m => m && /\\(.+\\)/.test(m.placeholder))(document.querySelector('#move'))"
    page.wait_for_function(offered)
    example = re.search(r"\((.+)\)", move.get_attribute("placeholder"))
    assert example is not None
    move.fill(example.group(1))
    move.press("Enter")


@pytest.mark.slow
def test_one_resigns_and_both_play_again(server: Server, browser: Any) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = httpx.post(
        f"{server.base}/api/tables", json={"game": "halali", "seats": seats, "name": "Ada"}
    ).json()
    tid = made["table"]["id"]
    bob_seat = httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"}).json()
    ada = seated(browser, server, tid, 0, made["seat_token"], "de", mobile=False)
    bob = seated(browser, server, tid, 1, bob_seat["seat_token"], "en", mobile=True)

    # A few moves each, as people play.
    for _ in range(2):
        ada.locator("#status", has_text="Du bist am Zug").wait_for(timeout=15000)
        play_one(ada)
        bob.locator("#status", has_text="Your turn").wait_for(timeout=15000)
        play_one(bob)
    ada.locator("#status", has_text="Du bist am Zug").wait_for(timeout=15000)

    # Bob looks at the question and keeps playing; Ada resigns.
    bob.click("#resign")
    bob.locator("#resign-confirm").wait_for()
    assert bob.locator("#resign-q").inner_text() == "Resign?"
    assert "HA-R9" in bob.locator("#resign-confirm").inner_text()
    shot(bob, "resign-confirm-en-phone")
    bob.click("#resign-no")
    bob.locator("#resign-confirm").wait_for(state="detached")
    ada.click("#resign")
    ada.locator("#resign-confirm").wait_for()
    assert ada.locator("#resign-q").inner_text() == "Aufgeben?"
    assert ada.locator("#resign-yes").inner_text() == "Ja, aufgeben"
    shot(ada, "resign-confirm-de-desktop")
    ada.click("#resign-yes")

    ada.locator("#status", has_text="Spiel beendet").wait_for(timeout=15000)
    assert "Ada hat aufgegeben" in ada.locator("#status").inner_text()
    assert "Bob gewinnt" in ada.locator("#status").inner_text()
    bob.locator("#status", has_text="Game over").wait_for(timeout=15000)
    assert "Bob wins" in bob.locator("#status").inner_text()
    table = httpx.get(f"{server.base}/api/tables/{tid}").json()
    assert table["status"] == "finished"
    assert table["result"]["reason"] == "resigned" and table["result"]["winners"] == [1]

    # Bob proposes the rematch and lands in his seat of the new table.
    bob.locator("#rematch").wait_for()
    assert bob.locator("#rematch").inner_text() == "Play again"
    shot(bob, "rematch-offer-en-phone")
    bob.click("#rematch")
    bob.wait_for_url(re.compile(r"/t/(?!" + tid + r")[\w-]+$"), timeout=15000)
    nid = bob.url.rsplit("/", 1)[1]
    assert httpx.get(f"{server.base}/api/tables/{tid}/rematch").json()["next"] == nid

    # Ada is offered it on her result screen (German) and joins with one click.
    ada.locator("#rematch", has_text="Mitspielen").wait_for(timeout=15000)
    assert "wartet auf dich" in ada.locator("#rematch-box").inner_text()
    shot(ada, "rematch-offer-de-desktop")
    ada.click("#rematch")
    ada.wait_for_url(f"**/t/{nid}", timeout=15000)

    new = httpx.get(f"{server.base}/api/tables/{nid}").json()
    assert new["status"] == "running" and new["game"] == "halali"
    assert [s["name"] for s in new["seats"]] == ["Ada", "Bob"]
    # The colours alternate (HA-R10): Bob has Blue in the rematch and moves first.
    bob.locator("#status", has_text="Your turn").wait_for(timeout=15000)
    ada.locator("#status", has_text="Bob ist am Zug").wait_for(timeout=15000)
    assert ada.locator(".seats-list li", has_text="Ada").locator(".badge").inner_text() == "du"
    ada.locator("#to-previous").wait_for()  # the match history goes back to the first game
    shot(ada, "rematch-running-de-desktop")
    shot(bob, "rematch-running-en-phone")
    assert ada.errors == [] and bob.errors == []


@pytest.mark.slow
def test_resign_question_and_rematch_offer_on_every_screen(server: Server, browser: Any) -> None:
    """The other two of language × screen: German on a phone, English on a desktop."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = httpx.post(
        f"{server.base}/api/tables", json={"game": "halali", "seats": seats, "name": "Ada"}
    ).json()
    tid = made["table"]["id"]
    bob_seat = httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"}).json()
    ada = seated(browser, server, tid, 0, made["seat_token"], "de", mobile=True)
    bob = seated(browser, server, tid, 1, bob_seat["seat_token"], "en", mobile=False)
    ada.click("#resign")
    ada.locator("#resign-confirm").wait_for(timeout=15000)
    assert ada.locator("#resign-no").inner_text() == "Weiterspielen"
    shot(ada, "resign-confirm-de-phone")
    ada.click("#resign-no")
    bob.click("#resign")
    bob.locator("#resign-confirm").wait_for(timeout=15000)
    shot(bob, "resign-confirm-en-desktop")
    bob.click("#resign-yes")
    ada.locator("#rematch", has_text="Nochmal spielen").wait_for(timeout=15000)
    assert "Bob hat aufgegeben" in ada.locator("#status").inner_text()
    shot(ada, "rematch-offer-de-phone")
    ada.click("#rematch")
    ada.wait_for_url(re.compile(r"/t/(?!" + tid + r")[\w-]+$"), timeout=15000)
    bob.locator("#rematch", has_text="Join the rematch").wait_for(timeout=15000)
    shot(bob, "rematch-offer-en-desktop")
    ada.goto(f"{server.base}/")  # the lobby lists the finished game with who gave up
    ada.locator(".outcome", has_text="Bob hat aufgegeben").first.wait_for(timeout=15000)
    shot(ada, "lobby-resigned-de-phone")
    assert ada.errors == [] and bob.errors == []


@pytest.mark.slow
def test_hydra_resigner_sees_the_stand_in_play_on_in_german(server: Server, browser: Any) -> None:
    """HY-R11 at the table: the seat goes to a bot, the page says so in German only."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 4
    made = httpx.post(
        f"{server.base}/api/tables", json={"game": "hydra", "seats": seats, "name": "Ada"}
    ).json()
    tid = made["table"]["id"]
    ada = seated(browser, server, tid, 0, made["seat_token"], "de", mobile=False)
    ada.click("#resign", timeout=15000)
    ada.click("#resign-yes")
    ada.locator("#you-resigned").wait_for(timeout=15000)
    assert "ein Bot spielt deinen Platz" in ada.locator("#you-resigned").inner_text()
    ada.locator("#log li", has_text="hat aufgegeben").first.wait_for()
    assert "Ada (Bot: " in ada.locator(".seats-list").inner_text()
    assert ada.locator("#take-seat-back").count() == 0 and ada.locator("#resign").count() == 0
    assert "Bot · hat aufgegeben" in ada.locator(".seats-list").inner_text()
    shot(ada, "resign-hydra-stand-in-de-desktop")
    log = ada.locator("#log").inner_text()
    assert "resign" not in log
    table = httpx.get(f"{server.base}/api/tables/{tid}").json()
    assert table["seats"][0]["kind"] == "bot" and table["seats"][0]["level"] == "random"
    assert ada.errors == []
