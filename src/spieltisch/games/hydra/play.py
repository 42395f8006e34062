"""Trick play (HY 3.1–3.3 as completed by HY-R5).

Trumps form one suit; a player must follow the led suit (trumps if a trump was led) if
he can, otherwise he may play any card. The highest trump wins, else the highest card
of the led suit. Of two identical cards the first played wins; with the option
``second_h10_wins`` a second ♥10 beats the first while ♥10 is a trump, except in the
last trick.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from spieltisch.engine import Event, IllegalAction

from .actions import PLAYS, Play
from .cards import CQ, H10, NAMES, POINTS, POWER, SQ, SUIT, SUIT_NAMES, TRUMP, card_name
from .phases import TRICKS

if TYPE_CHECKING:
    from .state import HydraState


def trick_winner(
    cards: Sequence[tuple[int, int]], contract: int, *, second_h10: bool = False, last: bool = False
) -> int:
    """The seat that wins ``cards`` (``(seat, card)`` in the order played).

    Of two identical cards the first played wins:

    >>> from spieltisch.games.hydra.cards import parse_card as p
    >>> trick_winner([(0, p("CQ")), (1, p("CQ")), (2, p("H9"))], 0)
    0
    """
    suit, power = SUIT[contract], POWER[contract]
    led = suit[cards[0][1]]
    best_seat, best = cards[0]
    h10_rule = second_h10 and not last and suit[H10] == TRUMP
    for seat, c in cards[1:]:
        s = suit[c]
        if s != TRUMP and s != led:
            continue
        if power[c] > power[best] or (h10_rule and c == H10 and best == H10):
            best_seat, best = seat, c
    return best_seat


def playable(hand: list[int], trick: list[tuple[int, int]], contract: int) -> list[int]:
    """HY-R5, the one place of the follow-suit rule: the distinct cards of ``hand`` that
    may be played to ``trick``, in the order of the hand. Those of the led suit (trumps
    if a trump was led) while the hand holds one, else all."""
    return [a.card for a in _playable(hand, trick, contract)]


def _playable(hand: list[int], trick: list[tuple[int, int]], contract: int) -> list[Play]:
    """``playable`` as the shared ``Play`` objects, in one pass over the hand: a bit per
    card kind marks the cards already taken (one loop of int operations when compiled;
    no dict, map or second list per step)."""
    out: list[Play] = []
    seen = 0
    if trick:
        suit = SUIT[contract]
        led = suit[trick[0][1]]
        for c in hand:
            bit = 1 << c
            if not seen & bit and suit[c] == led:
                seen |= bit
                out.append(PLAYS[c])
        if out:
            return out
    for c in hand:
        bit = 1 << c
        if not seen & bit:
            seen |= bit
            out.append(PLAYS[c])
    return out


def legal(st: HydraState, seat: int) -> list[Play]:
    """``playable`` as the shared ``Play`` objects."""
    return _playable(st.hands[seat], st.trick, st.contract)


def refusal(st: HydraState, seat: int, action: Any) -> IllegalAction | None:
    """Why ``seat`` may not play ``action`` to the trick (HY-R5), or ``None``."""
    if not isinstance(action, Play):
        return IllegalAction("HY-R5", f"{action} is not possible now: cards are being played")
    c = action.card
    hand = st.hands[seat]
    if c not in hand:
        return IllegalAction("HY-R5", f"you do not hold {card_name(c)}")
    trick = st.trick
    if not trick:
        return None
    suit = SUIT[st.contract]
    led = suit[trick[0][1]]
    # Only a card off the led suit can break the rule: ``playable`` is asked then.
    if suit[c] != led and c not in playable(hand, trick, st.contract):
        name = "trumps" if led == TRUMP else SUIT_NAMES[led]
        return IllegalAction(
            "HY-R5", f"{card_name(c)}: you must follow suit ({name}) while you can"
        )
    return None


def play(st: HydraState, seat: int, action: Play) -> list[Event]:
    """Play the card of ``action`` that :func:`refusal` allows."""
    c = action.card
    st.hands[seat].remove(c)
    trick = st.trick
    trick.append((seat, c))
    if c in (SQ, CQ):
        st.queens[seat].append(c)
    events: list[Event] = [{"type": "play", "seat": seat, "card": NAMES[c]}]
    if len(trick) < len(st.seats):
        st.turn = st.nxt[seat]
        return events
    return end_trick(st, events)


def end_trick(st: HydraState, events: list[Event]) -> list[Event]:
    """Give the full trick to its winner; after the last one, score the game."""
    tricks = st.tricks
    last = len(tricks) == TRICKS - 1
    cards = tuple(st.trick)
    winner = trick_winner(cards, st.contract, second_h10=st.settings.second_h10_wins, last=last)
    tricks.append((winner, cards))
    pts = 0
    for _, x in cards:
        pts += POINTS[x]
    st.points[winner] += pts
    st.count[winner] += 1
    st.trick = []
    st.turn = winner
    events.append({"type": "trick", "winner": winner, "points": pts})
    if last:
        events.extend(st.finish_game())
    return events
