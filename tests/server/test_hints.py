"""Hints: the games' own answers, computed from the cards sent (the seat's own hand) only,
off the event loop, time-capped, rate-limited and cached."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

import spieltisch
from spieltisch.engine import BadQuestion
from spieltisch.server import Settings, create_app
from spieltisch.server.hints import HintDesk

CRAFTED = ["JK", "JK", *[f"{r}{s}" for r in ("5", "6", "7", "8", "9", "10") for s in "hdcs"][:18]]
"""Two jokers and runs doubled in every suit: the costliest kind of meld search, about a
quarter of a second of CPU since the meld tables (seconds before them)."""


def test_KA_R3_best_opening_hint_reaches_51_with_disjoint_melds(client: TestClient) -> None:
    hand = ["7h", "8h", "9h", "10h", "Qs", "Qd", "Qc", "JK", "2c", "5d", "Kc", "Kd", "Ks", "4s"]
    r = client.post("/api/hints/kalooki/opening", json={"hand": hand})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["opens"] and data["value"] >= 51
    used = [c.split("=")[0] for meld in data["melds"] for c in meld.split()]
    for card in set(used):
        assert used.count(card) <= hand.count(card)  # disjoint melds out of the hand
    assert len(used) <= len(hand) - 1  # one card is kept for the discard


def test_KA_R3_hint_for_a_weak_hand_and_refusals(client: TestClient) -> None:
    weak = client.post("/api/hints/kalooki/opening", json={"hand": ["2c", "5d", "9h"]}).json()
    assert weak == {"value": 0, "opens": False, "melds": []}
    bad = client.post("/api/hints/kalooki/opening", json={"hand": ["2c", "zz"]})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "request/invalid"
    assert bad.json()["error"]["text"]["de"].startswith("Keine Karte")
    thrice = client.post("/api/hints/kalooki/opening", json={"hand": ["2c"] * 3})
    assert thrice.status_code == 400
    for question in ({"hand": "2c"}, [1], {"hand": ["2c"], "keep": 2}, {"hand": ["2c"] * 21}):
        r = client.post("/api/hints/kalooki/opening", json=question)
        assert r.status_code == 400 and r.json()["error"]["code"] == "request/invalid", question


def test_KA_R3_the_opening_hint_opens_at_51_not_below() -> None:
    opening = spieltisch.load("kalooki").face("hints")["opening"]
    assert opening({"hand": ["Kh", "Kd", "Ks", "7h", "7d", "7c", "2s"]}) == {
        "value": 51,
        "opens": True,
        "melds": ["7c 7d 7h", "Kd Kh Ks"],
    }
    fifty = opening({"hand": ["Kh", "Kd", "Ks", "2h", "3h", "4h", "5h", "6h", "9c"]})
    assert fifty["value"] == 50 and not fifty["opens"]
    six = ["Kh", "Kd", "Ks", "7h", "7d", "7c"]  # all six melded leave no card to discard
    assert opening({"hand": six})["value"] == 30 and opening({"hand": six, "keep": 0})["opens"]
    try:
        opening({"hand": ["JK"] * 3})
    except BadQuestion as exc:
        assert exc.text is not None and "twice" in exc.text.en
    else:
        raise AssertionError("three jokers were accepted")


def test_hints_are_found_through_the_game(client: TestClient) -> None:
    assert spieltisch.load("halali").face("hints") is None
    none = client.post("/api/hints/halali/opening", json={"hand": []})
    assert none.status_code == 404 and none.json()["error"]["code"] == "request/not_found"
    other = client.post("/api/hints/kalooki/closing", json={"hand": []})
    assert other.status_code == 404
    unknown = client.post("/api/hints/skat/opening", json={"hand": []})
    assert unknown.status_code == 400 and unknown.json()["error"]["code"] == "game/unknown"


@pytest.mark.slow
def test_a_hint_over_its_time_cap_is_refused_once_and_then_from_the_cache(
    settings: Settings,
) -> None:
    with TestClient(create_app(settings.model_copy(update=dict(hint_seconds=0.1)))) as client:
        desk: HintDesk = client.app.state.hints  # type: ignore[attr-defined]
        assert client.post("/api/hints/kalooki/opening", json={"hand": ["2c"]}).status_code == 200
        child = desk.worker.pid
        slow = client.post("/api/hints/kalooki/opening", json={"hand": CRAFTED})
        assert slow.status_code == 503 and slow.json()["error"]["code"] == "hint/timeout"
        assert desk.worker.killed == 1 and desk.worker.pid is None  # the search was killed
        again = client.post("/api/hints/kalooki/opening", json={"hand": CRAFTED})
        assert again.json() == slow.json() and desk.worker.killed == 1  # remembered
        fine = client.post("/api/hints/kalooki/opening", json={"hand": ["2c", "3c", "4c"]})
        assert fine.status_code == 200 and desk.worker.pid not in (None, child)


def test_hints_are_rate_limited_per_client_and_the_cache_is_bounded(settings: Settings) -> None:
    small = settings.model_copy(update=dict(hint_rate=0.01, hint_burst=4, hint_cache=2))
    with TestClient(create_app(small)) as client:
        desk: HintDesk = client.app.state.hints  # type: ignore[attr-defined]
        codes = [
            client.post("/api/hints/kalooki/opening", json={"hand": [card]}).status_code
            for card in ("2c", "3c", "4c", "5c", "6c")
        ]
        assert codes == [200, 200, 200, 200, 429]
        assert len(desk.cache) == 2 and desk.worker.answered == 4
