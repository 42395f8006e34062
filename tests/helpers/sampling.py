"""A spy on ``game.sample_state``: proof that a bot imagines only worlds drawn from its view."""

from __future__ import annotations

from spieltisch.engine import Game, State, View


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
