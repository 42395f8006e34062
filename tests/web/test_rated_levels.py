"""The lobby offers "Gewertet" only against bot levels with a measured strength: against
a level without an anchor (Halali's Experte, left out of this server's anchors file) the
box is off and says why, against Stark it is on again; the player's own rating stands
beside the levels, and no level is named by its jargon."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.helpers.anchors import anchors_without
from tests.server.procserver import Server

from .conftest import docs_shot, new_page, serving

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]

WHY = {"de": "Nicht gewertet gegen Experte", "en": "Not rated against Expert"}
MINE = {"de": "Du hast in diesem Spiel noch keine Wertung", "en": "You have no rating in this"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("rated")
    unmeasured = anchors_without(folder, "halali", "expert")
    with serving(folder, {"SPIELTISCH_ANCHORS_FILE": str(unmeasured)}) as srv:
        yield srv


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_rated_only_against_anchored_levels(
    server: Server, browser: Any, lang: str, phone: bool
) -> None:
    made = httpx.post(f"{server.base}/api/players", json={"name": f"Ada{lang}{int(phone)}"})
    player = made.json()
    me = {"id": player["player"]["id"], "name": player["player"]["name"], "key": player["key"]}
    page = new_page(browser, lang, mobile=phone)
    page.context.add_init_script(
        f"localStorage.setItem('spieltisch.player', {json.dumps(json.dumps(me))})"
    )
    page.goto(f"{server.base}/")
    page.wait_for_selector("#create")
    page.select_option("#game", "halali")
    page.select_option("#seat-1", "bot")
    assert MINE[lang] in page.inner_text("#my-rating")
    labels = page.eval_on_selector_all("#level-1 option", "os => os.map(o => o.label)")
    assert not [label for label in labels if "ISMCTS" in label or "Baumsuche" in label], labels

    page.select_option("#level-1", "expert")
    assert page.locator("#rated").is_disabled() and not page.locator("#rated").is_checked()
    assert WHY[lang] in page.inner_text("#rated-why")
    page.locator("#rated-field").scroll_into_view_if_needed()
    view = "phone" if phone else "desktop"
    docs_shot(page, f"rated-unanchored-{lang}-{view}")

    page.select_option("#level-1", "strong")
    assert page.locator("#rated").is_enabled() and page.locator("#rated").is_checked()
    assert page.locator("#rated-why").is_hidden()

    # At the table the bot's seat carries its rating, as in the lobby.
    anchored = page.locator("#level-1 option:checked").get_attribute("label") or ""
    page.fill("#name", me["name"])
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".seats-list .seat-rating")
    assert anchored.endswith(f"· {page.inner_text('.seats-list .seat-rating')}"), anchored
    docs_shot(page, f"rated-table-{lang}-{view}")
    assert not page.errors
