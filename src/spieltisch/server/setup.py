"""A table's setup: everything its host chose, validated once when the table is made.

lila keeps a game's variant, clock and rating choice in one immutable value chosen at
creation; here :class:`TableSetup` holds the game and its options, the seats, the turn
clock, who besides the players reads the chat, and whether the game is rated. It is
stored with the table in one transaction (``Store.create_table``: the table's row, its
settings row, its turn clock row) and a rematch copies it as it is.

Where it is stored, for databases made before it: the options in the table's row, the
clock in its turn clock row, the chat audience, the rated flag and the tips flag in its
settings row (``{"chat": ..., "rated": ..., "tips": ...}``), the keys the chat, the
ratings and the tips read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from spieltisch.bots import levels
from spieltisch.engine import Game, SpieltischError, load
from spieltisch.store import TableRecord, TurnClockRecord
from spieltisch.table import TurnLimit, allows_turn_clock

from .errors import ApiError, ErrorCode, from_engine
from .ratings import anchored, ratable

CHAT_AUDIENCES = ("none", "read", "write")
"""Spectators read nothing of the chat, read it, or also write (:mod:`.chat`)."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat as the host sets it up: a person's, or a bot's of ``level``."""

    kind: str
    level: str | None = None


@dataclass(frozen=True, slots=True)
class TableSetup:
    """What a table is, as its host chose it (see the module). Build it with
    :meth:`build`, which validates it; read a stored one with :meth:`stored`."""

    game: str
    options: dict[str, Any] = field(hash=False)
    """The game's options with their defaults filled in (``Game.options``)."""
    seats: tuple[SeatSpec, ...]
    clock: TurnLimit | None = None
    """The turn clock: seconds per move, or ``None`` to think as long as one likes."""
    chat: str = "none"
    """Who besides the players reads (``read``) and writes (``write``) the chat."""
    rated: bool = False
    """Whether the game changes its players' ratings (:mod:`.ratings`)."""
    tips: bool = False
    """Whether a seat may ask for the rules bot's move (:mod:`.tips`): the first game
    after a lesson; never at a rated table, never for a game without turns."""

    @classmethod
    def build(
        cls,
        game_name: str,
        options: dict[str, Any],
        seats: list[SeatSpec],
        *,
        clock: tuple[str, int] | tuple[str, int, int] | None = None,
        chat: str = "none",
        rated: bool | None = None,
        by_player: bool = False,
        tips: bool = False,
    ) -> tuple[TableSetup, Game]:
        """A validated setup and its loaded game. ``rated=None`` rates the game when its
        creator is a player (``by_player``) and the game is turn-based, unless it gives
        ``tips``: a game played with the rules bot's help is never rated.

        :raises ApiError: unknown game or option, bad seat count, a turn clock out of
            range or for a game without turns, an unknown bot level or chat audience.
        """
        try:
            game = load(game_name, **options)
            game.check_setup(len(seats))
        except SpieltischError as exc:
            raise from_engine(exc) from exc
        if tips and not allows_turn_clock(game.info):
            raise ApiError(ErrorCode.HINT_TIPS_REALTIME, f"{game_name} has no turns to tip")
        if tips and rated:
            raise ApiError(ErrorCode.HINT_TIPS_RATED, "a table with tips is never rated")
        limit = None
        if clock is not None:
            if not allows_turn_clock(game.info):
                raise ApiError(
                    ErrorCode.TABLE_CLOCK_NOT_TURNS, f"{game_name} has no turns to limit"
                )
            try:
                limit = TurnLimit(*clock)
            except ValueError as exc:
                raise ApiError(ErrorCode.TABLE_CLOCK_INVALID, str(exc)) from exc
        known = levels(game)
        for spec in seats:
            if spec.kind == "bot" and spec.level not in known:
                raise ApiError(
                    ErrorCode.BOT_UNKNOWN_LEVEL,
                    f"no bot level {spec.level!r} for {game_name} (levels: {', '.join(known)})",
                )
        if chat not in CHAT_AUDIENCES:
            raise ValueError(f"chat is one of {CHAT_AUDIENCES}")
        # A bot level without a measured strength (no anchor) would make the rating a
        # guess: such a table is never rated, and asking for it is refused.
        unanchored = sorted(
            {str(s.level) for s in seats if s.kind == "bot" and not anchored(game_name, s.level)}
        )
        if rated and unanchored:
            raise ApiError(
                ErrorCode.RATING_UNANCHORED_LEVEL,
                f"{game_name} levels without an anchor: {', '.join(unanchored)}",
            )
        chosen = rated if rated is not None else by_player and ratable(game_name)
        chosen = bool(chosen) and not unanchored and not tips
        setup = cls(
            game_name,
            dict(game.options),
            tuple(seats),
            limit,
            chat,
            bool(chosen) and ratable(game_name),
            tips,
        )
        return setup, game

    @classmethod
    def stored(
        cls, record: TableRecord, settings: dict[str, Any], clock: TurnClockRecord | None
    ) -> TableSetup:
        """The setup of a stored table: its record, its settings row and its turn clock
        row (a table made before setups has what its rows say, defaults elsewhere)."""
        seats = tuple(  # a person's seat stays a person's, even if a bot finished it
            SeatSpec("human")
            if s.token_hash is not None or s.kind == "human"
            else SeatSpec("bot", s.level)
            for s in record.seats
        )
        chat = settings.get("chat", "none")
        return cls(
            record.game,
            dict(record.options),
            seats,
            None if clock is None else TurnLimit(clock.mode, clock.seconds, clock.increment),
            chat if chat in CHAT_AUDIENCES else "none",
            bool(settings.get("rated", False)),
            bool(settings.get("tips", False)) and not settings.get("rated", False),
        )

    def next_options(self, result: dict[str, Any] | None, players: int) -> dict[str, Any]:
        """The options of a rematch: these, rotated as the game's rules rotate the dealer,
        first player or colours between games (``Game.next_options``)."""
        return load(self.game, **self.options).next_options(result, players)

    def settings_json(self) -> dict[str, Any]:
        """What the table's settings row holds (the keys the chat and ratings read)."""
        out: dict[str, Any] = {"chat": self.chat, "rated": self.rated}
        if self.tips:  # written only where on: rows of tables without tips stay as they were
            out["tips"] = True
        return out

    def turn_clock(self) -> tuple[str, int, int] | None:
        """The turn clock as the store keeps it (mode, seconds per move or a time bank's
        base, its increment)."""
        c = self.clock
        return None if c is None else (c.mode, c.seconds, c.increment)

    def clock_record(self) -> TurnClockRecord | None:
        """The turn clock of a table that has not started (no deadlines, full banks)."""
        c = self.clock
        return None if c is None else TurnClockRecord(c.mode, c.seconds, 0, {}, c.increment)
