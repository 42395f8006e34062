"""Hydra's bots: a rules-based bot playing Doppelkopf table conventions from its view
only, and the ladder built on it (``BOTS``).

Bidding: Armut with a poor hand (a redeal is better than defending with one trump); a
solo when one contract gives a strong trump count with the top trumps; an Antrag with
both black queens of a suit and little else; it accepts an Antrag with a good trump
hand and gives back its lowest side cards, shortest suit first (to make voids).

Play, the habits strong Doppelkopf players teach:

* lead a side-suit ace the first time that suit is played; a queen-party player leads
  his black queen early so his partner finds him ("play trumps to find partners");
* give points ("schmieren") to a trick a known partner is winning safely;
* win a trick worth taking with the cheapest card that wins it, keep the Hydras and
  ♥10s for tricks worth it or for the last tricks ("keep high trumps for the end");
* otherwise throw the card with the fewest points.

The thresholds of these habits are a ``Habits``, so a bench can try others
(``bench/policy_duel.py``, ``bench/hydra_sharp.py``) without copying the heuristics, and
``ismcts`` is guided by sharper ones (``SharpRulesBot``) than ``rules`` plays.

Partners are read from what the seat sees: in a solo or Antrag the parties are public;
in a healthy game a seat's party shows only through the black queens it has played.
``plan`` reads it from the view; ``act``, the move inside a rollout, reads the same facts
straight from the world's state (its own hand, the tricks, what was said), which spares
a text view per move and decides the same.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final

from spieltisch.bots import Bot, GameBots, Plan, RolloutSettings, SearchSettings
from spieltisch.bots.ismcts import Rewards
from spieltisch.engine import State, View

from ..actions import PLAYS, ChooseSolo, Give, HydraAction, Lay, Say
from ..cards import (
    ACE,
    CONTRACTS,
    CQ,
    HYDRA,
    POINTS,
    POWER,
    SQ,
    STANDARD,
    SUIT,
    TRUMP,
    display_sorted,
    parse_card,
    parse_contract,
    rank_of,
    trump_order,
)
from ..phases import HEALTHY, PLAY, SOLO
from ..play import trick_winner
from ..state import HydraState

SOLO_THRESHOLD = 17.0
"""Hand value (see ``hand_value``) from which a solo is announced; tuned by self-play."""
ACCEPT_TRUMPS = 5
"""Standard trumps needed to accept an Antrag."""


def hand_value(hand: list[int], contract: int) -> float:
    """Strength of ``hand`` as a soloist in ``contract``: weighted trumps plus side aces."""
    order = trump_order(contract)
    value = 0.0
    for c in hand:
        if SUIT[contract][c] == TRUMP:
            i = order.index(c)
            value += 3.0 if i < 2 else 2.0 if i < 4 else 1.0
        elif rank_of(c) == ACE:
            value += 1.5
    trumps = sum(1 for c in hand if SUIT[contract][c] == TRUMP)
    return value if trumps >= 5 else 0.0


def best_contract(hand: list[int]) -> tuple[int, float]:
    return max(((c, hand_value(hand, c)) for c in range(CONTRACTS)), key=lambda x: x[1])


def winning_cards(
    trick: list[tuple[int, int]], winning: int, cards: list[int], contract: int
) -> list[int]:
    """The ``cards`` that would take ``trick`` (whose best card so far is ``winning``) if
    played to it next, as ``trick_winner`` (without the ♥10 option) decides: a trump or
    the led suit, above the winning card. One comparison per card instead of a trick."""
    suit, power = SUIT[contract], POWER[contract]
    led, best = suit[trick[0][1]], power[winning]
    return [c for c in cards if suit[c] in (TRUMP, led) and power[c] > best]


class Seen:
    """What a seat sees of the trick play: the only inputs of the play heuristics.

    Read either from the seat's view (:meth:`of_view`, what ``plan`` gets) or straight
    from a state (:meth:`of_state`, what a rollout's ``act`` gets), so both decide from
    the same facts and a rollout move never reads another seat's hand.
    """

    __slots__ = ("contract", "declarer", "kind", "party", "queens", "seats", "trick", "tricks")

    def __init__(
        self,
        contract: int,
        trick: list[tuple[int, int]],
        tricks: list[tuple[int, tuple[tuple[int, int], ...]]],
        seats: list[int],
        kind: str | None,
        declarer: int,
        party: list[int] | None,
        queens: list[list[int]],
    ) -> None:
        self.contract = contract
        self.trick = trick
        """``(seat, card)`` of the trick on the table, in the order played."""
        self.tricks = tricks
        """The finished tricks: winner, and ``(seat, card)`` in the order played."""
        self.seats = seats
        self.kind = kind
        self.declarer = declarer
        """Soloist or Antragsteller, -1 if none."""
        self.party = party
        """Party per seat (-1 for none) when the parties are public, else ``None``."""
        self.queens = queens
        """Black queens this seat knows each seat held, played ones and its own; only
        read while the parties are not public."""

    @classmethod
    def of_view(cls, view: View) -> Seen:
        party = view["party"]
        return cls(
            contract=parse_contract(view["contract"]) if view["contract"] else STANDARD,
            trick=[(int(s), parse_card(c)) for s, c in view["trick"]],
            tricks=[
                (int(t["winner"]), tuple((int(s), parse_card(c)) for s, c in t["cards"]))
                for t in view["tricks"]
            ],
            seats=list(view["seats_in_game"]),
            kind=view["kind"],
            declarer=-1 if view["declarer"] is None else int(view["declarer"]),
            party=None if party is None else [-1 if p is None else int(p) for p in party],
            queens=[[parse_card(q) for q in qs] for qs in view["queens"]],
        )

    @classmethod
    def of_state(cls, st: HydraState, seat: int) -> Seen:
        """The same facts as ``of_view(st.view(seat))`` during the play, read directly:
        public fields, the tricks, and of the hands only ``seat``'s own."""
        public = st.phase == PLAY and st.kind != HEALTHY
        queens: list[list[int]] = []
        if not public:
            queens = list(st.queens)
            queens[seat] = queens[seat] + [c for c in st.hands[seat] if c in (SQ, CQ)]
        return cls(
            contract=st.contract if st.kind == SOLO else STANDARD,
            trick=st.trick,
            tricks=st.tricks,
            seats=st.seats,
            kind=st.kind,
            declarer=st.declarer,
            party=st.party if public else None,
            queens=queens,
        )


TOP: Final = tuple(frozenset(trump_order(c)[:2]) for c in range(CONTRACTS))
"""The two highest trumps of each contract, kept for tricks worth them."""


@dataclass(frozen=True, slots=True)
class Habits:
    """The thresholds of the play heuristics; the defaults are the ``rules`` level's."""

    worth_taking: int = 10
    """Points on the table that make a trick worth winning before the last seat."""
    late_trick: int = 7
    """From this many finished tricks on, every trick is worth winning."""
    spend_top: int = 20
    """Points that make a trick worth one of the two highest trumps."""
    trump_discard: int = 0
    """Points a trump counts as more than its own when choosing a card to throw away:
    above zero, side cards go first and the trumps stay for the later tricks."""
    queen_lead: bool = True
    """Lead a black queen early in a healthy game, so the partner finds the seat."""
    trump_lead: int | None = None
    """With this many trumps and no ace to lead, lead the lowest of them."""
    short_suit_lead: bool = False
    """Lead the lowest card of the shortest side suit (to make a void), not the lowest
    side card of all."""
    first_round_ace: bool = False
    """Take the first round of a side suit with its ace whenever the ace wins."""


RULES_HABITS: Final = Habits()
"""The ``rules`` level: the habits the table conventions name, as first written."""
SHARP_HABITS: Final = Habits(
    late_trick=10,
    spend_top=30,
    trump_discard=10,
    queen_lead=False,
    trump_lead=5,
    short_suit_lead=True,
    first_round_ace=True,
)
"""Sharper habits, screened one threshold at a time against ``rules`` by
``bench/policy_duel.py`` (docs/bots.md): keep trumps, lead trumps or from the shortest
suit, take a suit's first round with the ace, spend the top trumps on big tricks only,
never buy a late trick of few points. They guide ``ismcts``; ``rules`` keeps the habits
above, so every figure measured against it still holds."""


class RulesBot(Bot):
    """Heuristic Hydra player (level ``rules``)."""

    level = "rules"
    habits: Habits = RULES_HABITS

    def plan(self, view: View, seat: int, clock: float) -> Plan:
        legal = self.legal_actions(view)
        if len(legal) == 1:
            return Plan(legal[0], self.delay)
        phase = view["phase"]
        if phase == "play":
            choice: HydraAction = PLAYS[self._play(Seen.of_view(view), seat, legal)]
        else:
            hand = [parse_card(c) for c in view["hand"]]
            choice = self._bid(phase, hand, legal)
        if choice not in legal:  # never happens with a consistent view; stay legal anyway
            choice = self.rng.choice(legal)
        return Plan(choice, self.delay)

    def act(self, state: State, seat: int) -> Any:
        """``plan``'s move, decided on the state itself (a rollout's world): the legal
        moves, the public record and ``seat``'s own hand, without a text view."""
        if not isinstance(state, HydraState):
            return super().act(state, seat)
        legal: list[Any] = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase is PLAY:
            choice: HydraAction = PLAYS[self._play(Seen.of_state(state, seat), seat, legal)]
        else:
            # The view's hand order: ``_give`` breaks ties by it.
            hand = display_sorted(state.hands[seat], state.contract)
            choice = self._bid(state.phase, hand, legal)
        if choice not in legal:
            choice = self.rng.choice(legal)
        return choice

    # -- bidding ---------------------------------------------------------------------------
    def _bid(self, phase: str, hand: list[int], legal: list[Any]) -> HydraAction:
        words = {str(a) for a in legal}
        _, value = best_contract(hand)
        std_trumps = sum(1 for c in hand if SUIT[STANDARD][c] == TRUMP)
        antrag_ok = any(hand.count(q) == 2 for q in (SQ, CQ))
        if phase == "declare":
            if "armut" in words and (std_trumps <= 1 or (std_trumps <= 2 and not antrag_ok)):
                return Say("armut")
            wants = value >= SOLO_THRESHOLD or (antrag_ok and std_trumps <= 4)
            return Say("morbus" if wants else "valeo")
        if phase == "specify":
            solo = value >= SOLO_THRESHOLD or "antrag" not in words
            return Say("solo" if solo else "antrag")
        if phase == "solo_type":
            return ChooseSolo(best_contract(hand)[0])
        if phase == "lay":
            lays = [a for a in legal if isinstance(a, Lay)]
            return max(lays, key=lambda a: (POWER[STANDARD][a.face_up], POINTS[a.face_up]))
        if phase == "answer":
            high = sum(1 for c in hand if c == HYDRA or c == trump_order(STANDARD)[1])
            good = std_trumps >= ACCEPT_TRUMPS and high >= 1
            return Say("accept" if good else "decline")
        if phase == "give":
            return Give(self._give(hand))
        return self.rng.choice(legal)  # type: ignore[no-any-return]

    @staticmethod
    def _give(hand: list[int]) -> int:
        """Lowest side card of the shortest side suit; else the lowest trump."""
        suit = SUIT[STANDARD]
        side = [c for c in hand if suit[c] != TRUMP and rank_of(c) != ACE]
        if side:
            length = {s: sum(1 for c in hand if suit[c] == s) for s in range(4)}
            return min(side, key=lambda c: (length[suit[c]], POINTS[c], POWER[STANDARD][c]))
        return min(hand, key=lambda c: (POWER[STANDARD][c], POINTS[c]))

    # -- play ------------------------------------------------------------------------------
    @staticmethod
    def _friend(seen: Seen, seat: int, other: int) -> int:
        """+1 if ``other`` is a known partner of ``seat``, -1 a known opponent, 0 unknown
        (also for ``seat`` itself and seats not in the game)."""
        if other == seat or other not in seen.seats:
            return 0
        party = seen.party
        if party is not None:
            return 1 if party[other] == party[seat] else -1
        mine = seen.queens[seat]
        theirs = seen.queens[other]
        if not mine:
            if theirs:
                return -1
            return 1 if sum(len(qs) for qs in seen.queens) >= 4 else 0
        if any(q in mine for q in theirs):
            return 1
        return -1 if theirs else 0

    def _play(self, seen: Seen, seat: int, legal: list[Any]) -> int:
        contract = seen.contract
        suit, power = SUIT[contract], POWER[contract]
        cards: list[int] = [a.card for a in legal]
        trick = seen.trick
        done = len(seen.tricks)
        top = TOP[contract]
        habits = self.habits
        discard = habits.trump_discard

        def cheap(c: int) -> tuple[int, int]:
            if discard and suit[c] == TRUMP:
                return (POINTS[c] + (20 if c in top else 0) + discard, power[c])
            return (POINTS[c] + (20 if c in top else 0), power[c])

        if not trick:
            return self._lead(seen, seat, cards, done)
        players = len(seen.seats)
        last = len(trick) == players - 1
        winner = trick_winner(trick, contract)
        pts = sum(POINTS[c] for _, c in trick)
        winning_card = dict(trick)[winner]
        safe = last or (suit[winning_card] == TRUMP and power[winning_card] >= power[SQ])
        if safe and self._friend(seen, seat, winner) == 1:
            return max(cards, key=lambda c: (POINTS[c] - (30 if c in top else 0), -power[c]))
        winners = winning_cards(trick, winning_card, cards, contract)
        if habits.first_round_ace and winners and (led := suit[trick[0][1]]) != TRUMP:
            aces = [c for c in winners if suit[c] == led and rank_of(c) == ACE]
            if aces and all(suit[played[0][1]] != led for _, played in seen.tricks):
                return aces[0]
        late = done >= habits.late_trick
        worth = pts >= habits.worth_taking or last or late
        if winners and worth:
            keep = [c for c in winners if c not in top] or winners
            if pts >= habits.spend_top or late:
                keep = winners
            if last:
                return max(keep, key=lambda c: (POINTS[c], -power[c]))
            return min(keep, key=lambda c: power[c])
        return min(cards, key=cheap)

    def _lead(self, seen: Seen, seat: int, cards: list[int], done: int) -> int:
        suit, power = SUIT[seen.contract], POWER[seen.contract]
        habits = self.habits
        led_suits = {suit[cards[0][1]] for _, cards in seen.tricks}
        aces = [
            c for c in cards if suit[c] != TRUMP and rank_of(c) == ACE and suit[c] not in led_suits
        ]
        if aces:
            return aces[0]
        trumps = [c for c in cards if suit[c] == TRUMP]
        soloist = seen.kind == "solo" and seen.declarer == seat
        if soloist and trumps:
            return max(trumps, key=lambda c: power[c])
        if habits.queen_lead and seen.kind == "healthy" and done < 4:
            queens = [c for c in cards if c in (SQ, CQ)]
            if queens:
                return queens[0]
        if habits.trump_lead is not None and len(trumps) >= habits.trump_lead:
            top = TOP[seen.contract]
            return min(trumps, key=lambda c: (POINTS[c] + (20 if c in top else 0), power[c]))
        plain = [c for c in cards if suit[c] != TRUMP]
        if plain:
            if habits.short_suit_lead:
                length = {s: sum(1 for c in cards if suit[c] == s) for s in range(4)}
                return min(plain, key=lambda c: (length[suit[c]], POINTS[c], power[c]))
            return min(plain, key=lambda c: (POINTS[c], power[c]))
        return min(trumps, key=lambda c: (POINTS[c], power[c]))


class SharpRulesBot(RulesBot):
    """The rules bot with ``SHARP_HABITS``: the policy that guides ``ismcts``."""

    level = "sharp"
    habits = SHARP_HABITS


GAME_SPREAD: Final = 6.0
"""Match points by which one game typically moves a seat's total (settlements of 4–15)."""


def evaluate(state: State) -> Rewards:
    """Each seat's chance to finish the match first, from the totals and the games left.

    A softmax of the totals whose temperature grows with the square root of the games
    still to play: a lead of 10 points decides little with four games to go and much
    with one. Rollouts are played to the end of the current game, so this judges a match
    between games (a cut-off inside a game counts the totals so far).
    """
    if isinstance(state, HydraState):  # the view's public numbers, without the view
        totals = [float(t) for t in state.totals]
        left = max(1, state.games_in_match - len(state.finished))
    else:
        view = state.view(None)
        totals = [float(t) for t in view["totals"]]
        left = max(1, int(view["games_in_match"]) - len(view["finished_games"]))
    temperature = GAME_SPREAD * math.sqrt(left)
    top = max(totals)
    weights = [math.exp((t - top) / temperature) for t in totals]
    norm = sum(weights)
    return [w / norm for w in weights]


def game_done(start: State, now: State) -> bool:
    """A rollout stops when the game of the match it began in is over.

    Asked after every rollout move, so it reads the count of finished games from the
    states (the length of the view's ``finished_games``) instead of building views.
    """
    if isinstance(start, HydraState) and isinstance(now, HydraState):
        return len(now.finished) != len(start.finished)
    return len(now.view(None)["finished_games"]) != len(start.view(None)["finished_games"])


BOTS = GameBots(
    levels={"rules": RulesBot},
    # A Hydra game rolls out in about 0.5 ms: play it to its end, judge the match totals.
    # The budgets fill the levels' CPU targets at the 95th percentile with the compiled
    # core (0.5 s and 1.5 s: bench/bot_decisions.py --game hydra, docs/bots.md).
    rollouts={
        "strong": RolloutSettings(rollouts=600, stop=game_done),
        "expert": RolloutSettings(rollouts=1600, stop=game_done),
    },
    # Each iteration rolled out to the end of the current game and judged by the match
    # totals, as strong's rollouts are; guided by the sharper habits, which the tree
    # search gains from where the rollout levels do not (docs/bots.md, one seat among
    # rules seats: +3.48 match points a match, +1.87 guided by rules), and which put it
    # above rules in the anchor tournament for the first time.
    search=SearchSettings(iterations=200, stop=game_done, epsilon=0.0, guide=SharpRulesBot),
    evaluate=evaluate,
    # docs/bots.md: expert over strong is level in the anchor tournaments (0.490, 0.523
    # and 0.513 ahead over 200 matches each); per
    # decision its step is 1/20 of strong's over rules (bench/level_disagreement.py);
    # rolling out sharper habits (bench/hydra_sharp.py) was level with strong too, and
    # so was solving the last three tricks of every world (bench/hydra_endgame.py);
    # even the search seeing every card was not ahead of strong (bench/clairvoyance.py).
    unproven=frozenset({"expert"}),
)
"""Hydra's ladder: ``rules``, and the search levels tuned to it."""
