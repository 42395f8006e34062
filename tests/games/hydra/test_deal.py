"""The deal made the quick way (getrandbits drawn directly, hands cut in one go, recent
deals kept) gives the cards the engine's ``shuffled`` and a 3-4-3 deal round by round
give: a seed must always deal the same hands."""

from __future__ import annotations

import pytest

from spieltisch.engine import derive_rng
from spieltisch.engine.rng import shuffled
from spieltisch.games.hydra.cards import DECK
from spieltisch.games.hydra.state import _DEALS, _shuffled_deck, deal_hands


def _reference(seed: int, deal_no: int, seats: list[int], players: int) -> list[list[int]]:
    deck = shuffled(derive_rng(seed, "hydra-deal", deal_no), list(DECK))
    hands: list[list[int]] = [[] for _ in range(players)]
    pos = 0
    for size in (3, 4, 3):
        for s in seats:
            hands[s].extend(deck[pos : pos + size])
            pos += size
    for h in hands:
        h.sort()
    return hands


def test_the_shuffle_is_the_engines() -> None:
    for seed in range(500):
        rng_a, rng_b = derive_rng(seed, "x", seed % 3), derive_rng(seed, "x", seed % 3)
        assert _shuffled_deck(rng_a) == shuffled(rng_b, list(DECK))


@pytest.mark.parametrize("players", [5, 6])
def test_the_hands_are_the_round_by_round_deal(players: int) -> None:
    for seed in range(40):
        for dealer in range(players):
            order = [(dealer + i) % players for i in range(1, players + 1)]
            seats = [s for s in order if players < 6 or s != dealer]
            for deal_no in range(3):
                want = _reference(seed, deal_no, seats, players)
                assert deal_hands(seed, deal_no, seats, players) == want
                # a second time from the kept deals, and the copy is the caller's own
                again = deal_hands(seed, deal_no, seats, players)
                assert again == want
                again[seats[0]].clear()
                assert deal_hands(seed, deal_no, seats, players) == want
    assert _DEALS
