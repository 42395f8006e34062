"""What each seat may see of a Kalooki state, and the full state as JSON.

A view holds the seat's own hand, the table melds (each joker shown with the card it stands
for, KA-R2), the discard pile (all of it was seen face up), every hand's size, the stock's
size, and for every seat the cards everyone knows it holds (taken from the pile, returned
from a failed opening, freed jokers). It never holds another hand or the stock's order.

Everything public in the state is in the view, so :func:`state_from_view` can rebuild a
consistent full state by dealing the unseen cards at random (``Game.sample_state``).
Simplification: after a restock the stock's order is, strictly, public to a player with
perfect recall (the pile is turned over, not shuffled, KA-R4); views do not repeat it and
sampled states deal those cards as unknown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spieltisch.engine import Game, InvalidNotation, derive_rng
from spieltisch.engine.rng import shuffled

from .cards import COPIES, FACES, JOKER, counts_of, face_name, faces_of, parse_face
from .limits import OPENING, STALL_TURNS
from .melds import TableMeld, card_of, classify, parse_token, token_name
from .phases import OVER, PHASE_NAMES, Phase

if TYPE_CHECKING:
    from .state import KalookiState


def names(counts: list[int]) -> list[str]:
    return [face_name(f) for f in faces_of(counts)]


def view_of(state: KalookiState, seat: int | None) -> dict[str, Any]:
    result = state.result()
    over = state.phase == OVER
    return {
        "game": "kalooki",
        "seat": seat,
        "players": state.players,
        "format": state.settings.format,
        "stake": state.settings.stake,
        "pot": state.settings.stake * state.players,
        "deal": state.deal_no + 1,
        "dealer": state.dealer,
        "to_move": None if over else state.to_move,
        "phase": PHASE_NAMES[state.phase],
        "hand": names(state.hands[seat]) if seat is not None else None,
        "hand_sizes": list(state.sizes),
        "known_cards": [names(k) for k in state.known],
        "stock_size": len(state.stock),
        "discard_pile": [face_name(f) for f in state.pile],
        "discard_top": face_name(state.pile[-1]) if state.pile else None,
        "melds": [
            {
                "id": i + 1,
                "owner": m.owner,
                "kind": "run" if m.is_run else "set",
                "cards": [token_name(t) for t in m.tokens],
                "closed": m.closed,
                "new": i >= state.new_from,
            }
            for i, m in enumerate(state.melds)
        ],
        "opened": list(state.opened),
        "opening": OPENING,
        "turn": {
            "taken": face_name(state.taken) if state.taken >= 0 else None,
            "taken_in_hand": state.locked,
            "freed_jokers": state.freed,
            "opening_value": state.turn_value,
            "opened_at_start": state.opened_start,
            "built_on_old": state.touched,
        },
        "restocks": state.restocks,
        "max_restocks": state.settings.restock_limit,
        "turns": state.turns,
        "idle_turns": state.idle,
        "max_idle_turns": STALL_TURNS,
        "alive": list(state.alive),
        "totals": list(state.totals),
        "deals": [dict(d) for d in state.deals],
        "over": state.is_over(),
        "reason": state.reason,
        "result": result.to_json() if result else None,
        "legal_actions": [str(a) for a in state.legal_actions(seat)] if seat is not None else [],
    }


def dump(state: KalookiState) -> dict[str, Any]:
    return {
        "hands": [list(h) for h in state.hands],
        "sizes": list(state.sizes),
        "stock": list(state.stock),
        "pile": list(state.pile),
        "melds": [m.to_json() for m in state.melds],
        "opened": list(state.opened),
        "known": [list(k) for k in state.known],
        "dealer": state.dealer,
        "to_move": state.to_move,
        "phase": state.phase,
        "taken": state.taken,
        "locked": state.locked,
        "freed": state.freed,
        "new_from": state.new_from,
        "turn_value": state.turn_value,
        "touched": state.touched,
        "opened_start": state.opened_start,
        "restocks": state.restocks,
        "turns": state.turns,
        "idle": state.idle,
        "deal_no": state.deal_no,
        "alive": list(state.alive),
        "totals": list(state.totals),
        "deals": [dict(d) for d in state.deals],
        "reason": state.reason,
    }


def restore(state: KalookiState, d: dict[str, Any]) -> None:
    n = state.players

    def ints(xs: Any) -> list[int]:
        return [int(x) for x in xs]

    state.hands = [ints(h) for h in d["hands"]]
    state.known = [ints(k) for k in d["known"]]
    if len(state.hands) != n or any(len(h) != FACES for h in state.hands + state.known):
        raise ValueError("a Kalooki state has one hand of 53 face counts per seat")
    state.sizes = ints(d["sizes"])
    state.stock = ints(d["stock"])
    state.pile = ints(d["pile"])
    state.melds = [TableMeld.from_json(m) for m in d["melds"]]
    state.opened = [bool(x) for x in d["opened"]]
    state.dealer = int(d["dealer"])
    state.to_move = int(d["to_move"])
    state.phase = Phase(int(d["phase"]))
    state.taken = int(d["taken"])
    state.locked = bool(d["locked"])
    state.freed = int(d["freed"])
    state.new_from = int(d["new_from"])
    state.turn_value = int(d["turn_value"])
    state.touched = bool(d["touched"])
    state.opened_start = bool(d["opened_start"])
    state.restocks = int(d["restocks"])
    state.turns = int(d["turns"])
    state.idle = int(d.get("idle", 0))
    state.deal_no = int(d["deal_no"])
    state.alive = [bool(x) for x in d["alive"]]
    state.totals = ints(d["totals"])
    state.deals = [dict(x) for x in d["deals"]]
    state.reason = str(d["reason"])
    total = [0] * FACES
    for h in state.hands:
        for f in range(FACES):
            total[f] += h[f]
    for f in state.stock + state.pile:
        total[f] += 1
    for m in state.melds:
        for t in m.tokens:
            total[card_of(t)] += 1
    if any(c != COPIES for c in total):
        many = [face_name(f) for f in range(FACES) if total[f] > COPIES]
        few = [face_name(f) for f in range(FACES) if total[f] < COPIES]
        raise InvalidNotation(
            f"{sum(total)} cards: Kalooki is played with the 106 cards of two packs "
            "(KA-R1)"
            + (f"; more often than the pack has them: {' '.join(many)}" if many else "")
            + (f"; missing: {' '.join(few)}" if few else "")
        )
    if state.sizes != [sum(h) for h in state.hands]:
        raise InvalidNotation("the hand sizes do not match the hands")
    for m in state.melds:
        shape = classify(tuple(m.tokens))
        if isinstance(shape, str) or shape != (m.is_run, m.key, m.lo):
            why = shape if isinstance(shape, str) else "its kind, suit or rank is misstated"
            raise InvalidNotation(f"the table meld {m} is not valid: {why} (KA-R2)")
    if state.phase != OVER and not (0 <= state.to_move < n and state.alive[state.to_move]):
        raise InvalidNotation(f"seat {state.to_move} cannot be the seat to move")


def state_from_view(
    game: Game[KalookiState], view: dict[str, Any], seat: int | None, seed: int
) -> KalookiState:
    """A full state showing ``view`` to ``seat``; unseen cards dealt at random."""
    if view.get("game") != "kalooki":
        raise InvalidNotation("not a Kalooki view")
    n = int(view["players"])
    state = game._new_state(n, seed)
    state.sampled = True
    rng = derive_rng(seed, "kalooki-sample")
    pool = [COPIES] * FACES
    pool[JOKER] = COPIES

    def take(f: int) -> None:
        if pool[f] <= 0:
            raise InvalidNotation(f"the view shows more than two of {face_name(f)}")
        pool[f] -= 1

    melds = []
    for i, m in enumerate(view["melds"]):
        tokens = [parse_token(c) for c in m["cards"]]
        for t in tokens:
            take(card_of(t))
        meld = TableMeld.laid(int(m["owner"]), tuple(tokens))
        meld.closed = bool(m["closed"])
        melds.append((i, meld))
    pile = [parse_face(c) for c in view["discard_pile"]]
    for f in pile:
        take(f)
    known = [counts_of([parse_face(c) for c in k]) for k in view["known_cards"]]
    hands = [[0] * FACES for _ in range(n)]
    for s in range(n):
        if s == seat:
            hands[s] = counts_of([parse_face(c) for c in view["hand"]])
        else:
            hands[s] = list(known[s])
        for f in faces_of(hands[s]):
            take(f)
    unseen = shuffled(rng, faces_of(pool))
    sizes = [int(x) for x in view["hand_sizes"]]
    for s in range(n):
        missing = sizes[s] - sum(hands[s])
        if missing < 0:
            raise InvalidNotation(f"seat {s} is known to hold more cards than its hand size")
        for _ in range(missing):
            hands[s][unseen.pop()] += 1
    if len(unseen) != int(view["stock_size"]):
        raise InvalidNotation("the view's card counts do not add up to 106")
    turn = view["turn"]
    new_from = next((i for i, m in enumerate(view["melds"]) if m["new"]), len(view["melds"]))
    restore(
        state,
        {
            "hands": hands,
            "sizes": sizes,
            "stock": unseen,
            "pile": pile,
            "melds": [m.to_json() for _, m in melds],
            "opened": view["opened"],
            "known": known,
            "dealer": view["dealer"],
            "to_move": view["to_move"] if view["to_move"] is not None else 0,
            "phase": PHASE_NAMES.index(view["phase"]),
            "taken": parse_face(turn["taken"]) if turn["taken"] else -1,
            "locked": turn["taken_in_hand"],
            "freed": turn["freed_jokers"],
            "new_from": new_from,
            "turn_value": turn["opening_value"],
            "touched": turn["built_on_old"],
            "opened_start": turn["opened_at_start"],
            "restocks": view["restocks"],
            "turns": view["turns"],
            "idle": view["idle_turns"],
            "deal_no": int(view["deal"]) - 1,
            "alive": view["alive"],
            "totals": view["totals"],
            "deals": view["deals"],
            "reason": view["reason"],
        },
    )
    return state
