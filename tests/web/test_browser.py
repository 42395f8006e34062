"""Halali in the browser: two people play through the UI, a reload keeps the seat, a bot
game runs to its end and replays, an illegal move shows its rule (in both languages)."""

from __future__ import annotations

import random
import shutil
from typing import Any

import pytest

from tests.server.procserver import Server

from .conftest import new_page, shot

pytestmark = pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed")


def _create(page: Any, server: Server, name: str, second: str, match: str | None = None) -> str:
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    page.fill("#name", name)
    page.select_option("#seat-1", second)
    if match:
        page.select_option("#opt-match", f'"{match}"')
    page.click("#create")
    page.wait_for_url("**/t/*")
    return str(page.url.rsplit("/", 1)[1])


def _log_len(page: Any) -> int:
    return int(page.locator("#log li").count())


def _my_turn(page: Any) -> bool:
    return bool(page.locator("#status .myturn").count())


def _play_one(page: Any, rng: random.Random) -> None:
    """Play a random legal action by clicking the board, as a person would."""
    legal = page.eval_on_selector_all("#legal option", "os => os.map(o => o.dataset.notation)")
    flips = [a for a in legal if a.startswith("flip ")]
    action = rng.choice(flips) if flips and rng.random() < 0.6 else rng.choice(legal)
    before = _log_len(page)
    if action == "pass":
        page.click("#pass")
    elif action.startswith("flip "):
        page.click(f'g.sq[data-square="{action[5:]}"]')
    else:
        src, dst = action.split("-")
        target = f'g.sq[data-square="{dst}"], g.exit[data-square="{dst}"]'
        if dst[0] not in "ai" and dst[1] not in "19" and rng.random() < 0.5:
            page.drag_and_drop(f'g.sq[data-square="{src}"]', target)  # drag to move
        else:
            page.click(f'g.sq[data-square="{src}"]')  # click-click to move
            page.wait_for_selector(f'g.sq[data-square="{src}"] rect.sel')
            page.click(target)
    _wait(lambda: _log_len(page) > before, page)


def _wait(cond: Any, page: Any, seconds: float = 20.0) -> None:
    """Poll ``cond`` (the page's CSP forbids Playwright's string predicates)."""
    for _ in range(int(seconds / 0.02)):
        if cond():
            return
        page.wait_for_timeout(20)
    raise AssertionError("timed out")


@pytest.mark.slow
def test_two_browsers_play_halali_to_the_end_with_a_reload(browser: Any, server: Server) -> None:
    ada = new_page(browser, "de")
    bob = new_page(browser, "en")
    tid = _create(ada, server, "Ada", "human", match="single")
    ada.wait_for_selector("#invite")
    invite = ada.input_value("#invite")
    shot(ada, "01-waiting-de")
    bob.goto(invite)
    bob.wait_for_selector("#join")
    bob.fill("#join-name", "Bob")
    bob.click("#join")
    bob.wait_for_selector(".board")
    ada.wait_for_selector(".board")
    rng = random.Random(7)
    plies = 0
    reloaded = False
    while plies < 600:
        if ada.locator("#result").count() and bob.locator("#result").count():
            break
        page = ada if _my_turn(ada) else bob if _my_turn(bob) else None
        if page is None:
            ada.wait_for_timeout(50)
            continue
        _play_one(page, rng)
        plies += 1
        if plies == 30 and not reloaded:
            shot(bob, "02-midgame-en")
            bob.reload()
            bob.wait_for_selector(".board")
            assert bob.locator('.player[data-seat="1"] .badge').count() == 1  # still Bob's seat
            assert bob.locator("#move").count() == 1  # and he may still act
            reloaded = True
    assert reloaded
    ada.wait_for_selector("#result")
    bob.wait_for_selector("#result")
    assert "Spiel beendet" in ada.inner_text("#status")
    assert "Game over" in bob.inner_text("#status")
    shot(ada, "03-result-de")
    assert not ada.errors and not bob.errors
    # The finished game is listed and replays step by step.
    bob.goto(f"{server.base}/replay/{tid}")
    bob.wait_for_selector("#replay-step")
    bob.click("#next")
    _wait(lambda: "flips" in bob.inner_text("#replay-step"), bob)
    bob.click("#last")
    bob.wait_for_selector("#result")
    shot(bob, "04-replay-en")


@pytest.mark.slow
def test_bot_table_runs_to_the_end_and_a_reload_keeps_the_seat(
    browser: Any, server: Server
) -> None:
    page = new_page(browser, "en")
    _create(page, server, "Cleo", "bot")
    page.wait_for_selector("#status .myturn")
    rng = random.Random(3)
    for _ in range(4):
        page.wait_for_selector("#status .myturn")
        _play_one(page, rng)
    page.wait_for_selector("#status .myturn")
    log_before = _log_len(page)
    page.reload()
    page.wait_for_selector("#status .myturn")
    assert _log_len(page) == log_before  # the log comes back too
    assert page.locator('.player[data-seat="0"] .badge').count() == 1
    mobile = new_page(browser, "de", mobile=True)
    mobile.goto(page.url)
    mobile.wait_for_selector(".board")
    shot(mobile, "05-mobile-spectator-de")
    # A table of two bots, opened in the lobby, plays on its own to the end.
    watcher = new_page(browser, "en")
    watcher.goto(server.base + "/")
    watcher.wait_for_selector("#create")
    watcher.wait_for_selector(".table-list li")
    shot(watcher, "00-lobby-en")
    watcher.select_option("#seat-0", "bot")
    watcher.select_option("#opt-match", '"single"')
    watcher.click("#create")
    watcher.wait_for_selector("#result", timeout=60_000)
    assert "spectating" not in watcher.inner_text("#status")
    shot(watcher, "06-bots-finished-en")
    assert not page.errors and not watcher.errors


def test_illegal_move_shows_its_rule_in_english_and_german(browser: Any, server: Server) -> None:
    page = new_page(browser, "en")
    _create(page, server, "Dora", "bot")
    page.wait_for_selector("#status .myturn")
    page.fill("#move", "b2-b3")
    page.press("#move", "Enter")
    page.wait_for_selector("#refusal:not([hidden])")
    text = page.inner_text("#refusal")
    assert "[HA-R3]" in text and "face down" in text
    page.select_option("#lang", "de")
    page.wait_for_selector("#status .myturn")
    page.fill("#move", "flip e5")
    page.press("#move", "Enter")
    page.wait_for_selector("#refusal:not([hidden])")
    text = page.inner_text("#refusal")
    assert "[HA §1]" in text and "Regelverstoß" in text
    shot(page, "07-refusal-de")
    assert page.locator("#log li").count() == 0  # nothing was played
    page.focus("g.sq.flippable")  # keyboard play: focus a tile, Enter flips it
    page.keyboard.press("Enter")
    _wait(lambda: _log_len(page) >= 1, page)
    assert "deckt" in page.inner_text("#log")


def test_lobby_names_bot_levels_and_rule_options_in_german_and_english(
    browser: Any, server: Server
) -> None:
    for lang, names, option in (
        ("de", {"random": "Zufall", "rules": "Regelbot", "strong": "Stark"}, "Regelwerk"),
        ("en", {"random": "Random", "rules": "Rule-based", "strong": "Strong"}, "Rule set"),
    ):
        page = new_page(browser, lang)
        page.goto(server.base + "/")
        page.wait_for_selector("#level-1 option", state="attached")
        shown = page.eval_on_selector_all(
            "#level-1 option", "os => Object.fromEntries(os.map(o => [o.value, o.textContent]))"
        )
        assert {level: shown[level] for level in names} == names
        assert page.inner_text("label[for='opt-variant']") == option
        page.context.close()
