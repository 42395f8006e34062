"""The hand evaluator that judges ``strong`` and ``expert``'s rollouts cut short (KA-R3,
KA-R6, KA-R7): its features read the hand as the rules count it, its values are each
seat's standing against the table, and the search levels use it."""

from __future__ import annotations

from spieltisch import load
from spieltisch.bots import make
from spieltisch.bots.rollout import RolloutBot
from spieltisch.games.kalooki.cards import counts_of, parse_face
from spieltisch.games.kalooki.faces.bots import BOTS, HORIZON
from spieltisch.games.kalooki.faces.evaluator import (
    FEATURES,
    WEIGHTS,
    features,
    hand_evaluate,
    table_features,
)
from spieltisch.games.kalooki.state import KalookiState


def _hand(*cards: str) -> list[int]:
    return counts_of([parse_face(c) for c in cards])


def _feature(hand: list[int], opened: bool, name: str) -> float:
    return features(hand, opened)[FEATURES.index(name)]


def test_KA_R7_features_count_deadwood_and_loose_cards_outside_the_best_melds() -> None:
    hand = _hand("3c", "4c", "5c", "Kd", "Qd")
    assert _feature(hand, True, "deadwood") == 0.20  # the run is laid: K and Q stay
    assert _feature(hand, True, "penalty") == 0.32
    assert _feature(hand, True, "loose") == 2 / 13
    assert _feature(hand, True, "loose_paired") == 2 / 13  # K and Q of one suit
    assert _feature(hand, True, "high_loose") == 2 / 13
    lone = _hand("3c", "4c", "5c", "Kd", "2h")
    assert _feature(lone, True, "loose_paired") == 0.0


def test_KA_R3_features_say_how_far_a_closed_hand_is_from_opening() -> None:
    far = _hand("2c", "3c", "4c", "9d", "Jh", "5s")
    assert _feature(far, False, "opening_short") == (51 - 9) / 100
    assert _feature(far, False, "can_open") == 0.0
    near = _hand("Jc", "Jd", "Jh", "Qs", "Ks", "As", "9d", "2h")
    assert _feature(near, False, "can_open") == 1.0
    assert _feature(near, False, "opening_short") == 0.0
    # An opened hand is past KA-R3: nothing to reach.
    assert _feature(far, True, "opening_short") == 0.0


def test_values_are_each_seats_standing_against_the_table() -> None:
    """Relative to the table's mean, so the values of a world average one half and a
    world's common luck cancels from the paired differences of two candidate moves."""
    game = load("kalooki")
    for seed in range(3):
        state = game.new_state(seed=seed)
        assert isinstance(state, KalookiState)
        rows = table_features(state)
        for column in zip(*rows, strict=True):
            assert abs(sum(column)) < 1e-9
        values = hand_evaluate(state)
        assert len(values) == state.players
        assert abs(sum(values) / len(values) - 0.5) < 1e-9


def test_a_seat_that_melds_its_loose_cards_is_valued_higher() -> None:
    """With every other hand alike, the hand with fewer loose cards is worth more."""
    game = load("kalooki")
    state = game.new_state(seed=4)
    assert isinstance(state, KalookiState)
    melded = _hand("3c", "4c", "5c", "7d", "7h", "7s", "Jc", "Qc", "Kc", "2d", "3d", "4d", "9h")
    loose = _hand("3c", "5c", "8c", "7d", "9h", "Js", "2c", "Qd", "Kh", "2d", "4s", "6d", "9s")
    state.hands[0] = melded
    state.hands[1] = loose
    state.hands[2] = list(loose)
    state.hands[3] = list(loose)
    values = hand_evaluate(state)
    assert values[0] > values[1] == values[2] == values[3]


def test_search_levels_cut_rollouts_short_and_judge_them_by_the_hands() -> None:
    game = load("kalooki")
    assert BOTS.evaluate is not hand_evaluate  # ismcts keeps the deadwood ranking
    assert len(WEIGHTS) == len(FEATURES)
    for level in ("strong", "expert"):
        bot = make(game, level, seed=1)
        assert isinstance(bot, RolloutBot)
        assert bot.evaluate is hand_evaluate and bot.horizon == HORIZON
