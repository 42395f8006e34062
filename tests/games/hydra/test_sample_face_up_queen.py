"""HY 2.1.1 in sampled worlds: an Antrag whose face-up card is a black queen.

The declarer lays two black queens of one colour face down and a third card face up
(HY 2.2). When that face-up card is itself a black queen, the hidden pair cannot be of
its colour unless both other copies are unseen; a sampler that counted the face-up
queen as one of the pair dealt a world with three club queens, and the search bots
crashed on it.
"""

from __future__ import annotations

from collections import Counter

from spieltisch import bots
from spieltisch.engine import load
from spieltisch.games.hydra.cards import CQ, SQ
from spieltisch.games.hydra.state import HydraState


def test_worlds_sampled_while_a_black_queen_lies_face_up_hold_each_card_twice() -> None:
    game = load("hydra")
    state = game.new_state(seed=3)
    players = [bots.make(game, "rules", seed=30 + s) for s in range(state.players)]
    while state.ply < 63:  # seat 4 has laid an Antrag with the club queen face up
        seat = state.active_seats()[0]
        state.apply(seat, players[seat].plan(state.view(seat), seat, 0).action)
    seat = state.active_seats()[0]
    view = state.view(seat)
    assert view["antrag"]["face_up"] == "CQ" and view["antrag"]["queens"] is None
    for seed in range(300):
        world = game.sample_state(view, seat, seed)
        assert isinstance(world, HydraState)
        laid = Counter(world.laid)
        assert laid[CQ] == 1 and laid[SQ] == 2, (seed, world.laid)
