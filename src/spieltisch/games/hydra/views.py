"""What one seat may know of a Hydra match (the only way state leaves the core).

Secrets kept (issue "Views"): other hands (only their sizes are shown); which black
queens an Antrag laid face down (known to the Antragsteller, and to the acceptor once he
picked them up); the cards given back (known to the acceptor, and to the Antragsteller
once he received them); the healthy-game parties (a seat knows its own queens; the other
seats' queens show only when played). Everything else is public: what was said, the
face-up Antrag card, who accepted or declined, every card played and every trick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import CQ, SQ, card_name, contract_name, display_sorted, trump_order
from .phases import ANSWER, GIVE, HEALTHY, OVER, PLAY, SOLO

if TYPE_CHECKING:
    from .state import HydraState


def _names(cards: list[int]) -> list[str]:
    return [card_name(c) for c in cards]


def antrag_view(st: HydraState, seat: int | None) -> dict[str, Any] | None:
    """The Antrag as ``seat`` sees it (HY-R4); ``None`` when no Antrag was laid."""
    if not st.laid:
        return None
    knows_queens = seat is not None and (seat == st.declarer or seat == st.partner)
    gave_all = len(st.given) == 3
    knows_given = seat is not None and (seat == st.partner or (seat == st.declarer and gave_all))
    return {
        "face_up": card_name(st.laid[2]),
        "queens": card_name(st.laid[0]) if knows_queens else None,
        "on_table": st.phase == ANSWER,
        "declined": list(st.declined),
        "accepted_by": st.partner if st.partner >= 0 else None,
        "given": _names(st.given) if knows_given else None,
        "given_count": len(st.given),
        "giving": st.phase == GIVE,
    }


def known_queens(st: HydraState, seat: int | None) -> list[list[str]]:
    """Black queens the viewer knows each seat held this game: played ones, plus his own."""
    out: list[list[int]] = [[] for _ in range(st.players)]
    for _, cards in st.tricks:
        for s, c in cards:
            if c in (SQ, CQ):
                out[s].append(c)
    for s, c in st.trick:
        if c in (SQ, CQ):
            out[s].append(c)
    if seat is not None:
        out[seat].extend(c for c in st.hands[seat] if c in (SQ, CQ))
    return [_names(sorted(q)) for q in out]


def make_view(st: HydraState, seat: int | None) -> dict[str, Any]:

    public_parties = st.phase == PLAY and st.kind != HEALTHY
    chosen = (PLAY, OVER)
    result = st.result()
    over = st.phase == OVER
    return {
        "game": "hydra",
        "seat": seat,
        "players": st.players,
        "games_in_match": st.games_in_match,
        "game_number": min(st.game_no + 1, st.games_in_match),
        "deal": st.deal_no,
        "dealer": st.dealer,
        "seats_in_game": list(st.seats),
        "phase": st.phase,
        "turn": None if over else st.turn,
        "hand": _names(display_sorted(st.hands[seat], st.contract)) if seat is not None else None,
        "hand_sizes": [len(h) for h in st.hands],
        "redeals": list(st.redeals),
        "said": list(st.said),
        "reservations": list(st.spec),
        "kind": st.kind,
        "contract": contract_name(st.contract) if st.kind == SOLO and st.phase in chosen else None,
        "trumps": _names(list(trump_order(st.contract))),
        "declarer": st.declarer if st.declarer >= 0 else None,
        "partner": st.partner if st.partner >= 0 else None,
        "antrag": antrag_view(st, seat),
        "queens": known_queens(st, seat),
        "party": [p if p >= 0 else None for p in st.party] if public_parties else None,
        "trick": [[s, card_name(c)] for s, c in st.trick],
        "tricks": [
            {"winner": w, "cards": [[s, card_name(c)] for s, c in cards]} for w, cards in st.tricks
        ],
        "points": list(st.points),
        "tricks_won": list(st.count),
        "totals": list(st.totals),
        "finished_games": list(st.finished),
        "over": over,
        "result": result.to_json() if result else None,
        "legal_actions": [str(a) for a in st.legal_actions(seat)] if seat is not None else [],
    }
