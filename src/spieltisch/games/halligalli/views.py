"""What one seat may know of a Halli-Galli-Extreem state (ARCHITECTURE principle 3).

One side-effect-free function, like OpenSpiel's observer: the browser, the bots, the
research environments and ``Game.sample_state`` all rely on exactly these fields; and
its inverse, :func:`sample`, a full state drawn at random among those showing a view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spieltisch.engine import Game, InvalidNotation, View, derive_rng
from spieltisch.engine.rng import shuffled

from .actions import SHAPES
from .bell import unseen_counts
from .cards import EDITION, EDITIONS, NAMES, card_by_name
from .finale import Finale

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
        "over": state.is_over(),
        "result": result.to_json() if result else None,
        "legal_actions": [str(a) for a in state.legal_actions(seat)] if seat is not None else [],
    }


def sample(game: Game[HalliGalliState], view: View, seat: int | None, seed: int) -> HalliGalliState:
    """Deal the unseen cards (deck minus face-up cards) at random into the draw piles
    and the aside cards, respecting pile sizes and the shown backs of the top cards;
    a pending hidden throw of the other finalist is drawn at random. This is the
    knowledge model of :mod:`.bell`'s coach.

    :raises InvalidNotation: if ``view`` is not a Halli Galli view of these options.
    """
    try:
        return _sample(game, view, seat, seed)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, InvalidNotation):
            raise
        raise InvalidNotation(f"not a Halli Galli view: {exc!r}") from exc


def _sample(
    game: Game[HalliGalliState], view: View, seat: int | None, seed: int
) -> HalliGalliState:
    if view.get("game") != "halligalli":
        raise InvalidNotation("not a Halli Galli view")
    state = game._new_state(int(view["players"]), seed)
    full_deck = state.settings.full_deck
    if (view["deck"] == "full") != full_deck:
        raise InvalidNotation("the view was made with another deck option")
    rng = derive_rng(seed, "halligalli-sample")
    n = int(view["players"])
    table = [[card_by_name(c) for c in pile] for pile in view["table"]]
    unseen = unseen_counts(full_deck, (c for p in table for c in p), None)
    pool = shuffled(rng, [c for c, k in enumerate(unseen) for _ in range(k)])
    sizes = [int(k) for k in view["draw"]]
    tops: list[int | None] = [None] * n
    backs = view.get("backs")
    for s in range(n):
        if backs and sizes[s]:
            edition = EDITIONS.index(backs[s])
            i = next(i for i, c in enumerate(pool) if EDITION[c] == edition)
            tops[s] = pool.pop(i)
    draw = []
    for s in range(n):
        below = sizes[s] - (tops[s] is not None)
        pile, pool = pool[:below], pool[below:]
        top = tops[s]
        draw.append(pile + ([top] if top is not None else []))
    if len(pool) != int(view["aside"]):
        raise InvalidNotation("the view's pile sizes do not add up to the deck")
    finale = view["finale"]
    if finale is not None:
        finale = _sample_finale(finale, seat, rng.randrange(3))
    state.sampled = True
    to_flip = view["to_flip"]
    result = view["result"]
    state._restore(
        {
            "draw": draw,
            "table": table,
            "aside": pool,
            "out": view["out_order"],
            "out_count": max(view["out_order"]),
            "swim_since": view["swimming_since"],
            "to_flip": -1 if to_flip is None else to_flip,
            "anchor": view["turn_anchor"],
            "version": view["version"],
            "round_start": view["round_start"],
            "chain": view["ledger"],
            "extra_life_by": -1 if view["extra_life_by"] is None else view["extra_life_by"],
            "finale": finale,
            "reason": result["reason"] if result else "",
            "steps": view["steps"],
            "stats": view["stats"],
        }
    )
    return state


def _sample_finale(fin: dict[str, Any], seat: int | None, guess: int) -> dict[str, Any]:
    """Rebuild the finale; the other finalist's hidden throw becomes ``guess``."""
    throws = {}
    for s in fin["thrown"]:
        own = fin["my_throw"] if s == seat else None
        throws[str(s)] = SHAPES.index(own) if own is not None else guess
    data = Finale((fin["players"][0], fin["players"][1]), fin["last_winner"]).dump()
    data.update(stake=fin["stake"] or 0, throws=throws, history=fin["history"])
    return data
