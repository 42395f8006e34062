"""Game-agnostic test helpers for the engine contract.

Every game's tests need the same two checks again and again: a refused action must leave
the state byte for byte as it was (``apply`` is atomic), and random legal play must run
to the end. Both live here so each game's tests stay about its rules.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from spieltisch.engine import IllegalAction, State


def canonical(state: State) -> str:
    """The full state as canonical JSON text, for exact before/after comparisons."""
    return json.dumps(state.to_json(), sort_keys=True)


def assert_refused(state: State, seat: int, action: Any, rule: str | None = None) -> IllegalAction:
    """Apply ``action`` expecting ``IllegalAction`` (citing ``rule`` if given).

    Also checks that the state, its views and its legal actions are exactly as before.
    """
    before = canonical(state)
    views = [state.view(s) for s in range(state.players)]
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    err = caught.value
    if rule is not None:
        assert err.rule == rule, f"{action} refused by {err.rule} ({err.message}), not {rule}"
    assert err.message and str(err).startswith(f"[{err.rule}]")
    assert canonical(state) == before, f"refusing {action} changed the state"
    assert [state.view(s) for s in range(state.players)] == views
    return err


OnPly = Callable[[State, int, Any], None]


def random_playout(
    state: State, rng: random.Random, *, max_plies: int = 100_000, on_ply: OnPly | None = None
) -> int:
    """Play uniformly random legal actions to the end; return the number of plies.

    ``on_ply(state, seat, action)`` is called before each action is applied.
    """
    plies = 0
    while not state.is_over():
        assert plies < max_plies, f"no end within {max_plies} plies"
        seat = rng.choice(state.active_seats())
        action = rng.choice(state.legal_actions(seat))
        if on_ply is not None:
            on_ply(state, seat, action)
        state.apply(seat, action)
        plies += 1
    return plies
