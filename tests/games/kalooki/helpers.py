"""Custom Kalooki setups for scenario tests: hands, table and pile from card names."""

from __future__ import annotations

from typing import Any

from spieltisch.games.kalooki import Kalooki, KalookiState
from spieltisch.games.kalooki.cards import COPIES, FACES, counts_of, faces_of, parse_face
from spieltisch.games.kalooki.melds import TableMeld, card_of, parse_token
from spieltisch.games.kalooki.views import dump, restore


def cards(text: str) -> list[int]:
    return [parse_face(c) for c in text.split()]


def setup(
    hands: list[str],
    *,
    table: list[tuple[int, str]] = (),  # type: ignore[assignment]
    pile: str = "2c",
    stock_top: str = "",
    opened: list[bool] | None = None,
    to_move: int = 0,
    phase: str = "draw",
    stock_size: int | None = None,
    restocks: int = 0,
    turns: int = 0,
    idle: int = 0,
    **options: Any,
) -> KalookiState:
    """A state with the given hands (one string per seat), table melds ``(owner, cards)``,
    discard pile (bottom to top) and stock top cards (last drawn first); the rest of the
    pack goes into the stock (or, beyond ``stock_size``, into the bottom of the pile)."""
    game = Kalooki(**options)
    n = len(hands)
    state = game.new_state(n, seed=0)
    pool = [COPIES] * FACES
    hand_counts = [counts_of(cards(h)) for h in hands]
    melds = [TableMeld.laid(o, tuple(parse_token(t) for t in m.split())) for o, m in table]
    used = [f for h in hand_counts for f in faces_of(h)]
    used += [card_of(t) for m in melds for t in m.tokens]
    pile_faces = cards(pile)
    top = cards(stock_top)
    for f in used + pile_faces + top:
        pool[f] -= 1
        assert pool[f] >= 0, f"too many copies of face {f}"
    rest = faces_of(pool)
    if stock_size is not None:
        keep = max(stock_size - len(top), 0)
        pile_faces = rest[keep:] + pile_faces
        rest = rest[:keep]
    data = dump(state)
    data.update(
        hands=hand_counts,
        sizes=[sum(h) for h in hand_counts],
        stock=rest + list(reversed(top)),
        pile=pile_faces,
        melds=[m.to_json() for m in melds],
        opened=opened or [False] * n,
        known=[[0] * FACES for _ in range(n)],
        to_move=to_move,
        phase={"draw": 0, "play": 1}[phase],
        new_from=len(melds),
        opened_start=(opened or [False] * n)[to_move],
        restocks=restocks,
        turns=turns,
        idle=idle,
    )
    restore(state, data)
    return state


def play(state: KalookiState, *actions: str) -> list[dict[str, Any]]:
    """Apply actions (text) for the seat to move; return all events."""
    events: list[dict[str, Any]] = []
    for text in actions:
        seat = state.active_seats()[0]
        events += state.apply(seat, state.game.parse_action(text))
    return events


def hand(state: KalookiState, seat: int) -> list[str]:
    from spieltisch.games.kalooki.cards import face_name

    return sorted(face_name(f) for f in faces_of(state.hands[seat]))
