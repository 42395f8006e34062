"""Drawing games in a terminal with Rich, one module per game.

A game's module ``spieltisch.terminal.<game>`` exposes ``render(view, lang)`` returning
a Rich renderable (it may take ``last=``, the latest action of another seat in notation,
to highlight it), and may add ``describe(event, lang, seat)`` (one line per event, or
None to stay silent) and ``result(view, lang, seat)`` (the final score). Games without a
module, or without the optional functions, get the plain fallbacks below, so
``spieltisch play`` works for every registered game from the first day.
"""

from __future__ import annotations

import importlib
import inspect
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast

from rich.console import RenderableType
from rich.pretty import Pretty
from rich.table import Table

from spieltisch.engine import Event, View

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
    describe: Describe
    result: Summarise


def face(game: str) -> Face:
    """The terminal face of ``game``: its own module's functions where it has them."""
    try:
        module: Any = importlib.import_module(f"{__name__}.{game}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game}":
            raise
        module = None
    return Face(
        render=_with_last(getattr(module, "render", plain_render)),
        describe=getattr(module, "describe", plain_describe),
        result=getattr(module, "result", plain_result),
    )


__all__ = ["LANGS", "Face", "face", "plain_describe", "plain_render", "plain_result", "text"]
