"""On a German page every refusal is German: one illegal move in each of the four games
shows the rule id and what the rule says in German (as the game declares it), with no
English message and no card code; the lobby names the option at fault of a refused setup."""

from __future__ import annotations

import json
import re
import shutil
import time
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


def watch_frames(page: Any) -> list[tuple[str, dict[str, Any]]]:
    """Record the page's websocket frames (``"out"`` or ``"in"``, the message) on
    ``page.frames_seen``: :func:`answer` reads there whether a typed move left the page and
    what the server said to it. Call it before the page opens a table."""
    frames: list[tuple[str, dict[str, Any]]] = []

    def on_socket(ws: Any) -> None:
        ws.on("framesent", lambda data: frames.append(("out", json.loads(data))))
        ws.on("framereceived", lambda data: frames.append(("in", json.loads(data))))

    page.on("websocket", on_socket)
    page.frames_seen = frames
    return frames


def _first(
    frames: list[tuple[str, dict[str, Any]]], start: int, test: Any, page: Any, seconds: float
) -> int | None:
    """The index of the first frame from ``start`` on that passes ``test``, waiting up to
    ``seconds`` for it (the page's events are taken in while waiting)."""
    deadline = time.monotonic() + seconds
    while True:
        for i in range(start, len(frames)):
            if test(*frames[i]):
                return i
        if time.monotonic() > deadline:
            return None
        page.wait_for_timeout(50)


def answer(page: Any, move: str) -> dict[str, Any]:
    """Type ``move`` and return the server's answer to it: the ``error`` that refused it or
    the page's own ``step`` that applied it. The move is typed again only while it has not
    left the page (a redraw between typing and Enter can swallow it): a move sent twice is
    answered twice, and the second answer is about the state the first one left (an
    accepted discard typed again is refused as out of turn)."""
    frames: list[tuple[str, dict[str, Any]]] = page.frames_seen
    for _ in range(3):
        start = len(frames)
        send_move(page, move)
        sent = _first(
            frames,
            start,
            lambda way, m: way == "out" and m.get("type") == "act" and m.get("action") == move,
            page,
            3,
        )
        if sent is None:
            continue
        got = _first(
            frames,
            sent + 1,
            lambda way, m: (
                way == "in"
                and (
                    (m.get("type") == "error" and not str(m.get("code")).startswith("chat/"))
                    or (m.get("type") == "step" and m.get("action") == move)
                )
            ),
            page,
            15,
        )
        assert got is not None, f"no answer to {move!r}"
        return frames[got][1]
    raise AssertionError(f"{move!r} never left the page")


def send_refused(page: Any, move: str) -> str:
    """Send ``move``, check that the server refused it (not applied it) and return the
    refusal's rule id; the page shows that refusal (:func:`german_refusal` reads it)."""
    said = answer(page, move)
    assert said["type"] == "error", f"{move!r} was accepted: {said.get('events')}"
    return str(said.get("rule"))


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


def test_a_german_page_refuses_one_illegal_move_of_each_game_in_german(
    browser: Any, server: Server
) -> None:
    page = new_page(browser, "de")
    watch_frames(page)

    create_table(page, server, "halali", 2)
    page.wait_for_selector("#status .myturn")
    assert send_refused(page, "flip e5") == "HA §1"  # the empty centre
    assert german_refusal(page, "halali", "halali") == "HA §1"

    # Kalooki is played with two decks: a hand holding the other copy of the pile's top
    # card may discard it after taking the top card (KA-R4), so only a deal where Ada
    # holds no copy shows the refusal; a new table is a new deal.
    for _ in range(8):
        create_table(page, server, "kalooki", 2)
        page.wait_for_selector("#status .myturn")  # seat 1 begins (KA-R1)
        top = page.get_attribute("#draw-discard [data-card]", "data-card")
        hand = page.locator("#hand [data-card]")
        held = [hand.nth(i).get_attribute("data-card") for i in range(hand.count())]
        if top not in held:
            break
    assert top and top not in held, "Ada held the top card's other copy in every deal"
    assert answer(page, "draw discard")["type"] == "step"
    page.wait_for_function(
        "n => document.querySelectorAll('#hand [data-card]').length > n", arg=len(held)
    )
    # The card just taken from the pile:
    assert send_refused(page, f"discard {top}") == "KA-R4"
    assert german_refusal(page, "kalooki", "kalooki") == "KA-R4"

    create_table(page, server, "hydra", 5)
    page.wait_for_selector("#hy-phase")
    rule = send_refused(page, "play H10")  # no card is played during the declarations
    assert rule.startswith("HY")
    assert german_refusal(page, "hydra", "hydra") == rule

    create_table(page, server, "halligalli", 3)
    page.wait_for_selector(".hg-board")
    assert send_refused(page, "stake 3") == "HG-R10"  # stakes belong to the finale
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
