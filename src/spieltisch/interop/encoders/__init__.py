"""Tensor encoders: fixed integer actions, masks, observation tensors, explicit chance.

Each game declares its encoder in its descriptor (``faces.encoder``) and keeps it in its
own ``faces`` package; this module finds it through the game, so adding a game needs no
line here. The shared base, :class:`Encoder`, stays here because it needs numpy, which
the rules core must not import.
"""

from __future__ import annotations

from spieltisch.engine import Game, UnknownGame, game_class, game_names, load

from .base import Encoder


def encoded_games() -> list[str]:
    """Games whose descriptor declares an encoder, sorted."""
    return [name for name in game_names() if game_class(name).info.faces.encoder is not None]


def encoder(game: str | Game) -> Encoder:
    """The encoder of a game, by name or for a loaded rule set (whose notation it reads).

    :raises UnknownGame: if the game has no encoder (yet).
    """
    engine = load(game) if isinstance(game, str) else game
    found: type[Encoder] | None = engine.face("encoder")
    if found is None:
        known = ", ".join(encoded_games())
        raise UnknownGame(f"no encoder for {engine.info.name!r} (encoded games: {known})")
    return found(engine)


__all__ = ["Encoder", "encoded_games", "encoder"]
