"""The Kalooki opening hint: computed from the cards sent (the seat's own hand) only."""

from __future__ import annotations

from fastapi.testclient import TestClient


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
    thrice = client.post("/api/hints/kalooki/opening", json={"hand": ["2c"] * 3})
    assert thrice.status_code == 400
