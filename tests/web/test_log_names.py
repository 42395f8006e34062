"""The table's log names each move as who made it (German pages): after a bot takes a
person's seat (he resigned and a stand-in plays on, or his time ran out), his own earlier
moves keep his name and only the bot's moves say "Ada (Bot: ...)", also after a reload."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import new_page, remember_seat, shot

DREW = "Ada zieht vom Talon."
"""Ada's own first move in the German log."""


def _kalooki(server: Server, **extra: Any) -> dict[str, Any]:
    bots = [{"kind": "bot", "level": "rules"}] * 2
    made: dict[str, Any] = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "kalooki", "seats": [{"kind": "human"}, *bots], "name": "Ada", **extra},
    ).json()
    return made


def _seated(browser: Any, server: Server, made: dict[str, Any], *, phone: bool) -> Any:
    tid = made["table"]["id"]
    page = new_page(browser, "de", mobile=phone, touch=phone)
    remember_seat(page, tid, 0, made["seat_token"])
    page.goto(f"{server.base}/t/{tid}")
    return page


def _play_one_turn(page: Any) -> None:
    """Ada draws from the stock and throws the first card of her hand away."""
    page.locator("#draw-stock:enabled").wait_for(timeout=30000)
    page.click("#draw-stock")
    page.locator("#hand .pcard").first.click()
    page.click("#ka-discard")
    page.locator("#log li", has_text="Ada wirft").first.wait_for(timeout=10000)


def _log_lines(page: Any) -> list[str]:
    lines: list[str] = page.locator("#log li").all_inner_texts()
    return lines


def _check_names(page: Any) -> None:
    """Ada's own turn is hers; a later move of her seat is the bot's."""
    page.locator("#log li", has_text="Ada (Bot: ").first.wait_for(timeout=30000)
    lines = _log_lines(page)
    assert DREW in lines, lines
    assert any(line.startswith("Ada wirft") for line in lines), lines
    assert any(line.startswith("Ada (Bot: Regelbot) ") for line in lines), lines


@pytest.mark.slow
def test_a_resigners_own_moves_keep_his_name(server: Server, browser: Any) -> None:
    page = _seated(browser, server, _kalooki(server), phone=True)
    _play_one_turn(page)
    page.click("#resign")
    page.click("#resign-yes")
    page.wait_for_selector("#you-resigned")
    _check_names(page)
    shot(page, "log-names-resigned-de-phone")
    page.reload()  # the history from the server names them the same way
    page.locator("#log li", has_text="Ada hat aufgegeben").wait_for(timeout=15000)
    _check_names(page)
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.slow
def test_a_timed_out_players_own_moves_keep_his_name(server: Server, browser: Any) -> None:
    made = _kalooki(server, clock={"mode": "move", "seconds": 10})
    page = _seated(browser, server, made, phone=False)
    _play_one_turn(page)
    # Ada lets her next turn run out: after 10 s a bot plays her seat.
    page.locator("#timed-out").wait_for(timeout=60000)
    _check_names(page)
    shot(page, "log-names-timeout-de-desktop")
    page.reload()
    _check_names(page)
    assert not page.errors, page.errors
    page.context.close()
