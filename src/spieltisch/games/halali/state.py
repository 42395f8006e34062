"""Halali's rules: who may move what, captures, the end phase, scoring (HA-R1..HA-R8).

Sources: the Kosmos rulebook (``halali-kosmos.de.md``), the Brettspielnetz page
(``halali-brettspielnetz.de.txt``) and the rulings HA-R1..HA-R8. A state is one match:
a single game, or two games with the roles swapped (Kosmos, "Gleich noch einmal").
Seat 0 plays Blue in the first game; Blue moves first in every game.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable, Mapping
from copy import deepcopy
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, Self

from mypy_extensions import mypyc_attr

from spieltisch.engine import (
    Event,
    Game,
    IllegalAction,
    InvalidNotation,
    Result,
    State,
    View,
    derive_rng,
)
from spieltisch.engine.rng import shuffled

from .actions import DRAW_CLASSES, FLIPS, MOVES, PASS, AcceptDraw, Flip, Move, OfferDraw, Pass
from .board import (
    BIRDS,
    BLUE,
    BROWN,
    CENTRE,
    COLOUR_NAMES,
    DIRECTION_NAMES,
    EMPTY,
    EXITS,
    FOREST,
    GROUP,
    HUNTER,
    IS_EXIT,
    IS_FOREST,
    KIND_NAMES,
    NEUTRAL,
    OFF,
    OWNER,
    PREY,
    RANGE,
    RAYS,
    SQUARE_NAMES,
    STEP,
    TREE,
    VALUES,
    all_tiles,
    direction_between,
    gun_of,
    kind_of,
    square_name,
    tile_code,
)
from .position import check_payload
from .scoring import match_result, points
from .views import view_of, views_of

END_PHASE_PLIES: Final = 10
"""Five moves each after the last reveal (Kosmos, Spielende)."""


def _move_rays(
    short: bool,
) -> tuple[tuple[tuple[tuple[tuple[int, Move], ...], Move | None], ...], ...]:
    """Per square and direction: the (square, move there) pairs inside the forest, and
    the move out through the exit the line ends in (or None); ``short`` cuts them to one
    square for the bear and the woodcutter."""
    table = []
    for sq in range(81):
        rays = []
        for ray in RAYS[sq]:
            inside = [nxt for nxt in ray if not IS_EXIT[nxt]]
            out = MOVES[sq * 81 + ray[-1]] if ray and IS_EXIT[ray[-1]] else None
            if short:
                out = out if len(ray) == 1 else None
                inside = inside[:1]
            rays.append((tuple((nxt, MOVES[sq * 81 + nxt]) for nxt in inside), out))
        table.append(tuple(rays))
    return tuple(table)


LONG: Final = _move_rays(short=False)
SHORT: Final = _move_rays(short=True)


def _prey_tiles(tile: int) -> tuple[frozenset[int], ...]:
    """Per direction: the tiles ``tile`` captures that way (a hunter along its gun only)."""
    kind = tile >> 2
    prey = frozenset(t for t in range(28) if t >> 2 in PREY[kind])
    if kind == HUNTER:
        return tuple(prey if d == tile & 3 else frozenset() for d in range(4))
    return (prey,) * 4


PREY_TILES: Final = tuple(_prey_tiles(tile) for tile in range(28))
LINES: Final = tuple(
    tuple(
        tuple(
            (prey, ray, out)
            for prey, (ray, out) in zip(
                PREY_TILES[tile], (LONG if RANGE[tile >> 2] > 1 else SHORT)[sq], strict=True
            )
        )
        for sq in range(81)
    )
    for tile in range(28)
)
"""``LINES[tile][sq]``: per direction, what ``tile`` on ``sq`` captures that way, the
(square, move) pairs of its line and its move out through an exit: looked up once per
tile whose moves are renewed, the commonest step of a playout."""
LOOKS: Final = tuple(
    tuple((ray, ray[0], d ^ 2) for d, ray in enumerate(RAYS[sq]) if ray) for sq in range(81)
)
"""``LOOKS[sq]``: per line out of ``sq`` that has squares, the line, its first square and
the direction back to ``sq`` (``_touch`` walks them on every change)."""
FAR: Final = tuple(reach > 1 for reach in RANGE)
"""Per kind: whether it moves further than one square (and so sees further)."""
FACE_DOWN: Final = -2
"""What ``_touch`` is told stood on a square just flipped: a tile no one may capture."""
MOVER_LISTS: Final = ((BLUE,), (BROWN,), (BLUE, BROWN), ())
"""Per group of ``_up``: the colours whose list of movable squares (``_movers``) holds
its tiles: the birds are in both, the trees in neither."""
FIFTY_MOVE_PLIES: Final = 100
"""50 full moves without a reveal or capture end a Brettspielnetz game as a draw."""


class Phase(StrEnum):
    """Where a game of the match stands: tiles still face down, the end phase of ten
    plies after the last reveal (HA-R6), or the match over."""

    REVEAL = "reveal"
    END_PHASE = "end_phase"
    OVER = "over"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Settings:
    """What the rules read from the options (HA-R8), made once by the game and handed to
    each state, so the rules never reach back into the game."""

    variant: str
    games_in_match: int
    blue_seat: int = 0
    """The seat that plays Blue in the first game (HA-R10: a rematch alternates it)."""
    draw_offers: bool = False
    """Whether the players may agree on a draw (HA-R11)."""

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Settings:
        variant, match = str(options["variant"]), options["match"]
        if match == "auto":
            games = 2 if variant == "kosmos" else 1
        else:
            games = 2 if match == "double" else 1
        offers = str(options.get("draw_offers", "auto"))
        draws = variant == "brettspielnetz" if offers == "auto" else offers == "on"
        return cls(variant, games, int(options.get("blue_seat", 0)) % 2, draws)


def deal_layout(seed: int, game_no: int) -> list[int]:
    """The hidden layout of one game: 48 tiles on the forest, hunters' guns at random."""
    rng = derive_rng(seed, "halali-layout", game_no)
    tiles = shuffled(rng, all_tiles())
    tiles = [tile_code(HUNTER, rng.randrange(4)) if kind_of(t) == HUNTER else t for t in tiles]
    board = [EMPTY] * 81
    squares = [sq for sq in FOREST if sq != CENTRE]
    for sq, tile in zip(squares, tiles, strict=True):
        board[sq] = tile
    return board


def _copy_summary(summary: dict[str, Any]) -> dict[str, Any]:
    """A copy of a game's summary that shares nothing with it: its values are numbers,
    words and lists of them (``deepcopy`` costs more than the rest of the game's end)."""
    return {
        key: list(value) if isinstance(value, list) else value for key, value in summary.items()
    }


def _join(parts: list[tuple[Move, ...] | None], into: list[Any]) -> None:
    """Append the moves of every square's part to ``into``, in square order: a loop of
    ``extend`` calls, which the compiled core runs without an iterator object per step."""
    for part in parts:
        if part:
            into.extend(part)


class HalaliState(State):
    """One Halali match in progress."""

    __slots__ = (
        "_cache",
        "_flips",
        "_movers",
        "_stale",
        "_up",
        "board",
        "draw_offer",
        "end_left",
        "exited",
        "finished",
        "game_no",
        "hidden",
        "hidden_count",
        "last_move",
        "lock",
        "quiet",
        "reason",
        "settings",
        "taken",
        "to_move",
    )

    def __init__(self, game: Game, players: int, seed: int, settings: Settings) -> None:
        super().__init__(game, players, seed)
        self.settings = settings
        self.finished: list[dict[str, Any]] = []
        """Summaries of the games of the match already played."""
        self.reason = ""
        self.draw_offer = -1
        """The seat whose draw offer is open, -1 for none (HA-R11)."""
        self._start_game(0)

    def _start_game(self, game_no: int) -> None:
        self.game_no = game_no
        self.board = deal_layout(self.seed, game_no)
        self.hidden = [t != EMPTY for t in self.board]
        self.hidden_count = sum(self.hidden)
        self.to_move = BLUE
        self.taken: list[list[int]] = [[], []]
        """Tiles captured, per colour."""
        self.exited: list[list[int]] = [[], []]
        """Own tiles moved out through an exit, per colour (HA-R6)."""
        self.last_move: list[tuple[int, int] | None] = [None, None]
        """Each colour's previous own-tile move, for the back-and-forth rule (HA-R5)."""
        self.lock = OFF
        """A bird the player to move may not move: revealed or moved by the other (HA-R5)."""
        self.end_left = -1
        """Plies left in the end phase, -1 before it (HA-R6)."""
        self.quiet = 0
        """Plies since the last reveal or capture (Brettspielnetz fifty-move rule)."""
        self._forget_moves()

    # -- seats and colours ---------------------------------------------------------------
    def seat_of(self, colour: int) -> int:
        """The seat of option ``blue_seat`` (0 unless a rematch rotated it, HA-R10) is
        Blue in the first game, Brown in the second (roles swapped)."""
        return (colour + self.game_no + self.settings.blue_seat) % 2

    def colour_of(self, seat: int) -> int:
        return (seat + self.game_no + self.settings.blue_seat) % 2

    @property
    def games_in_match(self) -> int:
        return self.settings.games_in_match

    @property
    def in_end_phase(self) -> bool:
        return self.end_left >= 0

    @property
    def phase(self) -> Phase:
        if self.reason:
            return Phase.OVER
        return Phase.END_PHASE if self.end_left >= 0 else Phase.REVEAL

    def active_seats(self) -> tuple[int, ...]:
        if self.reason:
            return ()
        return ((self.to_move + self.game_no + self.settings.blue_seat) % 2,)

    def _is_over(self) -> bool:
        return bool(self.reason)

    def is_over(self) -> bool:
        """As the engine's, read straight from the match's end reason: asked before every
        ply of every playout."""
        return bool(self.reason) or (bool(self.resigned) and self._resigned_out())

    # -- legal actions -------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Any]:
        if self.reason or seat != (self.to_move + self.game_no + self.settings.blue_seat) % 2:
            return []
        parts = self._parts(self.to_move, restricted=True)
        if self._flips:
            actions: list[Any] = [*self._flips.values()]
            _join(parts, actions)
            return actions
        moves: list[Move] = []
        _join(parts, moves)
        return [PASS] if self._must_pass(moves) else moves

    def _moves(self, colour: int, restricted: bool) -> list[Move]:
        """Every move of ``colour``; ``restricted=False`` ignores the HA-R5 restrictions."""
        moves: list[Move] = []
        _join(self._parts(colour, restricted), moves)
        return moves

    def _parts(self, colour: int, restricted: bool) -> list[tuple[Move, ...] | None]:
        """The moves of ``colour`` per movable square in square order, joined by the
        caller (straight after the flips for the legal actions, without a second list).

        Every face-up tile's moves are kept per square until a tile in its sight changes
        (see ``_touch``); only the restrictions are applied here.
        """
        board, cache, stale = self.board, self._cache, self._stale
        for group in (colour, NEUTRAL):
            renew = stale[group]
            if renew:
                for sq in renew:
                    cache[sq] = self._square_moves(sq)
                renew.clear()
        squares = self._movers[colour]
        parts = [cache[sq] for sq in squares]
        if restricted:
            lock = self.lock
            if lock != OFF and OWNER[board[lock] >> 2] != colour:
                at = bisect_left(squares, lock)
                if at < len(squares) and squares[at] == lock:
                    parts[at] = ()
            back = self.last_move[colour]
            if back is not None and board[back[0]] == EMPTY:
                at = bisect_left(squares, back[1])
                if at < len(squares) and squares[at] == back[1]:
                    forbidden = MOVES[back[1] * 81 + back[0]]
                    parts[at] = tuple(m for m in parts[at] if m is not forbidden)  # type: ignore[union-attr]
        return parts

    def _square_moves(self, sq: int) -> tuple[Move, ...]:
        """The moves of the face-up tile on ``sq`` without the HA-R5 restrictions.

        They do not depend on who moves it: exits are open in the end phase to a tile's
        own colour only, and the neutral birds never leave (HA-R6).
        """
        board, hidden = self.board, self.hidden
        tile = board[sq]
        exits = self.end_left >= 0 and OWNER[tile >> 2] != NEUTRAL
        moves: list[Move] = []
        append = moves.append
        for prey, ray, out in LINES[tile][sq]:
            for nxt, move in ray:
                target = board[nxt]
                if target == EMPTY:
                    append(move)
                    continue
                if target in prey and not hidden[nxt]:
                    append(move)
                break
            else:
                if exits and out is not None:
                    append(out)
        return tuple(moves)

    def _touch(self, sq: int, was: int) -> None:
        """Forget the cached moves that a change on ``sq`` may alter: its own and those of
        the first tile it sees each way (tiles further on are screened by that one), if
        it can move that far (a bear or woodcutter only sees its neighbours) and the
        change alters what it may do there.

        ``was`` is what stood on ``sq`` before: ``EMPTY``, a face-up tile, or
        ``FACE_DOWN`` for a flip. A tile replaced by another still blocks the line; the
        line's moves change only if one of the two may be captured that way and the
        other not. Called once the board is final, for every square that changed: a tile
        whose moves changed sees the changed square nearest to it along one of its lines.
        Face-down tiles and trees have no kept moves; a flip marks its own square.
        """
        board, hidden, stale = self.board, self.hidden, self._stale
        now = board[sq]
        if now != EMPTY:
            group = GROUP[now >> 2]
            if group < 3:
                stale[group].add(sq)
        opened = now == EMPTY or was == EMPTY
        for ray, first, back in LOOKS[sq]:
            for other in ray:
                tile = board[other]
                if tile != EMPTY:
                    if not hidden[other]:
                        kind = tile >> 2
                        if (FAR[kind] or (other == first and kind != TREE)) and (
                            opened or (now in (prey := PREY_TILES[tile][back])) != (was in prey)
                        ):
                            stale[GROUP[kind]].add(other)
                    break

    def _forget_moves(self) -> None:
        """Start the move cache afresh: a new game, a restored state, the exits opening."""
        board, hidden = self.board, self.hidden
        self._flips: dict[int, Flip] = {sq: FLIPS[sq] for sq in FOREST if hidden[sq]}
        """The flips of the face-down tiles, in square order."""
        self._up: list[list[int]] = [[], [], [], []]
        """The squares of the face-up tiles: blue's, brown's, the birds, the trees."""
        self._cache: list[tuple[Move, ...] | None] = [None] * 81
        """The moves of face-up tiles (``_square_moves``) per square, where not stale;
        ``None`` where no face-up tile that moves has stood since."""
        self._stale: list[set[int]] = [set(), set(), set()]
        """Per group but the trees: the squares of its tiles whose kept moves are out of
        date."""
        for sq in FOREST:
            tile = board[sq]
            if tile != EMPTY and not hidden[sq]:
                group = GROUP[tile >> 2]
                self._up[group].append(sq)
                if group < 3:
                    self._stale[group].add(sq)
        up = self._up
        self._movers: list[list[int]] = [
            sorted(up[BLUE] + up[NEUTRAL]),
            sorted(up[BROWN] + up[NEUTRAL]),
        ]
        """Per colour, in square order: the face-up tiles it may move, its own and the
        birds (kept as tiles move, so the move list needs no sort)."""

    # -- applying ------------------------------------------------------------------------
    def refusal(self, seat: int, action: Any) -> IllegalAction | None:
        """The engine's checks, except that a draw action (HA-R11), like a resignation,
        may come from either seat of a running match, on its turn or not."""
        if (
            action.__class__ in DRAW_CLASSES
            and isinstance(seat, int)
            and 0 <= seat < self.players
            and not self.is_over()
        ):
            return self._draw_refusal(seat, action)
        return super().refusal(seat, action)

    def _draw_refusal(self, seat: int, action: Any) -> IllegalAction | None:
        """HA-R11: offers only where the table allows them, one open offer at a time; only
        the opponent of the offerer answers it."""
        offer = self.draw_offer
        if action.__class__ is OfferDraw:
            if not self.settings.draw_offers:
                return IllegalAction(
                    "HA-R11", "draw offers are not allowed at this table (option draw_offers)"
                )
            if offer == seat:
                return IllegalAction("HA-R11", "your draw offer is still open")
            if offer >= 0:
                return IllegalAction(
                    "HA-R11", "your opponent has offered a draw: accept or decline it"
                )
            return None
        if offer < 0 or offer == seat:
            return IllegalAction(
                "HA-R11", f"{action}: there is no draw offer from your opponent to answer"
            )
        return None

    def _play_draw(self, seat: int, action: Any) -> list[Event]:
        """HA-R11: an offer opens, a decline closes it, an acceptance ends the match as a
        draw; the turn does not change."""
        cls = action.__class__
        if cls is OfferDraw:
            self.draw_offer = seat
            return [{"type": "draw_offered", "seat": seat}]
        self.draw_offer = -1
        if cls is not AcceptDraw:
            return [{"type": "draw_declined", "seat": seat}]
        summary = self._summary("agreed")
        self.finished.append(summary)
        self.reason = "agreed"
        result = self.result()
        assert result is not None
        return [
            {"type": "draw_accepted", "seat": seat},
            {"type": "game_end", **_copy_summary(summary)},
            {"type": "match_end", **result.to_json()},
        ]

    def _lapse_offer(self) -> Event:
        """HA-R11: a board action by either seat ends an open offer: the offerer's move
        withdraws it, the opponent's move declines it (as a move does in chess)."""
        event: Event = {"type": "draw_offer_lapsed", "seat": self.draw_offer}
        self.draw_offer = -1
        return event

    def _refusal(self, seat: int, action: Any) -> IllegalAction | None:
        cls = action.__class__
        if cls is Move:
            self._check_move(self.to_move, action)
        elif cls is Flip:
            self._check_flip(action)
        elif cls is Pass:
            if not self._must_pass(self._moves(self.to_move, restricted=True)):
                return IllegalAction(
                    "HA-R7", "passing is allowed only when you have no legal move or flip"
                )
        else:
            return IllegalAction("HA §Spielverlauf", f"{action!r} is not a Halali action")
        return None

    def _must_pass(self, moves: list[Move]) -> bool:
        """HA-R7: a player passes when, and only when, he has no flip and no move
        (``moves``: his moves now); asked by the legal actions and the refusal alike."""
        return not self.hidden_count and not moves

    def _play(self, seat: int, action: Any) -> list[Event]:
        colour = self.to_move
        cls = action.__class__
        if cls is Move:
            events = self._do_move(colour, action)
        elif cls is Flip:
            events = self._do_flip(colour, action.square)
        elif cls is Pass:
            events = self._do_pass(colour, seat)
        else:
            return self._play_draw(seat, action)
        if self.draw_offer >= 0:
            events.append(self._lapse_offer())
        self.to_move = 1 - colour
        # A game can end only at the end phase's last ply, with every tile face up or after
        # a hundred quiet plies: ``_end_ply`` is asked only then.
        if self.end_left == 0 or self.hidden_count == 0 or self.quiet >= FIFTY_MOVE_PLIES:
            self._end_ply(action, events)
        return events

    def _do_pass(self, colour: int, seat: int) -> list[Event]:
        self.last_move[colour] = None
        self.lock = OFF
        self.quiet += 1
        if self.end_left > 0:
            self.end_left -= 1
        return [{"type": "pass", "colour": COLOUR_NAMES[colour], "seat": seat}]

    def _end_ply(self, action: Any, events: list[Event]) -> None:
        """End the game or the match where the rules say so, and announce the end phase
        when the last reveal starts it; appends to the ply's ``events``."""
        starts_end_phase = isinstance(action, Flip) and self.end_left == END_PHASE_PLIES
        ended = self._check_end()
        if starts_end_phase and not ended:
            # Announced only if the game goes on: the last reveal can end it (HA-R7).
            events.append({"type": "end_phase", "moves_left": END_PHASE_PLIES})
        events.extend(ended)

    def _check_flip(self, action: Flip) -> None:
        sq = action.square
        if not IS_FOREST[sq]:
            raise IllegalAction("HA-R1", f"{square_name(sq)} is not a forest square (b2–h8)")
        if self.board[sq] == EMPTY:
            raise IllegalAction("HA §1", f"there is no tile on {square_name(sq)} to flip")
        if not self.hidden[sq]:
            raise IllegalAction("HA §1", f"the tile on {square_name(sq)} is already face up")

    def _do_flip(self, colour: int, sq: int) -> list[Event]:
        self.hidden[sq] = False
        self.hidden_count -= 1
        del self._flips[sq]
        tile = self.board[sq]
        kind = tile >> 2
        group = GROUP[kind]
        self._up[group].append(sq)
        for colour_list in MOVER_LISTS[group]:
            insort(self._movers[colour_list], sq)
        event: Event = {
            "type": "flip",
            "colour": COLOUR_NAMES[colour],
            "square": SQUARE_NAMES[sq],
            "tile": KIND_NAMES[kind],
        }
        if kind == HUNTER:
            event["gun"] = DIRECTION_NAMES[gun_of(tile)]
        events = [event]
        self.lock = sq if kind in BIRDS else OFF
        self.last_move[colour] = None
        self.quiet = 0
        if self.end_left > 0:
            self.end_left -= 1
        if self.hidden_count == 0 and self.end_left < 0:
            self.end_left = END_PHASE_PLIES
            # The exits open to Blue's and Brown's own tiles (never to the birds, HA-R6).
            for group in (BLUE, BROWN):
                self._stale[group].update(self._up[group])
        self._touch(sq, FACE_DOWN)
        return events

    def _check_move(self, colour: int, move: Move) -> None:
        src, dst = move.src, move.dst
        if 0 <= src < 81 and 0 <= dst < 81 and (found := self._cache[src]) is not None:
            # The kept moves of a face-up tile, if current: a move among them is legal
            # unless a restriction applies (those take the full check below).
            tile = self.board[src]
            if (
                src not in self._stale[GROUP[tile >> 2]]
                and MOVES[src * 81 + dst] in found
                and (OWNER[tile >> 2] == colour or (tile >> 2 in BIRDS and src != self.lock))
                and self.last_move[colour] != (dst, src)
            ):
                return
        name = str(move)
        if not IS_FOREST[src] or self.board[src] == EMPTY:
            raise IllegalAction(
                "HA §Spielverlauf", f"{name}: there is no tile on {square_name(src)}"
            )
        if self.hidden[src]:
            raise IllegalAction(
                "HA-R3", f"{name}: the tile on {square_name(src)} is face down; flip it first"
            )
        tile = self.board[src]
        kind = kind_of(tile)
        owner = OWNER[kind]
        if kind == TREE:
            raise IllegalAction("HA-R4", f"{name}: trees never move")
        if owner not in (colour, NEUTRAL):
            raise IllegalAction(
                "HA §2",
                f"{name}: {COLOUR_NAMES[owner]} tiles are moved only by the "
                f"{COLOUR_NAMES[owner]} player",
            )
        if owner == NEUTRAL and src == self.lock:
            raise IllegalAction(
                "HA-R5",
                f"{name}: your opponent has just revealed or moved this {KIND_NAMES[kind]}; "
                "you may not move it this turn (capturing it is allowed)",
            )
        line = direction_between(src, dst)
        if line is None:
            raise IllegalAction("HA-R4", f"{name}: tiles move in a straight orthogonal line")
        direction, dist = line
        if dist > RANGE[kind]:
            raise IllegalAction(
                "HA-R4", f"{name}: a {KIND_NAMES[kind]} moves only {RANGE[kind]} square"
            )
        cur = src
        for _ in range(dist - 1):
            cur = STEP[cur][direction]
            if cur == OFF or cur in EXITS:
                raise IllegalAction("HA-R1", f"{name}: the path leaves the forest")
            if self.board[cur] != EMPTY:
                rule = "HA-R3" if self.hidden[cur] else "HA-R4"
                raise IllegalAction(
                    rule, f"{name}: the path is blocked by the tile on {square_name(cur)}"
                )
        if STEP[cur][direction] != dst:
            raise IllegalAction("HA-R1", f"{name}: {square_name(dst)} is not in the forest")
        if dst in EXITS:
            if self.end_left < 0:
                raise IllegalAction(
                    "HA-R6", f"{name}: tiles leave through an exit only in the end phase"
                )
            if owner != colour:
                raise IllegalAction(
                    "HA-R6", f"{name}: only tiles of your own colour may leave the forest"
                )
            return
        target = self.board[dst]
        if target == EMPTY:
            if owner == colour and self.last_move[colour] == (dst, src):
                raise IllegalAction(
                    "HA-R5",
                    f"{name}: you moved this tile from {square_name(dst)} in your last turn; "
                    "moving back and forth is not allowed",
                )
            return
        if self.hidden[dst]:
            raise IllegalAction("HA-R3", f"{name}: a face-down tile cannot be captured")
        prey = kind_of(target)
        if prey not in PREY[kind]:
            raise IllegalAction(
                "HA-R4", f"{name}: a {KIND_NAMES[kind]} cannot capture a {KIND_NAMES[prey]}"
            )
        if kind == HUNTER and direction != gun_of(tile):
            raise IllegalAction(
                "HA-R4",
                f"{name}: this hunter's gun points {DIRECTION_NAMES[gun_of(tile)]}; "
                "it captures only in that direction",
            )

    def _do_move(self, colour: int, move: Move) -> list[Event]:
        src, dst = move.src, move.dst
        tile = self.board[src]
        kind = tile >> 2
        event: Event = {
            "type": "move",
            "colour": COLOUR_NAMES[colour],
            "from": SQUARE_NAMES[src],
            "to": SQUARE_NAMES[dst],
            "tile": KIND_NAMES[kind],
        }
        board, up, group = self.board, self._up, GROUP[kind]
        movers, stale, lists = self._movers, self._stale, MOVER_LISTS[group]
        board[src] = EMPTY
        up[group].remove(src)
        stale[group].discard(src)
        self._cache[src] = None
        for colour_list in lists:
            movers[colour_list].remove(src)
        self.quiet += 1
        if IS_EXIT[dst]:
            self.exited[colour].append(tile)
            event["type"] = "exit"
            event["points"] = VALUES[kind]
        else:
            target = board[dst]
            if target != EMPTY:
                caught = GROUP[target >> 2]
                up[caught].remove(dst)
                if caught < 3:
                    stale[caught].discard(dst)
                for colour_list in MOVER_LISTS[caught]:
                    movers[colour_list].remove(dst)
                self.taken[colour].append(target)
                event["type"] = "capture"
                event["captured"] = KIND_NAMES[kind_of(target)]
                event["points"] = VALUES[kind_of(target)]
                self.quiet = 0
            board[dst] = tile
            up[group].append(dst)
            for colour_list in lists:
                insort(movers[colour_list], dst)
            self._touch(dst, target)
        self._touch(src, tile)
        self.last_move[colour] = (src, dst) if OWNER[kind] == colour and not IS_EXIT[dst] else None
        self.lock = dst if kind in BIRDS else OFF
        if self.end_left > 0:
            self.end_left -= 1
        return [event]

    # -- ends ----------------------------------------------------------------------------
    def _check_end(self) -> list[Event]:
        reason = ""
        if self.end_left == 0:
            reason = "end_phase_over"
        elif self.hidden_count == 0 and (stalled := self._stalled()):
            reason = stalled
        elif self.settings.variant == "brettspielnetz" and self.quiet >= FIFTY_MOVE_PLIES:
            reason = "fifty_moves"
        if not reason:
            return []
        summary = self._summary(reason)
        self.finished.append(summary)
        events: list[Event] = [{"type": "game_end", **_copy_summary(summary)}]
        if len(self.finished) < self.games_in_match:
            self._start_game(self.game_no + 1)
            colours = [COLOUR_NAMES[self.colour_of(s)] for s in range(2)]
            events.append({"type": "game_start", "game": self.game_no + 1, "colours": colours})
        else:
            self.reason = reason
            result = self.result()
            assert result is not None
            events.append({"type": "match_end", **result.to_json()})
        return events

    def _stalled(self) -> str:
        """With every tile face up: ``no_own_tiles`` if a colour has no tile left in the
        forest, else ``no_moves`` if neither colour can move, else ""."""
        up, cache = self._up, self._cache
        if not up[BLUE] or not up[BROWN]:
            return "no_own_tiles"
        for group in (BLUE, BROWN, NEUTRAL):
            renew = self._stale[group]
            for sq in up[group]:
                if sq in renew:
                    renew.discard(sq)
                    cache[sq] = self._square_moves(sq)
                if cache[sq]:
                    return ""
        return "no_moves"

    def points(self, colour: int) -> int:
        """Points won so far in the current game by ``colour``."""
        return points(self.taken[colour] + self.exited[colour])

    def tiles_won(self, colour: int) -> int:
        return len(self.taken[colour]) + len(self.exited[colour])

    def _summary(self, reason: str) -> dict[str, Any]:
        """One game's outcome, per seat."""
        seats = [self.colour_of(s) for s in range(2)]
        return {
            "game": self.game_no + 1,
            "reason": reason,
            "colours": [COLOUR_NAMES[c] for c in seats],
            "points": [self.points(c) for c in seats],
            "tiles": [self.tiles_won(c) for c in seats],
        }

    def _end_by_resignation(self) -> None:
        """HA-R9: the match ends with the resignation; no seat is to move any more."""
        self.reason = "resigned"

    def _result(self) -> Result | None:
        if not self.reason:
            return None
        return match_result(self.finished, self.reason, self.settings.variant)

    # -- copies --------------------------------------------------------------------------
    def clone(self) -> Self:
        """An independent copy, field by field: every search step makes one, and the
        engine's pickle round trip costs ten times as much for these few lists."""
        copy = type(self).__new__(type(self))  # no __init__: every field is set below
        copy.game = self.game
        copy.players = self.players
        copy.seed = self.seed
        copy.origin = self.origin
        copy._actions = list(self._actions)
        copy.resigned = self.resigned
        copy.settings = self.settings
        copy.finished = [
            {key: list(value) if isinstance(value, list) else value for key, value in g.items()}
            for g in self.finished
        ]
        copy.reason = self.reason
        copy.draw_offer = self.draw_offer
        copy.game_no = self.game_no
        copy.board = list(self.board)
        copy.hidden = list(self.hidden)
        copy.hidden_count = self.hidden_count
        copy.to_move = self.to_move
        copy.taken = [list(self.taken[0]), list(self.taken[1])]
        copy.exited = [list(self.exited[0]), list(self.exited[1])]
        copy.last_move = list(self.last_move)
        copy.lock = self.lock
        copy.end_left = self.end_left
        copy.quiet = self.quiet
        copy._flips = dict(self._flips)
        copy._up = [list(group) for group in self._up]
        copy._cache = list(self._cache)  # the cached tuples are never changed, only replaced
        copy._stale = [set(group) for group in self._stale]
        copy._movers = [list(self._movers[0]), list(self._movers[1])]
        return copy

    # -- views ---------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything public: Halali has no private knowledge, only face-down tiles
        (see :func:`.views.view_of`)."""
        return view_of(self, seat)

    def views(self, seats: Iterable[int | None]) -> dict[int | None, View]:
        """Every audience sees the same board: built once (see :func:`.views.views_of`)."""
        return views_of(self, seats)

    # -- serialisation -------------------------------------------------------------------
    def _dump(self) -> dict[str, Any]:
        dump: dict[str, Any] = {
            "game_no": self.game_no,
            "board": list(self.board),
            "hidden": [sq for sq in FOREST if self.hidden[sq]],
            "to_move": self.to_move,
            "taken": [list(t) for t in self.taken],
            "exited": [list(t) for t in self.exited],
            "last_move": [list(m) if m else None for m in self.last_move],
            "lock": self.lock,
            "end_left": self.end_left,
            "quiet": self.quiet,
            "finished": deepcopy(self.finished),
            "reason": self.reason,
        }
        if self.draw_offer >= 0:  # HA-R11; absent while no offer is open
            dump["draw_offer"] = self.draw_offer
        return dump

    def _restore(self, data: dict[str, Any]) -> None:
        """Fill the state from ``_dump()`` output, refusing what no game can reach.

        :raises InvalidNotation: a tile on the frame, too many tiles of a kind, ...
        """
        board = [int(t) for t in data["board"]]
        if len(board) != 81 or any(not -1 <= t < 28 for t in board):
            raise ValueError("a Halali board has 81 squares of tiles 0..27 or -1")
        game_no, done = int(data["game_no"]), len(data["finished"])
        if not 0 <= game_no < self.games_in_match or done not in (game_no, game_no + 1):
            raise InvalidNotation(
                f"game {game_no + 1} with {done} finished games: this match has "
                f"{self.games_in_match} game(s) (HA-R8)"
            )
        self.game_no = int(data["game_no"])
        self.board = board
        self.hidden = [False] * 81
        for sq in data["hidden"]:
            self.hidden[int(sq)] = True
        self.hidden_count = sum(self.hidden)
        self.to_move = int(data["to_move"])
        self.taken = [[int(t) for t in ts] for ts in data["taken"]]
        self.exited = [[int(t) for t in ts] for ts in data["exited"]]
        self.last_move = [(int(m[0]), int(m[1])) if m else None for m in data["last_move"]]
        self.lock = int(data["lock"])
        self.end_left = int(data["end_left"])
        self.quiet = int(data["quiet"])
        self.finished = [deepcopy(dict(g)) for g in data["finished"]]
        self.reason = str(data["reason"])
        self.draw_offer = int(data.get("draw_offer", -1))
        if self.draw_offer not in (-1, 0, 1) or (self.draw_offer >= 0 and self.reason):
            raise InvalidNotation("a draw offer is open from seat 0 or 1 of a running match")
        self._forget_moves()
        check_payload(
            {
                "board": board,
                "hidden": [sq for sq in range(81) if self.hidden[sq]],
                "taken": self.taken,
                "exited": self.exited,
                "to_move": self.to_move,
                "end_left": self.end_left,
                "lock": self.lock,
                "reason": self.reason,
            }
        )
