"""Records of short games played by the rules bots, for the review's tests."""

from __future__ import annotations

from typing import Any

import pytest

import spieltisch
from spieltisch.bots import Bot, RandomBot
from spieltisch.bots.ladder import rules_bot
from spieltisch.engine import State


def play_out(state: State, seed: int = 0) -> State:
    """Play ``state`` to its end with every seat's rules bot."""
    bots: dict[int, Bot] = {}
    while not state.is_over():
        seat = state.active_seats()[0]
        if seat not in bots:
            bots[seat] = rules_bot(state.game, seed + seat) or RandomBot(state.game, seed=seed)
        state.apply(seat, bots[seat].act(state, seat))
    return state


@pytest.fixture(scope="session")
def hydra_record() -> dict[str, Any]:
    """A one-game Hydra match, five seats."""
    return play_out(spieltisch.load("hydra", games=1).new_state(seed=5)).record()
