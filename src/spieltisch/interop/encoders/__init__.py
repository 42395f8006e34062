"""Per-game encoders: fixed integer actions, masks, observation tensors, explicit chance.

Encoders live here rather than in ``spieltisch.games`` because they need numpy, which
the rules core must not import. ``encoder("halali")`` returns the one for a game.
"""

from __future__ import annotations

import importlib

from spieltisch.engine import Game, UnknownGame, load

from .base import Encoder

_ENCODERS: dict[str, str] = {
    "halali": "spieltisch.interop.encoders.halali:HalaliEncoder",
    "halligalli": "spieltisch.interop.encoders.halligalli:HalliGalliEncoder",
    "hydra": "spieltisch.interop.encoders.hydra:HydraEncoder",
    "kalooki": "spieltisch.interop.encoders.kalooki:KalookiEncoder",
}


def encoded_games() -> list[str]:
    """Games that have an encoder, sorted."""
    return sorted(_ENCODERS)


def encoder(game: str | Game) -> Encoder:
    """The encoder of a game, by name or for a loaded rule set (whose notation it reads).

    :raises UnknownGame: if the game has no encoder (yet).
    """
    engine = load(game) if isinstance(game, str) else game
    name = engine.info.name
    try:
        target = _ENCODERS[name]
    except KeyError:
        known = ", ".join(encoded_games())
        raise UnknownGame(f"no encoder for {name!r} (encoded games: {known})") from None
    module, _, cls = target.partition(":")
    found: type[Encoder] = getattr(importlib.import_module(module), cls)
    return found(engine)


__all__ = ["Encoder", "encoded_games", "encoder"]
