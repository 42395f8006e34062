"""Declarations, the choice of game type and the Antrag (HY 2.2, 2.3, HY-R2..HY-R4).

Flow of one game before the first trick:

1. *declare*: from the seat after the dealer, each says ``armut`` (if allowed, HY 2.2.3;
   the game is redealt at once, HY 2.2.5), ``morbus`` or ``valeo``. A seat can call
   Armut only at its own turn, before its Morbus/Valeo (HY 2.2.4).
2. all Valeo: a healthy game (HY 2.3.3). Otherwise *specify*: the Morbus seats in order
   say ``solo`` or ``antrag`` (HY 2.3.4); Antrag needs both queens of a black suit
   (HY 2.3.5), so without them only ``solo`` is legal (HY-R3).
3. any Solo: the first Solo seat is the soloist and names the type in *solo_type*
   (HY 2.3.6, 2.3.7, HY-R2). Otherwise the first Antrag seat *lays* the Antrag
   (HY 2.3.8); the others *answer* in turn (HY 2.3.9); the acceptor picks up the three
   cards and *gives* three back, one at a time (HY 2.3.10, HY-R4); if all four decline,
   the Antragsteller takes his cards back and a healthy game is played (HY 2.3.11).

``refusal`` checks and changes nothing; ``play`` changes and checks nothing (the engine's
``apply`` is the one followed by the other).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spieltisch.engine import Event, IllegalAction

from .actions import SAY, ChooseSolo, Give, HydraAction, Lay, Say
from .cards import (
    BLACK_QUEEN,
    CONTRACTS,
    antrag_colours,
    armut_allowed,
    card_name,
    contract_name,
)
from .phases import ANSWER, ANTRAG, DECLARE, GIVE, HEALTHY, LAY, SOLO, SOLO_TYPE, SPECIFY

if TYPE_CHECKING:
    from .state import HydraState


def legal(st: HydraState, seat: int) -> list[HydraAction]:
    """Legal actions of ``seat`` (whose turn it is) before the play."""
    hand = st.hands[seat]
    if st.phase == DECLARE:
        out: list[HydraAction] = [SAY["valeo"], SAY["morbus"]]
        if armut_allowed(hand):
            out.append(SAY["armut"])
        return out
    if st.phase == SPECIFY:
        return [SAY["solo"], SAY["antrag"]] if antrag_colours(hand) else [SAY["solo"]]
    if st.phase == SOLO_TYPE:
        return [ChooseSolo(c) for c in range(CONTRACTS)]
    if st.phase == LAY:
        lays: list[HydraAction] = []
        for colour in antrag_colours(hand):
            lays.extend(Lay(colour, c) for c in face_up_choices(hand, colour))
        return lays
    if st.phase == ANSWER:
        return [SAY["accept"], SAY["decline"]]
    if st.phase == GIVE:
        return [Give(c) for c in sorted(set(hand))]
    return []


def too_late_for_armut() -> IllegalAction:
    """HY 2.2.4: Armut is called at one's own turn, before one's own Morbus or Valeo."""
    return IllegalAction(
        "HY 2.2.4", "Armut must be called before your own Morbus or Valeo; too late"
    )


def refusal(st: HydraState, seat: int, action: Any) -> IllegalAction | None:
    """Why ``seat`` (whose turn it is) may not take ``action`` before the play, or
    ``None``. The checks of each phase, in the order the rules are told."""
    phase = st.phase
    if isinstance(action, Say):
        word = action.word
        if phase == DECLARE:
            return _declare_refusal(st, seat, word)
        if phase == SPECIFY:
            return _specify_refusal(st, seat, word)
        if phase == ANSWER:
            if word not in ("accept", "decline"):
                return IllegalAction(
                    "HY 2.3.9", f"answer the Antrag with 'accept' or 'decline', not {word}"
                )
            return None
        if word == "armut":
            return too_late_for_armut()
        return IllegalAction("HY 2.2", f"{word!r} cannot be said now (phase: {phase})")
    if isinstance(action, ChooseSolo):
        return _phase_refusal(st, SOLO_TYPE, "HY-R2", action)
    if isinstance(action, Lay):
        return _phase_refusal(st, LAY, "HY 2.3.8", action) or _lay_refusal(st, seat, action)
    if isinstance(action, Give):
        if wrong := _phase_refusal(st, GIVE, "HY 2.3.10", action):
            return wrong
        if action.card not in st.hands[seat]:
            return IllegalAction("HY 2.3.10", f"you do not hold {card_name(action.card)}")
        return None
    return IllegalAction("HY 2.2", f"{action} is not possible now (phase: {phase})")


def _phase_refusal(
    st: HydraState, phase: str, rule: str, action: HydraAction
) -> IllegalAction | None:
    if st.phase != phase:
        return IllegalAction(rule, f"{action} is not possible now (phase: {st.phase})")
    return None


def _declare_refusal(st: HydraState, seat: int, word: str) -> IllegalAction | None:
    if word == "armut":
        if not armut_allowed(st.hands[seat]):
            return IllegalAction(
                "HY 2.2.3",
                "Armut needs at most one standard trump (Hydras count) or at least five nines",
            )
        return None
    if word not in ("morbus", "valeo"):
        return IllegalAction("HY 2.2.2", f"say 'morbus', 'valeo' or 'armut', not {word!r}")
    return None


def _specify_refusal(st: HydraState, seat: int, word: str) -> IllegalAction | None:
    if word == "armut":
        return too_late_for_armut()
    if word not in ("solo", "antrag"):
        return IllegalAction("HY 2.3.4", f"name your reservation: 'solo' or 'antrag', not {word!r}")
    if word == "antrag" and not antrag_colours(st.hands[seat]):
        return IllegalAction(
            "HY 2.3.5", "an Antrag needs both queens of spades or both queens of clubs"
        )
    return None


def face_up_choices(hand: list[int], colour: int) -> list[int]:
    """HY 2.3.8: the cards that may lie face up beside both queens of ``colour`` (which
    ``hand`` holds): any other card of the hand."""
    rest = list(hand)
    rest.remove(BLACK_QUEEN[colour])
    rest.remove(BLACK_QUEEN[colour])
    return sorted(set(rest))


def _lay_refusal(st: HydraState, seat: int, action: Lay) -> IllegalAction | None:
    hand = st.hands[seat]
    if action.colour not in antrag_colours(hand):
        queen = BLACK_QUEEN[action.colour]
        return IllegalAction(
            "HY 2.3.8", f"you must lay both {card_name(queen)}, and you do not hold both"
        )
    if action.face_up not in face_up_choices(hand, action.colour):
        return IllegalAction(
            "HY 2.3.8", f"the face-up card {card_name(action.face_up)} is not in your hand"
        )
    return None


def play(st: HydraState, seat: int, action: Any) -> list[Event]:
    """Take ``action`` before the play, as :func:`refusal` allows it."""
    if isinstance(action, Say):
        word = action.word
        if st.phase == DECLARE:
            return _declare(st, seat, word)
        if st.phase == SPECIFY:
            return _specify(st, seat, word)
        return _answer(st, seat, word)
    if isinstance(action, ChooseSolo):
        st.contract = action.contract
        st.start_play(SOLO)
        return [{"type": "solo", "seat": seat, "contract": contract_name(action.contract)}]
    if isinstance(action, Lay):
        return _lay(st, seat, action)
    return _give(st, seat, action)


def _declare(st: HydraState, seat: int, word: str) -> list[Event]:
    if word == "armut":
        st.redeals.append(seat)
        st.redeal()
        return [{"type": "armut", "seat": seat}, {"type": "redeal", "dealer": st.dealer}]
    st.said[seat] = word
    events: list[Event] = [{"type": "say", "seat": seat, "word": word}]
    if seat != st.seats[-1]:
        st.turn = st.nxt[seat]
        return events
    morbus = [s for s in st.seats if st.said[s] == "morbus"]
    if not morbus:
        st.start_play(HEALTHY)
        events.append({"type": "healthy_game"})
    else:
        st.phase = SPECIFY
        st.turn = morbus[0]
    return events


def _specify(st: HydraState, seat: int, word: str) -> list[Event]:
    st.spec[seat] = word
    events: list[Event] = [{"type": "reservation", "seat": seat, "word": word}]
    later = [s for s in st.seats[st.seats.index(seat) + 1 :] if st.said[s] == "morbus"]
    if later:
        st.turn = later[0]
        return events
    solos = [s for s in st.seats if st.spec[s] == "solo"]
    if solos:
        st.declarer = solos[0]
        st.kind = SOLO
        st.phase = SOLO_TYPE
    else:
        st.declarer = next(s for s in st.seats if st.spec[s] == "antrag")
        st.kind = ANTRAG
        st.phase = LAY
    st.turn = st.declarer
    events.append({"type": "declarer", "seat": st.declarer, "kind": st.kind})
    return events


def _lay(st: HydraState, seat: int, action: Lay) -> list[Event]:
    hand = list(st.hands[seat])
    queen = BLACK_QUEEN[action.colour]
    hand.remove(queen)
    hand.remove(queen)
    hand.remove(action.face_up)
    st.hands[seat] = hand
    st.laid = [queen, queen, action.face_up]
    st.phase = ANSWER
    st.turn = st.nxt[seat]
    return [{"type": "antrag", "seat": seat, "face_up": card_name(action.face_up)}]


def _answer(st: HydraState, seat: int, word: str) -> list[Event]:
    events: list[Event] = [{"type": "answer", "seat": seat, "word": word}]
    if word == "accept":
        st.partner = seat
        st.hands[seat] = sorted(st.hands[seat] + st.laid)
        st.phase = GIVE
        return events
    st.declined.append(seat)
    if len(st.declined) < len(st.seats) - 1:
        st.turn = st.nxt[seat]
        return events
    st.hands[st.declarer] = sorted(st.hands[st.declarer] + st.laid)
    st.start_play(HEALTHY)
    events.append({"type": "antrag_declined", "seat": st.declarer})
    return events


def _give(st: HydraState, seat: int, action: Give) -> list[Event]:
    st.hands[seat].remove(action.card)
    st.given.append(action.card)
    events: list[Event] = [{"type": "give", "seat": seat, "secret": True}]
    if len(st.given) == 3:
        st.hands[st.declarer] = sorted(st.hands[st.declarer] + st.given)
        st.start_play(ANTRAG)
        events.append({"type": "antrag_accepted", "pair": [st.declarer, seat]})
    return events
