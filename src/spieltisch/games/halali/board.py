"""Halali's board and tiles as small integers (rulings HA-R1, HA-R2, HA-R4).

The forest is the 7×7 block b2–h8 of a 9×9 frame; the centre e5 starts empty; the frame
squares a5, i5, e9 and e1 are the exits. A square is ``rank * 9 + file`` (a1 = 0,
i9 = 80). A tile is ``kind * 4 + gun``: the gun direction matters only for hunters.
"""

from __future__ import annotations

from typing import Final

from spieltisch.engine import InvalidNotation

FILES: Final = "abcdefghi"

# Kinds, in the order of the documents' tables.
BEAR: Final = 0
FOX: Final = 1
WOODCUTTER: Final = 2
HUNTER: Final = 3
PHEASANT: Final = 4
DUCK: Final = 5
TREE: Final = 6
KIND_NAMES: Final = ("bear", "fox", "woodcutter", "hunter", "pheasant", "duck", "tree")
KIND_NAMES_DE: Final = ("Bär", "Fuchs", "Holzfäller", "Jäger", "Fasan", "Ente", "Baum")
KIND_BY_NAME: Final = {name: kind for kind, name in enumerate(KIND_NAMES)}
COUNTS: Final = (2, 6, 2, 8, 8, 7, 15)
"""Tiles of each kind: 8 blue, 10 brown, 30 neutral = 48 (Kosmos, Spielmaterial)."""
VALUES: Final = (10, 5, 5, 5, 3, 2, 2)
"""Points per won tile (Kosmos, Spielende)."""
RANGE: Final = (1, 8, 1, 8, 8, 8, 0)
"""Squares a kind may move: bear and woodcutter 1, trees never (HA-R4)."""

# Colours of tiles and of players.
BLUE: Final = 0
BROWN: Final = 1
NEUTRAL: Final = 2
COLOUR_NAMES: Final = ("blue", "brown", "neutral")
OWNER: Final = (BLUE, BLUE, BROWN, BROWN, NEUTRAL, NEUTRAL, NEUTRAL)
PREY: Final[tuple[frozenset[int], ...]] = (
    frozenset({WOODCUTTER, HUNTER}),  # the bear takes woodcutters and hunters
    frozenset({PHEASANT, DUCK}),  # the fox takes pheasants and ducks
    frozenset({TREE}),  # the woodcutter fells trees
    frozenset({BEAR, FOX, PHEASANT, DUCK}),  # the hunter shoots animals, along its gun only
    frozenset(),
    frozenset(),
    frozenset(),
)
BIRDS: Final = frozenset({PHEASANT, DUCK})
"""Neutral tiles that both players may move."""
GROUP: Final = (BLUE, BLUE, BROWN, BROWN, NEUTRAL, NEUTRAL, 3)
"""Per kind: blue's and brown's own tiles, the birds either may move, and the trees."""

# Directions: north is towards rank 9.
NORTH: Final = 0
EAST: Final = 1
SOUTH: Final = 2
WEST: Final = 3
DIRECTION_NAMES: Final = "NESW"
_DELTAS: Final = ((0, 1), (1, 0), (0, -1), (-1, 0))

EMPTY: Final = -1
OFF: Final = -1


def square(file: int, rank: int) -> int:
    return rank * 9 + file


def square_name(sq: int) -> str:
    """The square's name in notation.

    >>> square_name(square(2, 3))
    'c4'
    """
    if 0 <= sq < 81:
        return SQUARE_NAMES[sq]  # every legal action's text names squares, on every step
    return f"{FILES[sq % 9]}{sq // 9 + 1}"


def parse_square(text: str) -> int:
    """Read a square of the 9×9 frame (``a1``–``i9``).

    :raises InvalidNotation: for anything else.
    """
    t = text.strip().lower()
    if len(t) == 2 and t[0] in FILES and t[1] in "123456789":
        return square(FILES.index(t[0]), int(t[1]) - 1)
    raise InvalidNotation(f"{text!r} is not a square (a1 to i9)")


FOREST: Final = tuple(square(f, r) for r in range(1, 8) for f in range(1, 8))
CENTRE: Final = square(4, 4)
EXITS: Final = frozenset({square(0, 4), square(8, 4), square(4, 8), square(4, 0)})
IS_FOREST: Final = tuple(sq in set(FOREST) for sq in range(81))


def _step_table() -> tuple[tuple[int, ...], ...]:
    """STEP[sq][d]: the square next to ``sq`` in direction ``d``, or OFF.

    Only forest squares and exits are reachable; the exits lead nowhere.
    """
    table = []
    for sq in range(81):
        row = []
        for df, dr in _DELTAS:
            f, r = sq % 9 + df, sq // 9 + dr
            nxt = square(f, r) if 0 <= f < 9 and 0 <= r < 9 else OFF
            ok = IS_FOREST[sq] and nxt != OFF and (IS_FOREST[nxt] or nxt in EXITS)
            row.append(nxt if ok else OFF)
        table.append(tuple(row))
    return tuple(table)


STEP: Final = _step_table()


def _ray_table() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """RAYS[sq][d]: the squares from ``sq`` in direction ``d`` up to the forest's edge,
    ending with the exit where the line leaves through one (precomputed for speed)."""
    table = []
    for sq in range(81):
        rays = []
        for d in range(4):
            ray, cur = [], STEP[sq][d]
            while cur != OFF:
                ray.append(cur)
                cur = STEP[cur][d]
            rays.append(tuple(ray))
        table.append(tuple(rays))
    return tuple(table)


RAYS: Final = _ray_table()
IS_EXIT: Final = tuple(sq in EXITS for sq in range(81))
NEXT: Final = tuple(tuple(ray[:1] for ray in rays) for rays in RAYS)
"""NEXT[sq][d]: ``RAYS[sq][d]`` cut to its first square, for tiles that move one square."""
SQUARE_NAMES: Final = tuple(f"{FILES[sq % 9]}{sq // 9 + 1}" for sq in range(81))
"""``square_name`` of every square, looked up instead of formatted in every event."""


def direction_between(src: int, dst: int) -> tuple[int, int] | None:
    """(direction, distance) from ``src`` to ``dst`` on a straight orthogonal line."""
    df, dr = dst % 9 - src % 9, dst // 9 - src // 9
    if (df == 0) == (dr == 0):
        return None
    dist = abs(df) + abs(dr)
    unit = (df // dist if df else 0, dr // dist if dr else 0)
    return _DELTAS.index(unit), dist


def kind_of(tile: int) -> int:
    return tile >> 2


def gun_of(tile: int) -> int:
    return tile & 3


def tile_code(kind: int, gun: int = 0) -> int:
    return kind * 4 + gun


def all_tiles() -> list[int]:
    """The 48 tiles, hunters without a direction yet."""
    return [tile_code(kind) for kind, n in enumerate(COUNTS) for _ in range(n)]
