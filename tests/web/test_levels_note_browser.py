"""The lobby offers the bot levels in the game's ladder order and names those not shown to
be stronger than the level below, in the reader's language, under the seats (screenshots
in the test artifacts)."""

from __future__ import annotations

from typing import Any

from tests.server.procserver import Server

from .conftest import new_page, shot


def test_lobby_names_unproven_levels_in_german_and_english(browser: Any, server: Server) -> None:
    for lang, words, names in (
        (
            "de",
            "Nicht nachweislich stärker als die Stufe darunter",
            ["Experte"],
        ),
        ("en", "Not shown to be stronger than the level below", ["Expert"]),
    ):
        for mobile in (False, True):
            page = new_page(browser, lang, mobile=mobile)
            page.goto(server.base + "/")
            page.select_option("#game", "hydra")  # its expert is not shown
            page.wait_for_selector("#levels-unproven")
            text = page.inner_text("#levels-unproven")
            assert text.startswith(words) and all(n in text for n in names)
            assert "Tüftler" not in text and "Planner" not in text  # shown above rules
            assert "ismcts" not in text and "expert" not in text  # no raw code names
            size = "phone" if mobile else "desktop"
            shot(page, f"lobby-levels-unproven-{lang}-{size}")
            page.select_option("#game", "kalooki")  # every rung shown, in its own order
            page.wait_for_selector("#levels-unproven", state="detached")
            offered = page.eval_on_selector_all("#level-1 option", "os => os.map(o => o.value)")
            assert offered == ["random", "ismcts", "rules", "strong", "expert"]  # as measured
            shot(page, f"lobby-levels-kalooki-{lang}-{size}")
            assert not page.errors
            page.context.close()
