"""Which moves of a game a bot made: the seat spans, kept in memory beside a live table.

A person's seat may be played by a bot for a while (a timeout, the host's hand-over, a
resigner's stand-in) and taken back. Each change is stored as a seat span
(``Store.set_seat_kind`` with ``from_ply``), so the same answer comes from the database
after a restart, a takeover by another process, or for a finished game's replay: a move
at ply ``p`` by seat ``s`` was a bot's if the latest span of ``s`` starting at or before
``p`` names a level. Before its first span a seat is played as it was seated: by its
person if one sat down (a token), else by its bot for the whole game.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable

from spieltisch.store import SeatSpan, TableRecord


class BotPlies:
    """Per seat, who played it from which ply on."""

    def __init__(self, record: TableRecord, spans: Iterable[SeatSpan] = ()) -> None:
        self._seated: dict[int, str | None] = {
            s.seat: None if s.token_hash is not None or s.kind != "bot" else s.level or "random"
            for s in record.seats
        }
        self._starts: dict[int, list[int]] = {}
        self._levels: dict[int, list[str | None]] = {}
        for span in spans:
            self.change(span.seat, span.from_ply, span.level)

    def change(self, seat: int, from_ply: int, level: str | None) -> None:
        """``seat`` is played by a bot of ``level`` (``None``: its person) from ``from_ply``
        on; a later change at the same ply replaces the earlier one, as in the store."""
        starts = self._starts.setdefault(seat, [])
        levels = self._levels.setdefault(seat, [])
        at = bisect_right(starts, from_ply)
        if at and starts[at - 1] == from_ply:
            levels[at - 1] = level
        else:
            starts.insert(at, from_ply)
            levels.insert(at, level)

    def level(self, seat: int, ply: int) -> str | None:
        """The level of the bot that played ``seat`` at ``ply``; ``None``: its person."""
        starts = self._starts.get(seat)
        if starts:
            at = bisect_right(starts, ply)
            if at:
                return self._levels[seat][at - 1]
        return self._seated.get(seat)

    def at(self, ply: int) -> list[str | None]:
        """Per seat, the level of the bot playing it at ``ply`` (``None``: its person)."""
        return [self.level(seat, ply) for seat in sorted(self._seated)]
