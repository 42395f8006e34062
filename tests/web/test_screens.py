"""Every game, the lobby and a finished result at 1440×900 and 390×844, in German and
English: nothing reads "undefined", nothing is wider than the screen, and a screenshot of
each lands in ``artifacts/screens/`` for a person to look at.

``SPIELTISCH_DOCS_SHOTS=1`` also copies the README's screenshots to ``docs/screenshots/``
(this is the one place they come from).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

import spieltisch
from spieltisch.store import Store
from tests.server.procserver import Server

from .conftest import ARTIFACTS, to_docs
from .finished import (
    HYDRA_THREE_PARTIES,
    bot_record,
    golden_record,
    kalooki_script_record,
    store_finished,
    store_running,
)
from .test_table_texts import BAD

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]

SIZES = {"desktop": (1440, 900), "phone": (390, 844)}
SCREENS = ARTIFACTS / "screens"
README_SHOTS = {
    "table.png": "halali-desktop-de",
    "lobby.png": "lobby-desktop-en",
    "result-de.png": "result-desktop-de",
    "hydra.png": "hydra-desktop-en",
    "kalooki.png": "kalooki-desktop-de",
    "mobile-de.png": "halali-phone-de",
}
"""README image → screenshot; Halli Galli's own screenshot comes from its layout test."""


def _tokens(table: str, players: int) -> list[str]:
    return [f"seat-{s}-of-{table}-for-screenshots" for s in range(players)]


def _cut(record: dict[str, Any], plies: int) -> tuple[dict[str, Any], int]:
    """The first ``plies`` actions of ``record`` and the seat to move then."""
    game = spieltisch.load(record["game"], **record["options"])
    state = game.new_state(players=record["players"], seed=record["seed"])
    for item in record["actions"][:plies]:
        state.apply(item["seat"], game.action_from_json(item["action"]))
    return {**record, "actions": record["actions"][:plies]}, state.active_seats()[0]


SCENES: dict[str, tuple[str, str, int | None]] = {}
"""Scene → (path, selector to wait for, seat the page plays or None); filled by the
server fixture."""


@pytest.fixture(scope="module")
def screens_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("screens") / "screens.db"
    store = Store(f"sqlite:///{db}")
    running = {
        "halali": _cut(bot_record("halali", {}, 2, 11), 40),
        "hydra": _cut(golden_record(HYDRA_THREE_PARTIES), 27),
        "kalooki": _cut(kalooki_script_record(), 10_000),
        "halligalli": _cut(bot_record("halligalli", {}, 4, 5, "average"), 60),
    }
    waits = {
        "halali": "#board svg",
        "hydra": "#hy-phase",
        "kalooki": "#hand",
        "halligalli": "#board",
    }
    for name, (record, seat) in running.items():
        table = f"shot-{name}"
        store_running(store, table, record, _tokens(table, record["players"]))
        SCENES[name] = (f"/t/{table}", waits[name], seat)
    store_finished(store, "shot-result", golden_record(HYDRA_THREE_PARTIES), "rules")
    SCENES["result"] = ("/replay/shot-result", "#replay-step", None)
    SCENES["lobby"] = ("/", "#create", None)
    store.close()
    srv = Server(f"sqlite:///{db}", bot_delay=0.05)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size", list(SIZES))
def test_every_screen_fits_and_reads_clean(
    browser: Any, screens_server: Server, size: str, lang: str
) -> None:
    width, height = SIZES[size]
    SCREENS.mkdir(parents=True, exist_ok=True)
    for scene, (path, ready, seat) in SCENES.items():
        ctx = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
        ctx.add_init_script(f"localStorage.setItem('spieltisch.lang', '{lang}')")
        if seat is not None:
            table = path.rsplit("/", 1)[1]
            token = _tokens(table, 8)[seat]
            ctx.add_init_script(
                f"localStorage.setItem('spieltisch.seat.{table}', "
                f"JSON.stringify({{seat: {seat}, token: '{token}'}}))"
            )
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        page.goto(screens_server.base + path)
        page.wait_for_selector(ready)
        if scene == "result":
            page.click("#last")
            page.wait_for_selector("#result")
        page.wait_for_timeout(400)
        page.mouse.move(1, 1)
        name = f"{scene}-{size}-{lang}"
        page.screenshot(path=str(SCREENS / f"{name}.png"))
        text = str(page.inner_text("body"))
        bad = BAD.search(text)
        assert bad is None, f"{name}: {bad.group(0)!r}"
        wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 1, f"{name} is {wide}px wider than the screen"
        assert not errors, f"{name}: {errors}"
        ctx.close()
    for target, shot in README_SHOTS.items():
        source = SCREENS / f"{shot}.png"
        if source.exists():
            to_docs(source, target)
