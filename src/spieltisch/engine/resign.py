"""Resigning: the one action every game accepts from any seat of a running game.

No rulebook lists resigning among the moves, so it is not in ``legal_actions``: bots,
search and the research encoders never meet it. It is still an action of the record
(``{"resign": true}``, notation ``resign``), so a resigned game replays to the same end
and the record stays the truth (ARCHITECTURE.md, principle 4).

What a resignation means is the same mechanism in every game, cited by each game's own
ruling (``GameInfo.resign_rule``): the seat has lost. While two or more seats have not
resigned the game goes on and the resigned seat must still be played (a live table hands
it to a bot); when at most one seat is left the game ends at once and that seat wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

RESIGN_RULE = "ENGINE-RESIGN"
"""Cited when a resignation is refused (a seat that has resigned already)."""


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Resign:
    """A seat gives up. Equal to every other resignation; the record says whose."""

    def to_json(self) -> dict[str, Any]:
        return {"resign": True}

    def __str__(self) -> str:
        return "resign"


RESIGN = Resign()


def read_resign(data: Any) -> Resign | None:
    """``RESIGN`` for its notation or JSON, else ``None`` (the game reads it).

    >>> read_resign(" Resign "), read_resign({"resign": True}), read_resign("flip c4")
    (Resign(), Resign(), None)
    """
    if isinstance(data, str) and data.strip().lower() == "resign":
        return RESIGN
    if isinstance(data, dict) and data == {"resign": True}:
        return RESIGN
    return None
