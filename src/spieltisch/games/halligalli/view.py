"""What one seat may know of a Halli-Galli-Extreem state (ARCHITECTURE principle 3).

One side-effect-free function, like OpenSpiel's observer: the browser, the bots, the
research environments and ``Game.sample_state`` all rely on exactly these fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import EDITION, EDITIONS, NAMES

if TYPE_CHECKING:
    from .state import HalliGalliState


def seat_view(state: HalliGalliState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (``None``: a spectator), JSON-ready.

    The top cards (``tops``, all a table shows, HG-R2, §2.2c) and, in ``table``, every
    face-up card below them too — each was public when it was flipped, so a seat that
    remembers knows it; giving it to every seat keeps people, bots and clients equal.
    Also pile sizes, the backs of the draw piles' top cards (option ``card_backs``),
    statuses, the ring ``ledger`` (HG-R7) and the finale with hidden throws. Never a
    face-down card's face, nor the other finalist's pending throw. Whether the table
    is valid is *not* stated: judging it is the game (``bell.is_bell_valid``).
    """
    g = state.settings
    backs = None
    if g.show_backs:
        backs = [EDITIONS[EDITION[p[-1]]] if p else None for p in state.draw]
    finale = state.finale
    result = state.result()
    phase = state.phase
    n = state.players
    return {
        "game": "halligalli",
        "seat": seat,
        "players": n,
        "deck": "full" if g.full_deck else "standard",
        "stray_cards": g.stray_cards,
        "handicap_ms": g.handicap_ms(n),
        "phase": phase,
        "version": state.version,
        "round_start": state.round_start,
        "ledger": [list(e) for e in state.chain],
        "tops": [NAMES[p[-1]] if p else None for p in state.table],
        "table": [[NAMES[c] for c in pile] for pile in state.table],
        "draw": [len(p) for p in state.draw],
        "backs": backs,
        "aside": len(state.aside),
        "status": [
            "out" if state.out[s] else "swimming" if not state.draw[s] else "in" for s in range(n)
        ],
        "out_order": list(state.out),
        "swimming_since": list(state.swim_since),
        "to_flip": state.to_flip if state.to_flip >= 0 and phase == "round" else None,
        "turn_anchor": state.anchor,
        "extra_life_by": state.extra_life_by if state.extra_life_by >= 0 else None,
        "finale": finale.view(seat, state.finale_cards()) if finale is not None else None,
        "steps": state.steps,
        "stats": dict(state.stats),
        "over": bool(state.reason),
        "result": result.to_json() if result else None,
        "legal_actions": [str(a) for a in state.legal_actions(seat)] if seat is not None else [],
    }
