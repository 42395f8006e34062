"""A decided Hydra end game, found from the engine: the card that takes the last trick.

Random play from a seeded deal up to the next-to-last trick, where the seat to move plays
last to the trick and holds two legal cards. From there the rest of the game is forced
(one card each), so every world consistent with the seat's view can be played out both
ways. A position qualifies when one card is strictly better for the seat in every sampled
world and the choice decides who takes the last trick: a search must find that card.
"""

from __future__ import annotations

import random
from typing import Any

from spieltisch.bots.ismcts import result_rewards
from spieltisch.engine import Game, State, View

SEEDS = range(400)
"""Deals tried in order; the first position that qualifies is used (seed 214 when written:
a spade solo, a defender must keep ♥A for the last trick instead of throwing it into the
soloist's trick, which turns 124 card points for the soloist into 125 for the defence)."""
WORLDS = 30
"""Worlds sampled from the view to check that the best card is best in each of them."""


def _play_out(state: State) -> tuple[list[float], int]:
    """Play the forced rest of the game; the rewards and the seat that took the last trick."""
    while not state.is_over():
        seat = state.active_seats()[0]
        legal = state.legal_actions(seat)
        assert len(legal) == 1, f"not forced: {legal}"
        state.apply(seat, legal[0])
    result = state.result()
    assert result is not None
    return result_rewards(result), int(state.view(None)["tricks"][-1]["winner"])


def _next_to_last_trick(game: Game, seed: int) -> tuple[State, int, View] | None:
    """Random play until a seat plays last to the next-to-last trick with two legal cards."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.active_seats()[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        if (
            view["phase"] == "play"
            and len(view["hand"]) == 2
            and len(view["trick"]) == len(view["seats_in_game"]) - 1
            and len(legal) == 2
        ):
            return state, seat, view
        state.apply(seat, rng.choice(legal))
    return None


def _dominant_card(game: Game, seat: int, view: View, legal: list[Any]) -> Any | None:
    """The card strictly better for ``seat`` in every sampled world, if it decides the last
    trick (the seat takes it with this card and not with the other); else None."""
    best: Any | None = None
    for world_seed in range(WORLDS):
        world = game.sample_state(view, seat, world_seed)
        outcomes = {}
        for card in legal:
            line = world.clone()
            line.apply(seat, card)
            outcomes[card] = _play_out(line)
        (a, out_a), (b, out_b) = outcomes.items()
        (rewards_a, last_a), (rewards_b, last_b) = out_a, out_b
        if rewards_a[seat] == rewards_b[seat] or (last_a == seat) == (last_b == seat):
            return None
        better = a if rewards_a[seat] > rewards_b[seat] else b
        if best is not None and better != best:
            return None
        best = better
    return best


def find_last_trick_position(game: Game) -> tuple[int, View, Any]:
    for seed in SEEDS:
        found = _next_to_last_trick(game, seed)
        if found is None:
            continue
        state, seat, view = found
        card = _dominant_card(game, seat, view, state.legal_actions(seat))
        if card is not None:
            return seat, view, card
    raise AssertionError(f"no decided next-to-last trick among seeds {SEEDS}")
