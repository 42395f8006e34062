"""Hints: questions a seat may ask about what it already holds, declared by its game.

A game lists its hints in its descriptor (``faces.hints``: a mapping of hint name to
:class:`Hint`); the server answers ``POST /api/hints/<game>/<hint>`` with them and
knows nothing else about them.
"""

from __future__ import annotations

from typing import Any, Protocol

from .errors import SpieltischError


class Hint(Protocol):
    """One hint: a JSON question in, a JSON answer out.

    A hint sees only the question (a seat's own cards, never the table), so it cannot
    leak what the seat may not know. It must be a pure, deterministic function of the
    question: the server caches answers by question and runs the computation in a
    worker process under a time cap, because a hint may search hard.

    :raises BadQuestion: the question is malformed or impossible.
    """

    def __call__(self, question: Any) -> dict[str, Any]: ...


class BadQuestion(SpieltischError):
    """A hint's question it cannot answer: malformed, or impossible in the game."""

    code = "request/invalid"
