"""A spy on ``game.sample_state``: proof that a bot imagines only worlds drawn from its view."""

from __future__ import annotations

import random

from spieltisch.bots import Bot
from spieltisch.engine import Dynamics, Game, State, View, game_class, game_names


def turn_based_games() -> list[str]:
    """The registered games the search levels play: every game that is not real-time."""
    return [n for n in game_names() if game_class(n).info.dynamics is Dynamics.TURN_BASED]


def spy_on_samples(game: Game) -> list[tuple[View, int | None]]:
    """Record every ``(view, seat)`` the game is asked to sample a world from.

    Each world handed out is checked to be marked ``sampled`` (it has no record and is
    not a real game). The game object is patched in place; tests load their own.
    """
    calls: list[tuple[View, int | None]] = []
    real_sample = game.sample_state

    def spy(view: View, seat: int | None, seed: int) -> State:
        calls.append((view, seat))
        world = real_sample(view, seat, seed)
        assert world.sampled
        return world

    game.sample_state = spy  # type: ignore[method-assign]
    return calls


def play_with_search(state: State, bot: Bot, decisions: int, seed: int = 3) -> None:
    """Random play in which ``bot`` decides about a fifth of the positions with a choice,
    until it has decided ``decisions`` times.

    Each decision must be legal by the view, and every world the bot imagined must be
    sampled from exactly that view for that seat.
    """
    seen = spy_on_samples(state.game)
    rng = random.Random(seed)
    done = 0
    for _ in range(400):
        if state.is_over() or done >= decisions:
            break
        seat = state.active_seats()[0]
        view = state.view(seat)
        if len(view["legal_actions"]) > 1 and rng.random() < 0.2:
            seen.clear()
            action = bot.plan(view, seat, 0.0).action
            assert seen and all(v == view and s == seat for v, s in seen)
            done += 1
        else:
            action = rng.choice(state.legal_actions(seat))
        assert str(action) in view["legal_actions"]
        state.apply(seat, action)
    assert done == decisions
