"""Hydra and Kalooki in the browser.

Hydra: one person and four bots play a whole game from the lobby, with a declaration and
a reload in the middle of a trick, then the replay. Kalooki: two people in two browser
contexts play a scripted deal (a seed found with ``kalooki_script``): an opening of several
melds (KA-R3), a refused discard with its rule (KA-R4), a build on the other's meld
(KA §Bauen) and a joker swap (KA-R5); bots then finish the deal and the payout shows.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from spieltisch.server.security import hash_token
from spieltisch.store import Store
from spieltisch.store.repository import SeatRecord
from tests.server.procserver import Server

from .conftest import NO_AWAY_GRACE, new_page, shot
from .kalooki_script import plan
from .test_browser import _log_len, _my_turn, _wait

pytestmark = [
    pytest.mark.slow,  # both whole games
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]

KALOOKI_SEED = 2194
"""Found by ``python -m tests.web.kalooki_script``; the test re-plans it with the engine."""
TABLE = "kalookiscript"
TOKENS = ("ada-token-for-the-kalooki-test", "bob-token-for-the-kalooki-test")
HOST = "host-token-for-the-kalooki-test"


def _check_enabled(page: Any) -> None:
    """Only the legal cards are enabled (HY-R5), both copies of a kind alike."""
    legal = set(page.eval_on_selector_all("#legal option", "os => os.map(o => o.dataset.notation)"))
    enabled = page.eval_on_selector_all(
        "#hand button.pcard.enabled", "bs => bs.map(b => b.dataset.card)"
    )
    held = page.eval_on_selector_all("#hand button.pcard", "bs => bs.map(b => b.dataset.card)")
    if all(a in held or a.startswith(("lay ", "give ")) for a in legal):
        assert set(enabled) == {a.split()[-1] for a in legal}


def _hydra_step(page: Any) -> bool:
    """Act like a person who always takes the first offered choice; True if it declared."""
    before = _log_len(page)
    button = page.locator("[data-action]").first
    declared = False
    if button.count():
        declared = button.get_attribute("data-action") in ("morbus", "valeo", "armut")
        button.click()
    else:
        _check_enabled(page)
        page.locator("#hand button.pcard.enabled").first.click()

    def done() -> bool:
        return _log_len(page) > before or bool(page.locator("#result").count())

    _wait(lambda: done() or bool(page.locator("[data-action]").count()), page)
    if not done():  # an Antrag card that can go with either pair of queens: pick one
        page.locator("[data-action]").first.click()
        _wait(done, page)
    return declared


def test_HY_full_game_one_person_four_bots_with_reload_and_replay(
    browser: Any, server: Server
) -> None:
    page = new_page(browser, "en")
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "hydra")
    page.fill("#name", "Ada")
    for seat in range(1, 5):
        page.select_option(f"#level-{seat}", "rules")
    page.fill("#opt-games", "1")
    page.click("#create")
    page.wait_for_url("**/t/*")
    tid = str(page.url.rsplit("/", 1)[1])
    page.wait_for_selector("#hy-phase")
    declared = reloaded = False
    for _ in range(200):
        if page.locator("#result").count():
            break
        if not _my_turn(page):
            page.wait_for_timeout(30)
            continue
        in_trick = page.locator("#hy-trick figure").count()
        if in_trick and not reloaded:
            _check_enabled(page)
            page.mouse.move(1, 1)
            shot(page, "hydra-midtrick-en")
            if page.locator("#hand .is-trump").count():  # the trump hint can be switched off
                page.uncheck("#hydraTrumps")
                assert page.locator("#hand .is-trump").count() == 0
                page.check("#hydraTrumps")
            enabled = page.locator("#hand button.pcard.enabled").count()
            assert enabled >= 1
            page.reload()
            page.wait_for_selector("#status .myturn")
            assert page.locator("#hy-trick figure").count() == in_trick  # the trick is back
            assert page.locator("#hand button.pcard.enabled").count() == enabled
            reloaded = True
        declared = _hydra_step(page) or declared
    page.wait_for_selector("#result")
    assert declared and reloaded
    scoring = page.inner_text("#hy-scoring")
    assert "Ada" in scoring and "card points" in scoring
    assert page.locator("#hy-totals tr").count() >= 3
    assert "wins the trick" in page.inner_text("#log")
    shot(page, "hydra-result-en")
    mobile = new_page(browser, "de", mobile=True)
    mobile.goto(f"{server.base}/replay/{tid}")
    mobile.wait_for_selector("#replay-step")
    for n in range(1, 4):
        mobile.click("#next")
        _wait(lambda n=n: f"Zug {n} von" in mobile.inner_text("body"), mobile)
    step = mobile.inner_text("#replay-step")
    assert any(word in step for word in ("Ada", "Bot", "Spiel")), step
    shot(mobile, "hydra-replay-mobile-de")
    assert not page.errors and not mobile.errors


@pytest.fixture(scope="module")
def kalooki_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose one running table deals the scripted seed to two people."""
    db = tmp_path_factory.mktemp("ka") / "ka.db"
    store = Store(f"sqlite:///{db}")
    seats = [
        SeatRecord(i, "human", None, name, hash_token(TOKENS[i]))
        for i, name in enumerate(["Ada", "Bob"])
    ]
    store.create_table(
        table_id=TABLE,
        game="kalooki",
        options={"format": "ring", "stake": 10, "six_players": False},
        players=2,
        seed=KALOOKI_SEED,
        host_hash=hash_token(HOST),
        seats=seats,
        status="running",
    )
    store.close()
    srv = Server(f"sqlite:///{db}", bot_delay=0.02, env=NO_AWAY_GRACE)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def _seat_page(browser: Any, server: Server, seat: int, lang: str, mobile: bool) -> Any:
    page = new_page(browser, lang, mobile)
    page.context.add_init_script(
        f"localStorage.setItem('spieltisch.seat.{TABLE}', "
        f"JSON.stringify({{seat: {seat}, token: '{TOKENS[seat]}'}}))"
    )
    page.goto(f"{server.base}/t/{TABLE}")
    page.wait_for_selector("#hand")
    return page


def _select(page: Any, cards: list[str]) -> None:
    for card in cards:
        name = card.split("=")[0]
        page.locator(
            f'#hand button.pcard[data-card="{name}"]:not([aria-pressed="true"])'
        ).first.click()


def _ka_step(page: Any, action: str) -> None:
    before = _log_len(page)
    verb, *rest = action.split()
    if action == "draw stock":
        page.click("#draw-stock")
    elif action == "draw discard":
        page.click("#draw-discard")
    elif verb == "meld":
        _select(page, rest)
        page.click(f'[data-action="{action}"]')
    elif verb in ("build", "swap"):
        _select(page, rest[1:])
        button = page.locator(f'[data-action="{action}"]')
        if button.count():
            button.click()
        else:
            page.click(f'.meld.target[data-meld="{rest[0]}"]')
    elif verb == "discard":
        _select(page, rest)
        page.click("#ka-discard")
    _wait(lambda: _log_len(page) > before, page)


def test_KA_R3_R4_R5_two_people_open_build_swap_and_a_refused_discard(
    browser: Any, kalooki_server: Server
) -> None:
    script = plan(KALOOKI_SEED)
    assert script is not None
    ada = _seat_page(browser, kalooki_server, 0, "de", mobile=False)
    bob = _seat_page(browser, kalooki_server, 1, "en", mobile=True)
    pages = (ada, bob)
    opened_shot = False
    for seat, action in script.steps:
        page = pages[seat]
        _wait(lambda page=page: _my_turn(page), page)
        if action.startswith("refused:"):
            _select(page, [action.split()[1]])
            page.click("#ka-discard")
            page.wait_for_selector("#refusal:not([hidden])")
            text = page.inner_text("#refusal")
            assert "[KA-R4]" in text, text
            shot(page, "kalooki-refused-mobile-en")
            continue
        if seat == 0 and action.startswith("meld") and not opened_shot:
            ada.wait_for_selector("#ka-hint div")
            assert "Beste Eröffnung" in ada.inner_text("#ka-hint")
            _select(ada, action.split()[1:])
            assert "von 51" in ada.inner_text("#ka-opening")
            shot(ada, "kalooki-compose-de")
            ada.click("#ka-compose .button:not(.primary)")  # clear the selection again
            opened_shot = True
        _ka_step(page, action)
    _wait(lambda: "tauscht einen Joker" in ada.inner_text("#log"), ada)
    assert "builds" in bob.inner_text("#log") and "has opened" in bob.inner_text("#log")
    assert ada.locator(".meld").count() >= 5
    shot(ada, "kalooki-table-de")
    ada.check("#four-colour")  # the colour-blind-safe deck is remembered across a reload
    ada.reload()
    ada.wait_for_selector("#hand")
    assert ada.locator(".deck.four-colour").count() == 1
    shot(ada, "kalooki-four-colour-de")
    # The rest of the deal is not the point: both players leave, the host hands their
    # seats to bots (a seat still connected and active may not be taken), they come back.
    for page in pages:
        page.goto(f"{kalooki_server.base}/")  # to the lobby: the table's socket closes
    for seat in (0, 1):
        for _ in range(100):  # until the server has seen the socket close
            r = httpx.post(
                f"{kalooki_server.base}/api/tables/{TABLE}/seats/{seat}/bot",
                json={"level": "rules"},
                headers={"authorization": f"Bearer {HOST}"},
            )
            if r.status_code != 409:
                break
            time.sleep(0.05)
        assert r.status_code == 200, r.text
    for page in pages:
        page.goto(f"{kalooki_server.base}/t/{TABLE}")
    ada.wait_for_selector("#result", timeout=60_000)
    bob.wait_for_selector("#ka-scoring", timeout=60_000)
    assert "Auszahlung" in ada.inner_text("#ka-scoring")
    shot(ada, "kalooki-result-de")
    bob.goto(f"{kalooki_server.base}/replay/{TABLE}")
    bob.wait_for_selector("#replay-step")
    bob.click("#next")
    _wait(lambda: "draws" in bob.inner_text("#replay-step"), bob)
    assert not ada.errors and not bob.errors
