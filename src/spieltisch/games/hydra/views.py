"""What one seat may know of a Hydra match (the only way state leaves the core).

Secrets kept (issue "Views"): other hands (only their sizes are shown); which black
queens an Antrag laid face down (known to the Antragsteller, and to the acceptor once he
picked them up); the cards given back (known to the acceptor, and to the Antragsteller
once he received them); the healthy-game parties (a seat knows its own queens; the other
seats' queens show only when played). Everything else is public: what was said, the
face-up Antrag card, who accepted or declined, every card played and every trick.

:func:`sample` goes the other way, for ``sample_state``: a full Hydra state that shows
a seat exactly its view.

The public part is copied from the view; the unseen cards are dealt by a constrained
random assignment (randomised bipartite matching with augmenting paths, so it always
finds a deal when one exists and never loops). What a seat can infer, and the sampler
respects:

* hand sizes, its own hand, every card played, the face-up Antrag card;
* voids: a seat that did not follow the led suit holds none of that suit (HY-R5);
* a seat that said ``antrag`` held both queens of a black suit (HY 2.3.5); after an
  accepted Antrag the pair together still holds the three laid cards, after a declined
  one the Antragsteller does (less what they have played since);
* the Antragsteller knows the acceptor kept the laid cards he did not give back; the
  acceptor knows the Antragsteller holds the cards given back.

Which black suit an Antrag seat holds is tried in random order until a deal exists.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import TYPE_CHECKING, Any, Protocol

from spieltisch.engine import InvalidNotation, View, derive_rng
from spieltisch.engine.rng import shuffled

from .cards import (
    BLACK_QUEEN,
    CLUBS,
    CQ,
    DECK,
    SPADES,
    SQ,
    STANDARD,
    SUIT,
    card_name,
    contract_name,
    display_sorted,
    parse_card,
    parse_contract,
    trump_order,
)
from .phases import ANSWER, GIVE, HEALTHY, OVER, PLAY, SOLO
from .scoring import healthy_parties

if TYPE_CHECKING:
    from .state import HydraState


class EmptyStates(Protocol):
    """What the sampler needs of the game: a state with no deal, for ``restore``."""

    def empty_state(self, players: int, seed: int) -> HydraState: ...


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
        "over": st.is_over(),
        "result": result.to_json() if result else None,
        "legal_actions": [str(a) for a in st.legal_actions(seat)] if seat is not None else [],
    }


# -- sampling a world from a view ----------------------------------------------------

Req = tuple[frozenset[int], Counter[int]]
"""A group of holders that must hold at least this multiset of unseen cards."""


def sample(game: EmptyStates, view: View, seat: int | None, seed: int) -> HydraState:
    """See :meth:`Hydra.sample_state`."""
    try:
        if view.get("game") != "hydra":
            raise InvalidNotation("not a Hydra view")
        return _sample(game, view, seat, seed)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, InvalidNotation):
            raise
        raise InvalidNotation(f"not a Hydra view: {exc!r}") from exc


def _cards(names: list[str]) -> list[int]:
    return [parse_card(n) for n in names]


def _sample(game: EmptyStates, view: View, seat: int | None, seed: int) -> HydraState:
    rng = derive_rng(seed, "hydra-sample")
    n = int(view["players"])
    phase = view["phase"]
    contract = parse_contract(view["contract"]) if view["contract"] else STANDARD
    trick = [(int(s), parse_card(c)) for s, c in view["trick"]]
    tricks = [
        (int(t["winner"]), tuple((int(s), parse_card(c)) for s, c in t["cards"]))
        for t in view["tricks"]
    ]
    played: list[list[int]] = [[] for _ in range(n)]
    voids: list[set[int]] = [set() for _ in range(n + 2)]
    suit = SUIT[contract]
    for cards in [c for _, c in tricks] + ([tuple(trick)] if trick else []):
        led = suit[cards[0][1]]
        for s, c in cards:
            played[s].append(c)
            if suit[c] != led:
                voids[s].add(led)
    declarer = -1 if view["declarer"] is None else int(view["declarer"])
    partner = -1 if view["partner"] is None else int(view["partner"])
    antrag = view["antrag"]
    own = _cards(view["hand"]) if seat is not None else []
    sizes = [int(x) for x in view["hand_sizes"]]
    laid_pile, given_pile = n, n + 1
    cap = [0 if s == seat else sizes[s] for s in range(n)] + [0, 0]
    known: dict[int, list[int]] = {h: [] for h in range(n + 2)}
    if seat is not None:
        known[seat] = list(own)
    unseen = Counter(DECK)
    unseen.subtract(own)
    for p in played:
        unseen.subtract(p)
    face_up = parse_card(antrag["face_up"]) if antrag else -1
    queen_known = parse_card(antrag["queens"]) if antrag and antrag["queens"] else -1
    given_known = _cards(antrag["given"]) if antrag and antrag["given"] is not None else None
    if antrag and phase == ANSWER:
        unseen[face_up] -= 1
        known[laid_pile] = [face_up]
        if queen_known >= 0:
            unseen[queen_known] -= 2
        else:
            cap[laid_pile] = 2
    if antrag and phase == GIVE:
        if given_known is not None:
            unseen.subtract(given_known)
            known[given_pile] = list(given_known)
        else:
            cap[given_pile] = int(antrag["given_count"])
    if any(v < 0 for v in unseen.values()) or sum(unseen.values()) != sum(cap):
        raise InvalidNotation("the view's cards do not add up to the Hydra deck")

    pair = frozenset({declarer, partner, given_pile}) if partner >= 0 else frozenset()
    fixed: list[Req] = []
    open_specs: list[tuple[int, frozenset[int], bool]] = []
    """Antrag seats of unknown suit: (seat, group that holds the queens, face-up too)."""
    for a in range(n):
        if view["reservations"][a] != "antrag" or a == seat:
            continue
        with_face = a == declarer and bool(antrag) and phase != ANSWER
        if a in pair:
            group = pair
        elif a == declarer and antrag and phase == ANSWER:
            # The face-up card lies on the pile too (known): a black queen face up is
            # not one of the pair, so the pair of the same colour needs two more.
            group, with_face = frozenset({laid_pile}), True
        else:
            group = frozenset({a})
        if a == declarer and queen_known >= 0:
            m = Counter({queen_known: 2})
            if with_face:
                m[face_up] += 1
            fixed.append((group, m))
        else:
            open_specs.append((a, group, with_face))
    if seat is not None and seat == declarer and partner >= 0 and antrag:
        m = Counter({queen_known: 2})
        m[face_up] += 1
        if phase == GIVE:
            fixed.append((frozenset({partner, given_pile}), m))
        elif given_known is not None:
            m.subtract(given_known)
            fixed.append((frozenset({partner}), +m))
    if seat is not None and seat == partner and phase == PLAY and given_known is not None:
        fixed.append((frozenset({declarer}), Counter(given_known)))

    hands: list[int] | None = None
    chosen: dict[int, int] = {}
    choices = list(itertools.product((SPADES, CLUBS), repeat=len(open_specs)))
    for colours in shuffled(rng, list(range(len(choices)))):
        reqs = list(fixed)
        for (_, group, with_face), colour in zip(open_specs, choices[colours], strict=True):
            m = Counter({BLACK_QUEEN[colour]: 2})
            if with_face:
                m[face_up] += 1
            reqs.append((group, m))
        hands = _deal(rng, unseen, cap, voids, reqs, played, known, contract)
        if hands is not None:
            chosen = dict(zip([a for a, _, _ in open_specs], choices[colours], strict=True))
            break
    if hands is None:
        raise InvalidNotation("no deal of the unseen cards is consistent with the view")
    holders: list[list[int]] = [[] for _ in range(n + 2)]
    for h, c in zip(hands, _tokens_cards(unseen), strict=True):
        holders[h].append(c)
    for h, seen in known.items():
        holders[h].extend(seen)

    laid: list[int] = []
    if antrag:
        q = queen_known if queen_known >= 0 else BLACK_QUEEN[chosen[declarer]]
        laid = [q, q, face_up]
    given: list[int] = []
    if antrag and phase == GIVE:
        given = holders[given_pile]
    elif antrag and partner >= 0:
        pool = holders[declarer] + played[declarer]
        given = given_known if given_known is not None else sorted(pool)[:3]
    game_hands = [sorted(holders[s]) for s in range(n)]
    party = [-1] * n
    if phase == PLAY:
        if view["kind"] == HEALTHY:
            start = [game_hands[s] + played[s] for s in range(n)]
            party = healthy_parties(start, [int(s) for s in view["seats_in_game"]], n)
        else:
            party = [-1 if p is None else int(p) for p in view["party"]]
    state = game.empty_state(n, seed)
    state.sampled = True
    state.restore(
        {
            "game_no": len(view["finished_games"]),
            "deal_no": view["deal"],
            "dealer": view["dealer"],
            "totals": view["totals"],
            "finished": view["finished_games"],
            "redeals": view["redeals"],
            "hands": game_hands,
            "phase": phase,
            "turn": -1 if view["turn"] is None else view["turn"],
            "said": view["said"],
            "spec": view["reservations"],
            "kind": view["kind"],
            "contract": contract,
            "declarer": declarer,
            "partner": partner,
            "laid": laid,
            "declined": antrag["declined"] if antrag else [],
            "given": given,
            "party": party,
            "trick": [list(p) for p in trick],
            "tricks": [[w, [list(p) for p in cards]] for w, cards in tricks],
        }
    )
    return state


def _tokens_cards(unseen: Counter[int]) -> list[int]:
    return sorted(unseen.elements())


def _deal(
    rng: random.Random,
    unseen: Counter[int],
    cap: list[int],
    voids: list[set[int]],
    reqs: list[Req],
    played: list[list[int]],
    known: dict[int, list[int]],
    contract: int,
) -> list[int] | None:
    """A holder per unseen card (in ``_tokens_cards`` order), or ``None`` if impossible."""
    suit = SUIT[contract]
    everyone = [h for h in range(len(cap)) if cap[h] > 0]
    # Label copies of each card with the group that must hold them, smallest group first.
    groups: dict[int, list[frozenset[int]]] = {}
    for group, multiset in sorted(reqs, key=lambda r: len(r[0])):
        for c, need in multiset.items():
            have = sum(played[h].count(c) for h in group if h < len(played))
            have += sum(known[h].count(c) for h in group if h in known)
            labels = groups.setdefault(c, [])
            have += sum(1 for g in labels if g <= group)
            labels.extend([group] * max(0, need - have))
    tokens: list[list[int]] = []
    for c in _tokens_cards(unseen):
        labels = groups.get(c, [])
        label = labels.pop() if labels else None
        allowed = [
            h
            for h in everyone
            if (label is None or h in label) and (h >= len(played) or suit[c] not in voids[h])
        ]
        tokens.append(allowed)
    if any(groups.values()):
        return None  # more copies required than exist unseen
    owner = [-1] * len(tokens)
    held: list[list[int]] = [[] for _ in cap]

    def augment(t: int, seen: set[int]) -> bool:
        options = shuffled(rng, tokens[t])
        for h in options:
            if h not in seen and len(held[h]) < cap[h]:
                seen.add(h)
                held[h].append(t)
                owner[t] = h
                return True
        for h in options:
            if h in seen:
                continue
            seen.add(h)
            for i, t2 in enumerate(held[h]):
                if augment(t2, seen):
                    held[h][i] = t
                    owner[t] = h
                    return True
        return False

    order = shuffled(rng, list(range(len(tokens))))
    order.sort(key=lambda t: len(tokens[t]))
    for t in order:
        if not augment(t, set()):
            return None
    return owner
