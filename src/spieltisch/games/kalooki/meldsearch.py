"""Meld search: every meld of a hand, the best opening, the lowest-penalty arrangement.

A hand is given as 53 face counts (see :mod:`.cards`). Three questions, all used by the
game (legal actions), the rules bot (every turn) and the UI's hints:

* :func:`all_melds` lists every meld the hand can lay (runs of any length, sets of 3 or 4,
  every choice of what its jokers stand for, a joker even where the natural is held). It
  is exact and complete, so the game's legal actions can use it.
* :func:`best_opening` packs disjoint melds for the largest opening value (KA-R3: 51).
* :func:`min_penalty` packs disjoint melds leaving the fewest penalty points (KA-R7).

The packing search branches on the lowest natural card still in hand: leave it, or use it
in one of the melds containing it. Runs longer than 5 are never needed for packing (any
run of 6 or more splits into two runs of 3..5 with the same cards and values, and each
part keeps a natural since there are only two jokers), which keeps the branching small.
Results are memoised on the remaining counts, so asking "what if I discard X?" for every X
in a hand shares work through one :class:`Searcher`.

>>> from .cards import counts_of, parse_face
>>> hand = counts_of([parse_face(c) for c in "7h 8h 9h Qs Qd Qc 2c".split()])
>>> min_penalty(hand)[0]
2
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Final, Generic, TypeVar

from .cards import FACES, JOKER, PENALTY
from .melds import JOKER_TOKEN, SET_VALUE, position_value

Meld = tuple[int, ...]
"""A meld as tokens in table order (see :mod:`.melds`)."""

_SUBSETS3: Final = ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3))
_RUN_FACES: Final = tuple(tuple(s * 13 + (p - 1) % 13 for p in range(1, 15)) for s in range(4))
"""Per suit, the faces at run positions 1..14 (14 is the high ace)."""
_SUBSETS: Final = (*_SUBSETS3, (0, 1, 2, 3))


def _variants(slots: list[int], held: list[int], jokers: int) -> list[Meld]:
    """Every way to fill ``slots`` (faces): naturals where held, jokers for the rest,
    optionally jokers instead of held naturals, with at most ``jokers`` jokers and at
    least one natural."""
    need = [i for i, h in enumerate(held) if not h]
    spare = jokers - len(need)
    if spare < 0:
        return []
    base = [f if h else JOKER_TOKEN + f for f, h in zip(slots, held, strict=True)]
    natural = [i for i, h in enumerate(held) if h]
    if len(natural) == 0:
        return []
    out = [tuple(base)]
    if spare >= 1 and len(natural) >= 2:
        for a in natural:
            one = list(base)
            one[a] = JOKER_TOKEN + slots[a]
            out.append(tuple(one))
            if spare >= 2 and len(natural) >= 3:
                for b in natural:
                    if b > a:
                        two = list(one)
                        two[b] = JOKER_TOKEN + slots[b]
                        out.append(tuple(two))
    return out


def _suit_runs(suit: int, mask: int, jokers: int) -> tuple[Meld, ...]:
    """Every run of ``suit`` for the held ranks ``mask`` (bit ``r`` for rank ``r + 1``)."""
    base = suit * 13
    # Held by run position 1..14 (14 is the high ace); only truthiness matters.
    held = [0, *((mask >> r) & 1 for r in range(13)), mask & 1]
    out: list[Meld] = []
    if not jokers:
        # Runs are the windows of 3+ inside each stretch of consecutive held ranks.
        run_faces = _RUN_FACES[suit]
        for lo in range(1, 13):
            if held[lo] and held[lo + 1] and held[lo + 2] and not held[lo - 1]:
                end = lo + 2
                while end < 14 and held[end + 1]:
                    end += 1
                for a in range(lo, end - 1):
                    for b in range(a + 2, min(end, a + 12) + 1):
                        out.append(run_faces[a - 1 : b])
        return tuple(out)
    for lo in range(1, 13):
        gaps = 0
        slots = []
        hv: list[int] = []
        for hi in range(lo, min(lo + 12, 14) + 1):
            h = held[hi]
            if not h:
                gaps += 1
                if gaps > jokers:
                    break
            slots.append(base + (hi - 1) % 13)
            hv.append(h)
            if hi - lo >= 2:
                out.extend(_variants(slots, hv, jokers))
    return tuple(out)


def _rank_sets(rank: int, mask: int, jokers: int) -> tuple[Meld, ...]:
    """Every set of rank index ``rank`` (0..12) for the held suits ``mask`` (bit = suit)."""
    faces = (rank, 13 + rank, 26 + rank, 39 + rank)
    have = [(mask >> s) & 1 for s in range(4)]
    n = sum(have)
    if not jokers:
        if n == 4:
            return (
                faces[:3],
                (rank, 13 + rank, 39 + rank),
                (rank, 26 + rank, 39 + rank),
                faces[1:],
                faces,
            )
        return (tuple(f for f, h in zip(faces, have, strict=True) if h),)
    out: list[Meld] = []
    for sub in _SUBSETS:
        out.extend(_variants([faces[s] for s in sub], [have[s] for s in sub], jokers))
    return tuple(out)


_MIN_HELD: Final = (3, 2, 1)
"""Naturals a group needs for a meld, by joker count."""

T = TypeVar("T")


def _run_relevant(mask: int, jokers: int) -> int:
    """The held ranks of ``mask`` that some run can use.

    Without jokers, a run lies inside a stretch of 3+ consecutive held ranks; with one
    joker, every natural of a run (3+ cards, one gap at most) has another natural at most
    two ranks away; with two jokers any natural can be in a run. The ace is at run
    positions 1 and 14. Dropping the other ranks changes no run, so hands that differ only
    there share one table entry.
    """
    if jokers >= 2 or not mask:
        return mask
    # Bit ``p - 1`` for run position ``p`` (1..14): the ace again as bit 13.
    held = mask | (mask & 1) << 13
    if jokers == 0:
        starts = held & held >> 1 & held >> 2  # three held ranks in a row from here
        use = starts | starts << 1 | starts << 2
    else:
        use = held & (held << 1 | held << 2 | held >> 1 | held >> 2)
    return (use & 0x1FFF) | (use >> 13 & 1)


_PRESENT: Final = bytes([0] + [1] * 255)
"""``bytes.translate`` table: a count becomes 1 if the face is held."""
_SUITS_HELD: Final = tuple(bin(k).count("1") for k in range(16))
"""Suits held, by a rank's four-bit mask of held suits."""


Entry = tuple[tuple[T, ...], int]
"""A group's converted melds and the size of the longest."""


class MeldTable(Generic[T]):
    """Every meld of a hand, assembled from per-group entries made once.

    Per joker count (0..2), per suit and held ranks (runs) and per rank and held suits
    (sets): the melds of that group, converted by ``convert`` (the legal actions keep
    ready-made action objects here). A group is keyed by the bit mask of its held cards,
    read from the hand in one pass of int operations, so a hand needs at most 17 dictionary
    look-ups with int keys and no call of a bytes method (each of which the compiled core
    pays as a generic call); the keys are finitely many (4 x 2**13 and 13 x 2**4 per
    joker count), so the tables are bounded and never evicted. A hand's melds are the
    concatenation of its groups' entries, in the order of :func:`all_melds`.
    """

    __slots__ = ("_by_mask", "_convert", "_runs", "_sets")

    def __init__(self, convert: Callable[[tuple[Meld, ...]], tuple[T, ...]]) -> None:
        self._convert = convert
        self._runs: list[list[dict[int, Entry[T]]]] = [[{} for _ in range(4)] for _ in range(3)]
        self._sets: list[list[dict[int, Entry[T]]]] = [[{} for _ in range(13)] for _ in range(3)]
        self._by_mask: list[list[dict[int, Entry[T]]]] = [[{} for _ in range(4)] for _ in range(3)]

    def _entry(self, melds: tuple[Meld, ...]) -> Entry[T]:
        return (self._convert(melds), max([len(m) for m in melds], default=0))

    def _runs_of(self, suit: int, mask: int, jokers: int) -> Entry[T]:
        """A suit's runs for the held ranks ``mask`` (bit ``r`` for rank index ``r``),
        shared by every held pattern that differs only in cards no run can use (most
        patterns of a hand)."""
        relevant = _run_relevant(mask, jokers)
        shared = self._by_mask[jokers][suit]
        hit = shared.get(relevant)
        if hit is None:
            melds = _suit_runs(suit, relevant, jokers) if relevant else ()
            hit = shared[relevant] = self._entry(melds)
        self._runs[jokers][suit][mask] = hit
        return hit

    def of(self, counts: list[int]) -> tuple[list[T], int]:
        """The hand's melds, converted, and the size of the longest."""
        jokers = counts[JOKER]
        if jokers > 2:
            jokers = 2
        # The held ranks of each suit as bit masks (bit r: rank index r held).
        masks = [0, 0, 0, 0]
        for suit in range(4):
            base = suit * 13
            mask = 0
            for r in range(13):
                if counts[base + r]:
                    mask |= 1 << r
            masks[suit] = mask
        out: list[T] = []
        longest = 0
        runs = self._runs[jokers]
        for suit in range(4):
            mask = masks[suit]
            hit = runs[suit].get(mask)
            if hit is None:
                hit = self._runs_of(suit, mask, jokers)
            size = hit[1]
            if size:
                out.extend(hit[0])
                if size > longest:
                    longest = size
        # Per rank the suits held (bit = suit); a set needs enough naturals for the jokers.
        need = _MIN_HELD[jokers]
        sets = self._sets[jokers]
        m0, m1, m2, m3 = masks
        for rank in range(13):
            key = (m0 >> rank & 1) | (m1 >> rank & 1) << 1 | (m2 >> rank & 1) << 2
            key |= (m3 >> rank & 1) << 3
            if _SUITS_HELD[key] < need:
                continue
            table = sets[rank]
            found = table.get(key)
            if found is None:
                found = table[key] = self._entry(_rank_sets(rank, key, jokers))
            out.extend(found[0])
            if found[1] > longest:
                longest = found[1]
        return out, longest


def _same(melds: tuple[Meld, ...]) -> tuple[Meld, ...]:
    return melds


_MELD_TABLE: Final[MeldTable[Meld]] = MeldTable(_same)


def all_melds(counts: list[int]) -> list[Meld]:
    """Every meld the hand can lay, each once, in table order.

    >>> from .cards import counts_of, parse_face
    >>> len(all_melds(counts_of([parse_face(c) for c in ["4h", "5h", "6h", "7h"]])))
    3
    """
    return _MELD_TABLE.of(counts)[0]


@lru_cache(maxsize=1 << 16)
def _melds_with_pattern(
    face: int, jokers: int, suit_held: bytes, rank_held: bytes
) -> tuple[tuple[Meld, tuple[int, ...]], ...]:
    """Melds of at most 5 cards that use one copy of natural ``face`` (for packing), each
    with the cards it takes from the hand (a joker token takes the joker), for the held
    flags of the face's suit (by rank) and rank (by suit) and the jokers (at most 2 count).
    """
    suit, r0 = divmod(face, 13)
    base = suit * 13
    held = [0, *suit_held, suit_held[0]]
    out: list[Meld] = []
    positions = (1, 14) if r0 == 0 else (r0 + 1,)
    for p in positions:
        for lo in range(max(1, p - 4), p + 1):
            for hi in range(max(lo + 2, p), min(lo + 4, 14) + 1):
                if lo == 1 and hi == 14:
                    continue
                slots = [base + (q - 1) % 13 for q in range(lo, hi + 1)]
                hv = [held[q] for q in range(lo, hi + 1)]
                for m in _variants(slots, hv, jokers):
                    if face in m:
                        out.append(m)
    faces = [s * 13 + r0 for s in range(4)]
    have = list(rank_held)
    for sub in _SUBSETS:
        if suit in sub:
            for m in _variants([faces[s] for s in sub], [have[s] for s in sub], jokers):
                if face in m:
                    out.append(m)
    return tuple((m, tuple(JOKER if t >= JOKER_TOKEN else t for t in m)) for m in out)


def has_joker_pair(counts: list[int]) -> bool:
    """Whether two naturals of the hand make a meld with one joker (KA-R5: a freed joker
    can then be melded even when no table meld can take it)."""
    for suit in range(4):
        base = suit * 13
        held = [counts[base + r] > 0 for r in range(13)] + [counts[base] > 0]
        for i in range(13):
            if held[i] and (held[i + 1] or (i < 12 and held[i + 2])):
                return True
    return any(sum(1 for s in range(4) if counts[s * 13 + r]) >= 2 for r in range(13))


def opening_weight(meld: Meld) -> int:
    """Opening value of a meld from :func:`all_melds` (KA-R2, KA-R3)."""
    first = meld[0] - JOKER_TOKEN if meld[0] >= JOKER_TOKEN else meld[0]
    second = meld[1] - JOKER_TOKEN if meld[1] >= JOKER_TOKEN else meld[1]
    if first % 13 == second % 13:
        return SET_VALUE[first % 13 + 1] * len(meld)
    lo = first % 13 + 1  # a run never starts with a high ace
    return sum(position_value(p) for p in range(lo, lo + len(meld)))


def penalty_weight(meld: Meld) -> int:
    """Penalty points a meld takes out of the hand (KA-R7)."""
    return sum(25 if t >= JOKER_TOKEN else PENALTY[t] for t in meld)


MEMO_LIMIT: Final = 200_000
"""Hands a searcher remembers, least recently used first out (a few tens of megabytes:
the keys are 53-byte strings)."""


_UNIT: Final = tuple(1 << 8 * f for f in range(FACES))
"""A hand is also coded as one integer, face ``f``'s count in byte ``f`` (little end
first): taking cards out is one subtraction and the lowest card is its lowest set bit."""
_JOKER_SHIFT: Final = 8 * JOKER
_SUIT_MASK: Final = (1 << 104) - 1
"""The 13 count bytes of one suit, once shifted down to the suit's ace."""
_RANK_MASK: Final = sum(0xFF << 104 * s for s in range(4))
"""The 4 count bytes of one rank, once shifted down to the rank's club."""
_LOW7: Final = int.from_bytes(b"\x7f" * JOKER, "little")
_HIGH: Final = int.from_bytes(b"\x80" * JOKER, "little")
"""Per natural face's byte, the low 7 bits and the top bit (held flags, see ``_solve``)."""
_SUIT_SHIFT: Final = tuple(8 * (f - f % 13) for f in range(JOKER))
_WINDOW: Final = tuple(sum(0xFF << 8 * ((f + d) % 13) for d in range(-4, 5)) for f in range(JOKER))
"""Per face, the count bytes of its suit (shifted down) a meld of at most 5 cards with it
can use: 4 ranks either side, the ace at both ends. Other ranks are left out of the
pattern, so hands that differ only there share its melds."""
_RANK_SHIFT: Final = tuple(8 * (f % 13) for f in range(JOKER))


def hand_key(counts: list[int]) -> int:
    """The hand's counts as one integer (see ``_UNIT``)."""
    return int.from_bytes(bytes(counts), "little")


class Searcher:
    """Best packings of disjoint melds for one weight, memoised across hands.

    The memo is a bounded LRU keyed by the hand as one integer (count of face ``f`` in
    byte ``f``): a long search keeps the sub-hands it uses warm instead of starting afresh
    when it is full. An integer key hashes without building a tuple, and a sub-hand is one
    subtraction away.
    """

    __slots__ = ("_best", "_melds", "weight")

    def __init__(self, weight: Callable[[Meld], int], size: int | None = None) -> None:
        self.weight = weight
        self._best = lru_cache(maxsize=MEMO_LIMIT if size is None else size)(self._solve)
        self._melds = lru_cache(maxsize=1 << 16)(self._melds_of)
        """Per held pattern (see ``_solve``), the melds with the lowest card as
        ``(cards taken, weight, meld)``: the weight and the subtrahend made once."""

    def __len__(self) -> int:
        """Hands remembered."""
        return self._best.cache_info().currsize

    def best(self, counts: list[int]) -> tuple[int, tuple[Meld, ...]]:
        """Largest total weight of disjoint melds from ``counts``, and those melds."""
        return self._best(int.from_bytes(bytes(counts), "little"))

    def _solve(self, hand: int) -> tuple[int, tuple[Meld, ...]]:
        # The lowest natural card still in hand: the joker (face 52) and empty hands end.
        if not hand:
            return (0, ())
        face = ((hand & -hand).bit_length() - 1) >> 3
        if face >= JOKER:
            return (0, ())
        best = self._best
        result = best(hand - _UNIT[face])
        # The melds with ``face`` depend on its suit's and rank's counts and the jokers
        # only: one integer key made of those.
        # Held flags: a byte's top bit is set iff the byte is not 0 (no carries between
        # bytes: each low-7-bit part plus 0x7f stays below 0x100).
        jokers = hand >> _JOKER_SHIFT
        held = (((hand & _LOW7) + _LOW7) | hand) & _HIGH
        pattern = (
            ((held >> _RANK_SHIFT[face]) & _RANK_MASK) << 104
            | (held >> _SUIT_SHIFT[face]) & _WINDOW[face]
        ) << 8 | face
        for taken, weight, meld in self._melds(pattern << 2 | (jokers if jokers < 2 else 2)):
            value, rest = best(hand - taken)
            value += weight
            if value > result[0]:
                result = (value, (meld, *rest))
        return result

    def uses(self, counts: list[int], face: int) -> bool:
        """Whether some meld of the hand uses natural ``face`` (held).

        A face no meld uses changes no packing: the hand with one copy fewer has the
        same best packing (every other face's melds are the same, and this face is only
        ever left), so a caller can skip its search.
        """
        jokers = counts[JOKER]
        if jokers >= 2:
            return True  # the face and two jokers make a run
        suit, rank = divmod(face, 13)
        # A set: three suits of the rank held, or two and a joker.
        if (counts[rank] > 0) + (counts[13 + rank] > 0) + (counts[26 + rank] > 0) + (
            counts[39 + rank] > 0
        ) >= 3 - jokers:
            return True
        # A run: three held positions in a row, or (with a joker) another held natural
        # at most two positions away. Positions 1..14, the ace at both ends; the two
        # trailing flags are positions 15 and 16 and (read as -1) 0's left neighbour.
        base = suit * 13
        held = [False, *(counts[base + r] > 0 for r in range(13)), counts[base] > 0, False, False]
        for p in (1, 14) if rank == 0 else (rank + 1,):
            before, after = held[p - 1], held[p + 1]
            if jokers:
                if before or after or held[p - 2] or held[p + 2]:
                    return True
            elif (before and (after or held[p - 2])) or (after and held[p + 2]):
                return True
        return False

    def _melds_of(self, key: int) -> tuple[tuple[int, int, Meld], ...]:
        jokers = key & 3
        face = (key >> 2) & 0xFF
        suit_held = ((key >> 10) & _SUIT_MASK).to_bytes(13, "little")
        rank_held = (key >> 114).to_bytes(40, "little")[::13]
        weight = self.weight
        return tuple(
            (sum(_UNIT[c] for c in cards), weight(meld), meld)
            for meld, cards in _melds_with_pattern(
                face, jokers, suit_held.translate(_PRESENT), rank_held.translate(_PRESENT)
            )
        )

    def best_keeping(self, counts: list[int], keep: int = 1) -> tuple[int, tuple[Meld, ...]]:
        """Like :meth:`best`, but at least ``keep`` cards stay in hand (for the discard)."""
        total = sum(counts)
        value, melds = self.best(counts)
        if total - sum(len(m) for m in melds) >= keep or total <= keep:
            return value, melds
        best: tuple[int, tuple[Meld, ...]] = (-1, ())
        for f in range(FACES):
            if counts[f]:
                counts[f] -= 1
                value, melds = (
                    self.best_keeping(counts, keep - 1) if keep > 1 else self.best(counts)
                )
                counts[f] += 1
                if value > best[0]:
                    best = (value, melds)
        return best


_SHARED: Final[dict[Callable[[Meld], int], Searcher]] = {}


def shared_searcher(weight: Callable[[Meld], int]) -> Searcher:
    """The process's searcher for ``weight``: its memo carries over between calls.

    Hands of consecutive turns (and of a bot's rollouts) share most of their sub-hands, so
    a bot asking every turn finds most packings already known.
    """
    search = _SHARED.get(weight)
    if search is None:
        search = _SHARED[weight] = Searcher(weight)
    return search


def best_opening(counts: list[int], keep: int = 1) -> tuple[int, tuple[Meld, ...]]:
    """The largest opening value (KA-R3) of disjoint melds leaving ``keep`` cards."""
    return shared_searcher(opening_weight).best_keeping(list(counts), keep)


def min_penalty(counts: list[int], keep: int = 0) -> tuple[int, tuple[Meld, ...]]:
    """The fewest penalty points (KA-R7) left after laying disjoint melds, and the melds."""
    total = sum(n * PENALTY[f] for f, n in enumerate(counts) if n)
    value, melds = shared_searcher(penalty_weight).best_keeping(list(counts), keep)
    return total - value, melds
