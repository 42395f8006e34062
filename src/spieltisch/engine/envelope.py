"""The view envelope: what every page asks of every game, in the same words.

Each game's view (``state.view(seat)``) is the game's own: Halali names the seat to move
``active_seat``, Hydra ``turn``, Kalooki ``to_move``, Halli Galli ``to_flip``, and bots,
encoders and tests read those keys. A page that only wants to know whose turn it is, whether
the game is over, what the seat may do and how it ended should not need one shim per game
for that, so the server sends this envelope beside the view, built from the engine
contract alone (``active_seats``, ``is_over``, ``legal_actions``, ``result``). The view
stays exactly as it was.
"""

from __future__ import annotations

from typing import Any

from .game import State


def envelope(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees of the game's flow, JSON-ready.

    ``to_move``: the seats that may act now, ascending (several at once in some phases,
    none once the game is over); ``over``: whether the game has ended; ``legal_actions``:
    the seat's legal actions in their notation (none for a spectator); ``result``: the
    outcome's JSON once the game is over, else ``None``.
    """
    over = state.is_over()
    result = state.result() if over else None
    legal = state.legal_actions(seat) if seat is not None and not over else []
    return {
        "to_move": [] if over else sorted(state.active_seats()),
        "over": over,
        "legal_actions": [str(a) for a in legal],
        "result": result.to_json() if result is not None else None,
    }
