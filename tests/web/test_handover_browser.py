"""The hand-over control in the browser (German): it is shown beside a person's seat only
once he has been away for the grace, to anyone seated at the table (not only the host),
and it offers every bot level of the game; the level chosen is the one that plays."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.server.procserver import Server

from .conftest import new_page, remember_seat, shot

GRACE = 3


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("handover") / "web.db"
    srv = Server(f"sqlite:///{db}", bot_delay=0.05, env={"SPIELTISCH_SEAT_AWAY_GRACE": str(GRACE)})
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def test_a_seated_player_hands_an_away_seat_to_a_bot_of_any_level(
    server: Server, browser: Any
) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = httpx.post(
        f"{server.base}/api/tables", json={"game": "halali", "seats": seats, "name": "Ada"}
    ).json()
    tid = made["table"]["id"]
    bob_token = httpx.post(f"{server.base}/api/tables/{tid}/join", json={"name": "Bob"}).json()[
        "seat_token"
    ]
    games = httpx.get(f"{server.base}/api/games").json()
    levels = next(g for g in games if g["name"] == "halali")["bot_levels"]
    assert len(levels) > 2

    ada = new_page(browser, "de")
    remember_seat(ada, tid, 0, made["seat_token"], made["host_token"])
    ada.goto(f"{server.base}/t/{tid}")
    bob = new_page(browser, "de", mobile=True)
    remember_seat(bob, tid, 1, bob_token)
    bob.goto(f"{server.base}/t/{tid}")
    bob.locator(".seats-list li.on").nth(1).wait_for(timeout=15000)  # both online
    ada.wait_for_timeout((GRACE + 1) * 1000)
    # Online friends get no hand-over control, whatever the grace.
    assert ada.locator("#handover-1").count() == 0
    assert bob.locator("#handover-0").count() == 0
    shot(bob, "handover-none-online-de-phone")

    ada.context.close()  # Ada leaves; Bob, who is not the host, may let a bot play on
    bob.locator(".seats-list li").first.locator(".muted", has_text="offline").wait_for(
        timeout=15000
    )
    assert bob.locator("#handover-0").count() == 0  # not before her grace has passed
    bob.locator("#handover-0").wait_for(timeout=(GRACE + 5) * 1000)
    offered = bob.locator("#handover-level-0 option").evaluate_all("(os) => os.map((o) => o.value)")
    assert offered == levels
    assert "An Bot übergeben" in bob.locator("#handover-0").inner_text()
    bob.select_option("#handover-level-0", "strong")
    shot(bob, "handover-away-de-phone")
    bob.click("#handover-0")
    for _ in range(100):
        seat = httpx.get(f"{server.base}/api/tables/{tid}").json()["seats"][0]
        if seat["kind"] == "bot":
            break
        bob.wait_for_timeout(100)
    assert (seat["kind"], seat["level"]) == ("bot", "strong")
    bob.locator("#handover-0").wait_for(state="detached", timeout=15000)
    assert not bob.errors
    bob.context.close()
