"""Drawing games in a terminal with Rich.

A game declares its terminal face in its descriptor (``faces.terminal``, usually
``games/<game>/faces/terminal.py:FACE``): a :class:`Face` built with :meth:`Face.of`
from its ``render(view, lang)`` (which may take ``last=``, the latest action of another
seat in notation, to highlight it) and optionally ``describe(event, lang, seat)`` (one
line per event, or None to stay silent) and ``result(view, lang, seat)`` (the final
score). A game without one, or without the optional functions, gets the plain fallbacks
below, so ``spieltisch play`` works for every registered game from the first day.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast

from rich.console import RenderableType
from rich.pretty import Pretty
from rich.table import Table

from spieltisch.engine import Event, Game, View

from .texts import LANGS, text


class Render(Protocol):
    def __call__(self, view: View, lang: str, *, last: str | None = None) -> RenderableType: ...


Describe = Callable[[Event, str, int | None], str | None]
Summarise = Callable[[View, str, int | None], RenderableType]


def plain_render(view: View, lang: str, *, last: str | None = None) -> RenderableType:
    """The view as pretty-printed data, minus the list of legal actions."""
    return Pretty({k: v for k, v in view.items() if k != "legal_actions"})


def plain_describe(event: Event, lang: str, seat: int | None) -> str | None:
    return json.dumps(event, ensure_ascii=False)


def plain_result(view: View, lang: str, seat: int | None) -> RenderableType:
    """Scores and ranks per seat from the view's ``result``."""
    result: dict[str, Any] = view.get("result") or {}
    table = Table(title=text(lang, "final"))
    for key in ("seat", "score", "rank"):
        table.add_column(text(lang, key))
    for s, (score, rank) in enumerate(
        zip(result.get("scores", []), result.get("ranks", []), strict=False)
    ):
        name = f"{s} ({text(lang, 'you')})" if s == seat else str(s)
        table.add_row(name, f"{score:g}", str(rank))
    return table


def _with_last(render: Callable[..., RenderableType]) -> Render:
    """``render`` itself if it takes ``last``; else a wrapper that leaves it out, so a
    game's plain ``render(view, lang)`` keeps working."""
    if "last" in inspect.signature(render).parameters:
        return cast(Render, render)

    def without_last(view: View, lang: str, *, last: str | None = None) -> RenderableType:
        return render(view, lang)

    return without_last


@dataclass(frozen=True, slots=True)
class Face:
    """How one game is drawn and narrated in the terminal."""

    render: Render
    describe: Describe = plain_describe
    result: Summarise = plain_result

    @classmethod
    def of(
        cls,
        render: Callable[..., RenderableType],
        describe: Describe = plain_describe,
        result: Summarise = plain_result,
    ) -> Face:
        """A face from a game's functions; ``render`` need not take ``last``."""
        return cls(_with_last(render), describe, result)


PLAIN = Face(plain_render)
"""The face of a game that declares none: its views and events as plain data."""


def face(game: Game) -> Face:
    """The terminal face ``game`` declares, or :data:`PLAIN`."""
    found: Face | None = game.face("terminal")
    return PLAIN if found is None else found


__all__ = [
    "LANGS",
    "PLAIN",
    "Face",
    "face",
    "plain_describe",
    "plain_render",
    "plain_result",
    "text",
]
