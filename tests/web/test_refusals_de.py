"""On a German page every refusal is German: one illegal move in each of the four games
shows the rule id and what the rule says in German (as the game declares it), with no
English message and no card code; the lobby names the option at fault of a refused setup."""

from __future__ import annotations

import re
import shutil
from typing import Any

import pytest

import spieltisch
from tests.server.procserver import Server

from .conftest import new_page, shot

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]

CARD_CODE = re.compile(
    r"\b(?:(?:10|[2-9AJQK])[hdcs]|[DHSC](?:9|10|[JQKA])|JK|[1-5][BSLP]x?|[BSLP]{2,3}"
    r"|PIG|MONKEY|ELEPHANT)\b"
)
"""Kalooki (``10h``, ``JK``), Hydra (``H9``, ``DK``) and Halli Galli (``5L``, ``BLP``)."""


def create_table(page: Any, server: Server, game: str, players: int) -> None:
    """Open a table through the lobby: the page's player in seat 1, bots in the others."""
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", game)
    page.select_option("#count", str(players))
    page.fill("#name", "Ada")
    for seat in range(1, players):
        page.select_option(f"#seat-{seat}", "bot")
    page.click("#create")
    page.wait_for_url("**/t/*")


def send_move(page: Any, move: str) -> None:
    page.fill("#move", move)
    page.press("#move", "Enter")


def send_refused(page: Any, move: str) -> None:
    """Send ``move`` until its refusal shows: a redraw of the page between typing and
    Enter can swallow the typed move on a busy machine."""
    for _ in range(3):
        send_move(page, move)
        try:
            page.wait_for_selector("#refusal:not([hidden])", timeout=8000)
            return
        except Exception:
            continue


def german_refusal(page: Any, game: str, name: str) -> str:
    """The refusal shown, checked: German code, rule id, the rule's German text only."""
    page.wait_for_selector("#refusal:not([hidden])")
    text = str(page.inner_text("#refusal")).strip()
    shot(page, f"refusal-{name}-de")
    match = re.fullmatch(r"Regelverstoß \[([^\]]+)\]: (.+)", text, re.S)
    assert match, text
    rule = spieltisch.load(game).info.rule_texts[match.group(1)]
    assert match.group(2) == rule.de
    assert not CARD_CODE.search(match.group(2)), text
    return str(match.group(1))


@pytest.mark.xfail(
    strict=False,
    reason="open bug: in the browser, discarding the card just drawn from the Kalooki pile "
    "is sometimes refused with the turn rule (KA §Zug) instead of KA-R4, which the engine "
    "gives; not yet explained",
)
def test_a_german_page_refuses_one_illegal_move_of_each_game_in_german(
    browser: Any, server: Server
) -> None:
    page = new_page(browser, "de")

    create_table(page, server, "halali", 2)
    page.wait_for_selector("#status .myturn")
    send_refused(page, "flip e5")  # the empty centre
    assert german_refusal(page, "halali", "halali") == "HA §1"

    create_table(page, server, "kalooki", 2)
    page.wait_for_selector("#status .myturn")  # seat 1 begins (KA-R1)
    top = page.get_attribute("#draw-discard [data-card]", "data-card")
    held = page.locator("#hand [data-card]").count()
    for _ in range(3):  # until the card is in Ada's hand (a redraw can swallow a typed move)
        send_move(page, "draw discard")
        for _ in range(100):
            if page.locator("#hand [data-card]").count() > held:
                break
            page.wait_for_timeout(50)
        else:
            continue
        break
    send_refused(page, f"discard {top}")  # the card just taken from the pile
    assert german_refusal(page, "kalooki", "kalooki") == "KA-R4"

    create_table(page, server, "hydra", 5)
    page.wait_for_selector("#hy-phase")
    send_refused(page, "play H10")  # no card is played during the declarations
    assert german_refusal(page, "hydra", "hydra").startswith("HY")

    create_table(page, server, "halligalli", 3)
    page.wait_for_selector(".hg-board")
    send_refused(page, "stake 3")  # stakes belong to the finale
    assert german_refusal(page, "halligalli", "halligalli") == "HG-R10"
    assert not page.errors, page.errors
    page.context.close()


def test_the_lobby_names_the_option_of_a_refused_setup_in_german(
    browser: Any, server: Server
) -> None:
    page = new_page(browser, "de")
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "kalooki")
    page.select_option("#count", "5")  # more than 4 needs "Fünf oder sechs Spieler"
    page.fill("#name", "Ada")
    page.click("#create")
    page.wait_for_selector(".create-form .error:not(:empty)")
    text = str(page.inner_text(".create-form .error"))
    shot(page, "lobby-refused-setup-de")
    assert "„Fünf oder sechs Spieler“" in text and "Spielern" in text, text
    assert "players" not in text
    assert page.get_attribute("#opt-six_players", "aria-invalid") == "true"
    assert page.url.rstrip("/") == server.base
    page.context.close()
