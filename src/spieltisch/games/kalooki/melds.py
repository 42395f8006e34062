"""Melds: sets and runs, jokers' stand-ins, values, building and joker swaps (KA-R2, KA-R5).

A card in a meld is a *token*: a natural face (0..51), or ``JOKER_TOKEN + face`` for a joker
that stands for ``face`` (KA-R2: the player says which card each joker stands for; it takes
that card's value). In a run a position ``1..14`` is a rank, 14 being the high ace, so
A-2-3 and Q-K-A are runs and K-A-2 is not. A run holds at most 13 cards: the ace is low
*or* high, never both. Sets hold 3 or 4 cards of one rank in different suits.

Joker rules (KA-R5) as implemented: a joker in a run is freed by the exact card it stands
for; a joker in a 3-card set of two naturals is freed only by adding both missing cards at
once (adding one closes the set for good, 4 cards); in a 3-card set of one natural and two
jokers, adding any missing natural frees one joker (the one named for that card, else the
last) and closes the set. A 4-card set never gives a joker back. Every action that frees a
joker is a ``swap``; every other addition is a ``build``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from mypy_extensions import mypyc_attr

from spieltisch.engine import InvalidNotation

from .cards import JOKER, face_name, face_of, parse_face, rank_of, suit_of

JOKER_TOKEN: Final = 64
"""Offset of joker tokens: ``JOKER_TOKEN + f`` is a joker standing for face ``f``."""
MAX_RUN: Final = 13


def joker_as(face: int) -> int:
    return JOKER_TOKEN + face


def named(token: int) -> int:
    """The face a token shows or stands for."""
    return token - JOKER_TOKEN if token >= JOKER_TOKEN else token


def card_of(token: int) -> int:
    """The physical card a token uses: its face, or the joker."""
    return JOKER if token >= JOKER_TOKEN else token


def token_name(token: int) -> str:
    """``7h`` or ``JK=7h``."""
    if token >= JOKER_TOKEN:
        return "JK=" + face_name(token - JOKER_TOKEN)
    return face_name(token)


def parse_token(text: str) -> int:
    """Read ``7h`` or ``JK=7h`` (a bare ``JK`` must say what it stands for, KA-R2).

    :raises InvalidNotation: for anything else.
    """
    t = text.strip().lower()
    if t.startswith("jk="):
        face = parse_face(t[3:])
        if face == JOKER:
            raise InvalidNotation(f"{text!r}: a joker cannot stand for a joker")
        return joker_as(face)
    face = parse_face(t)
    if face == JOKER:
        raise InvalidNotation(
            f"{text!r}: say which card the joker stands for, e.g. 'JK=QC' (KA-R2)"
        )
    return face


def position_value(rank_pos: int) -> int:
    """Value of a card at run position / rank ``rank_pos`` (KA-R2): A low 1, A high 11."""
    if rank_pos == 1:
        return 1
    if rank_pos == 14:
        return 11
    return min(rank_pos, 10)


SET_VALUE: Final = (0, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Value of one card of a set of rank r (aces count 11 in a set)."""


def run_positions(ranks: list[int]) -> list[int] | None:
    """Positions of distinct ranks as one run (ace low if that works, else high), or None."""
    low = sorted(ranks)
    if low[-1] - low[0] == len(low) - 1 and len(set(low)) == len(low):
        return low
    if 1 in low:
        high = sorted(14 if r == 1 else r for r in ranks)
        if high[-1] - high[0] == len(high) - 1 and len(set(high)) == len(high):
            return high
    return None


@lru_cache(maxsize=1 << 16)
def classify(tokens: tuple[int, ...]) -> tuple[bool, int, int] | str:
    """``(is_run, suit or rank, lowest position)`` of a valid meld, else why it is not one.

    Remembered (a bounded LRU): every applied meld, build and value asks it again."""
    n = len(tokens)
    if n < 3:
        return "a meld has at least 3 cards"
    if all(t >= JOKER_TOKEN for t in tokens):
        return "a meld needs at least one natural card"
    faces = [named(t) for t in tokens]
    ranks = [rank_of(f) for f in faces]
    suits = [suit_of(f) for f in faces]
    if len(set(ranks)) == 1:
        if n > 4:
            return "a set has at most 4 cards"
        if len(set(suits)) != n:
            return "the cards of a set must all be of different suits"
        return (False, ranks[0], 0)
    if len(set(suits)) != 1:
        return "a run is of one suit and a set of one rank"
    if n > MAX_RUN:
        return "a run has at most 13 cards (the ace is low or high, not both)"
    positions = run_positions(ranks)
    if positions is None:
        return "a run needs consecutive ranks, ace low (A-2-3) or high (Q-K-A), no K-A-2"
    if n == MAX_RUN and ranks[-1] == 1:
        # A full run holds the same 13 cards with the ace low or high; written last (as a
        # 2-K run built up with an ace, or Q-K-A built down to 2, lies on the table), the
        # ace is high (KA-R2).
        return (True, suits[0], 2)
    return (True, suits[0], positions[0])


@lru_cache(maxsize=1 << 16)
def canonical(tokens: tuple[int, ...]) -> tuple[int, ...]:
    """Tokens in table order: runs low to high, sets by suit; other input by face."""
    shape = classify(tokens)
    if isinstance(shape, str):
        return tuple(sorted(tokens, key=named))
    is_run, _key, lo = shape
    if is_run:
        high = lo + len(tokens) - 1 == 14

        def pos(t: int) -> int:
            r = rank_of(named(t))
            return 14 if r == 1 and high else r

        return tuple(sorted(tokens, key=pos))
    return tuple(sorted(tokens, key=lambda t: suit_of(named(t))))


def meld_value(tokens: tuple[int, ...]) -> int:
    """Opening value of a valid meld (KA-R2, KA-R3): jokers count as the card they name."""
    shape = classify(tokens)
    if isinstance(shape, str):
        return 0
    is_run, key, lo = shape
    if is_run:
        return sum(position_value(p) for p in range(lo, lo + len(tokens)))
    return SET_VALUE[key] * len(tokens)


@mypyc_attr(native_class=False)  # pickled with the state: a native class loses its fields
class TableMeld:
    """A meld on the table. Mutable; the state copies it when it copies the table."""

    __slots__ = ("closed", "is_run", "key", "lo", "owner", "tokens")

    def __init__(
        self, owner: int, tokens: list[int], is_run: bool, key: int, lo: int, closed: bool
    ) -> None:
        self.owner = owner
        self.tokens = tokens
        """Table order: runs low to high, sets by suit."""
        self.is_run = is_run
        self.key = key
        """The suit of a run, the rank of a set."""
        self.lo = lo
        """Position of a run's first card (1..12); 0 for sets."""
        self.closed = closed
        """A set that may take no more cards (KA-R5)."""

    @classmethod
    def laid(cls, owner: int, tokens: tuple[int, ...]) -> TableMeld:
        shape = classify(tokens)
        assert not isinstance(shape, str)
        is_run, key, lo = shape
        return cls(owner, list(canonical(tokens)), is_run, key, lo, False)

    def copy(self) -> TableMeld:
        return TableMeld(self.owner, list(self.tokens), self.is_run, self.key, self.lo, self.closed)

    @property
    def hi(self) -> int:
        return self.lo + len(self.tokens) - 1

    def jokers(self) -> int:
        return sum(1 for t in self.tokens if t >= JOKER_TOKEN)

    def value(self) -> int:
        return meld_value(tuple(self.tokens))

    def capacity(self) -> int:
        """How many more cards (e.g. a freed joker) this meld could still take."""
        if self.is_run:
            return MAX_RUN - len(self.tokens)
        return 0 if self.closed else 4 - len(self.tokens)

    # -- building (KA-R2 "Bauen") ------------------------------------------------------
    def build_ends(self) -> list[int]:
        """Faces a card must show (or a joker name) to extend this meld."""
        if self.is_run:
            out = []
            if len(self.tokens) < MAX_RUN:
                if self.lo > 1:
                    out.append(face_of(self.key, self.lo - 1))
                # A 2–K run takes its ace at either end: one card, listed once.
                if self.hi < 14 and (self.lo != 2 or self.hi != 13):
                    out.append(face_of(self.key, self.hi + 1))
            return out
        if self.closed or len(self.tokens) >= 4:
            return []
        taken = {suit_of(named(t)) for t in self.tokens}
        return [face_of(s, self.key) for s in range(4) if s not in taken]

    def build_refusal(self, token: int) -> tuple[str, str] | None:
        """``(rule, message)`` if ``token`` cannot be built onto this meld, else None."""
        face = named(token)
        if self.is_run:
            if face not in self.build_ends():
                return ("KA-R2", f"{token_name(token)} does not extend the run {self}")
            return None
        if len(self.tokens) >= 4:
            return ("KA-R2", f"the set {self} is full: a set has at most four cards")
        if self.closed:
            return ("KA-R5", f"the set {self} is closed by a joker swap")
        if rank_of(face) != self.key:
            return ("KA-R2", f"{token_name(token)} is not of the set's rank ({self})")
        naturals = {suit_of(t) for t in self.tokens if t < JOKER_TOKEN}
        if suit_of(face) in naturals:
            return ("KA-R2", f"the set {self} already has the suit of {token_name(token)}")
        if token < JOKER_TOKEN and self.jokers() == 2:
            return ("KA-R5", f"adding {token_name(token)} to {self} frees a joker: use swap")
        if token >= JOKER_TOKEN and face not in self.build_ends():
            return ("KA-R2", f"the set {self} already has a card named {face_name(face)}")
        return None

    def build(self, token: int) -> None:
        """Add ``token`` (checked by ``build_refusal``)."""
        face = named(token)
        if self.is_run:
            if face == face_of(self.key, self.lo - 1) and self.lo > 1:
                self.tokens.insert(0, token)
                self.lo -= 1
            else:
                self.tokens.append(token)
            return
        # A natural of a suit a joker names takes that name; the joker names a missing suit.
        for i, t in enumerate(self.tokens):
            if t >= JOKER_TOKEN and named(t) == face:
                free = [f for f in self.build_ends() if f != face]
                self.tokens[i] = joker_as(free[0])
        self.tokens.append(token)
        self.tokens.sort(key=lambda t: suit_of(named(t)))
        if len(self.tokens) >= 4:
            self.closed = True

    # -- joker swaps (KA-R5) -----------------------------------------------------------
    def swap_refusal(self, naturals: tuple[int, ...]) -> tuple[str, str] | None:
        """``(rule, message)`` if ``naturals`` cannot free a joker of this meld."""
        if any(t >= JOKER_TOKEN for t in naturals):
            return ("KA-R5", "a joker is freed only with natural cards")
        if self.is_run:
            if len(naturals) != 1:
                return ("KA-R5", "a joker in a run is freed by exactly the one card it names")
            if joker_as(naturals[0]) not in self.tokens:
                return ("KA-R5", f"no joker in {self} stands for {face_name(naturals[0])}")
            return None
        jokers = self.jokers()
        if self.closed or len(self.tokens) != 3 or jokers == 0:
            return ("KA-R5", f"the set {self} gives no joker back")
        missing = set(self.build_ends()) | {named(t) for t in self.tokens if t >= JOKER_TOKEN}
        if jokers == 1:
            if len(naturals) != 2 or set(naturals) != missing:
                return (
                    "KA-R5",
                    f"the joker of {self} is freed only by adding both missing cards at once",
                )
            return None
        if len(naturals) != 1 or naturals[0] not in missing:
            return ("KA-R5", f"one missing natural card frees a joker of {self}")
        return None

    def swap(self, naturals: tuple[int, ...]) -> None:
        """Put ``naturals`` in and take one joker out (checked by ``swap_refusal``)."""
        if self.is_run:
            i = self.tokens.index(joker_as(naturals[0]))
            self.tokens[i] = naturals[0]
            return
        if self.jokers() == 1:
            self.tokens = [t for t in self.tokens if t < JOKER_TOKEN] + list(naturals)
        else:
            face = naturals[0]
            idx = [i for i, t in enumerate(self.tokens) if t >= JOKER_TOKEN]
            hit = [i for i in idx if named(self.tokens[i]) == face]
            self.tokens.pop(hit[0] if hit else idx[-1])
            self.tokens.append(face)
        self.tokens.sort(key=lambda t: suit_of(named(t)))
        self.closed = True

    # -- output ------------------------------------------------------------------------
    def __str__(self) -> str:
        return " ".join(token_name(t) for t in self.tokens)

    def to_json(self) -> dict[str, Any]:
        return {
            "owner": self.owner,
            "run": self.is_run,
            "key": self.key,
            "lo": self.lo,
            "closed": self.closed,
            "tokens": list(self.tokens),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> TableMeld:
        return cls(
            int(d["owner"]),
            [int(t) for t in d["tokens"]],
            bool(d["run"]),
            int(d["key"]),
            int(d["lo"]),
            bool(d["closed"]),
        )
