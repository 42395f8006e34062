"""The policy duel (``bench/policy_duel.py``) measures the challenger's moves only: a
challenger that plays like the baseline changes no game and gains nothing."""

from __future__ import annotations

from tests.helpers.bench import bench_module

SHARP = "spieltisch.games.hydra.faces.bots:SharpRulesBot"


def test_the_baseline_against_itself_changes_nothing() -> None:
    rows = bench_module("policy_duel").duel(("hydra", {"games": 1}, 0, "rules", "rules", 3, 2))
    assert rows == [0.0, 0.0, 0.0] * 2


def test_another_policy_changes_games_and_is_scored_against_the_same_deal() -> None:
    bench = bench_module("policy_duel")
    rows = bench.duel(("hydra", {"games": 1}, 0, SHARP, "rules", 3, 4))
    places, scores, changed = rows[0::3], rows[1::3], rows[2::3]
    assert len(places) == 4 and any(c > 0 for c in changed)
    assert all(-1.0 <= p <= 1.0 for p in places) and any(s != 0 for s in scores)
    # The same task gives the same figures: every deal and bot seed is derived.
    assert bench.duel(("hydra", {"games": 1}, 0, SHARP, "rules", 3, 4)) == rows
