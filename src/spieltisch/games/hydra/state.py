"""A Hydra match: the deal, the phases of one game, and the series of games.

Sources: ``hydra.de.md`` (HY 1.x–3.4) and the rulings HY-R1..HY-R10. A state is a match:
``games`` games (option) with the dealer moving one seat clockwise (higher seat number)
after each completed game (HY 1.2.2); an Armut redeal repeats the game with the same
dealer (HY 2.2.5). The first dealer is the last seat, so seat 0 speaks first.

The phases of one game, each with its own module: declarations and the Antrag in
:mod:`.bidding`, trick play in :mod:`.play`, scoring in :mod:`.scoring`, views in
:mod:`.views`. This module holds the data, the deal and the moves between games.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import Any, Self

from mypy_extensions import mypyc_attr

from spieltisch.engine import (
    Event,
    Game,
    IllegalAction,
    InvalidNotation,
    Result,
    State,
    derive_rng,
    ranks_from_keys,
)

from . import bidding, play
from .actions import Say
from .cards import CQ, DECK, SQ, STANDARD, card_name, contract_name
from .phases import ANSWER, DECLARE, GIVE, HEALTHY, OVER, PLAY, SOLO, Phase
from .scoring import (
    Trick,
    healthy_parties,
    is_three_party,
    score_three,
    score_two,
    seat_points,
    without_resigners,
)
from .views import make_view


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Settings:
    """What the rules read from the options, made once by the game and handed to each
    state, so the rules never reach back into the game."""

    games: int
    """Games in a match; 0 is one per seat (a full round of dealers)."""
    second_h10_wins: bool
    """HY-R5 option: the second ♥10 beats the first, except in the last trick."""

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Settings:
        return cls(int(options["games"]), bool(options["second_h10_wins"]))

    def games_for(self, players: int) -> int:
        """Games in a match of ``players`` seats."""
        return self.games or players


_DRAWS: tuple[tuple[int, int, int], ...] = tuple(
    (i, i + 1, (i + 1).bit_length()) for i in range(len(DECK) - 1, 0, -1)
)
"""Fisher-Yates on the deck: each place from the last down, the bound of its draw and
the bound's bit length."""


def _shuffled_deck(rng: Random) -> list[int]:
    """The engine's ``shuffled(rng, list(DECK))``, card for card, with its
    ``randrange(i + 1)`` written as the rejection sampling it is (``getrandbits`` of
    the bound's bit length until below the bound): one Python call per draw instead of
    three, and a deal is made for every game of every rollout."""
    out = list(DECK)
    bits = rng.getrandbits
    for i, n, k in _DRAWS:
        j = bits(k)
        while j >= n:
            j = bits(k)
        out[i], out[j] = out[j], out[i]
    return out


_DEALS: dict[tuple[int, int, tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}
"""Deals made lately, by seed, deal number, seats and players. The rollouts from one
position all deal the same next game; a deal is a pure function of its key."""
_DEALS_KEPT = 1024


def deal_hands(seed: int, deal_no: int, seats: list[int], players: int) -> list[list[int]]:
    """HY 2.1: shuffle, then 3-4-3 cards to each playing seat from the one after the
    dealer (HY 2.1.2): seat ``i`` of ``k`` gets three from ``3i``, four from ``3k + 4i``
    and three from ``7k + 3i``."""
    key = (seed, deal_no, tuple(seats), players)
    dealt = _DEALS.get(key)
    if dealt is None:
        deck = _shuffled_deck(derive_rng(seed, "hydra-deal", deal_no))
        hands: list[tuple[int, ...]] = [()] * players
        k = len(seats)
        second, third = 3 * k, 7 * k
        for i, s in enumerate(seats):
            hands[s] = tuple(
                sorted(
                    deck[3 * i : 3 * i + 3]
                    + deck[second + 4 * i : second + 4 * i + 4]
                    + deck[third + 3 * i : third + 3 * i + 3]
                )
            )
        if len(_DEALS) >= _DEALS_KEPT:
            _DEALS.clear()
        dealt = _DEALS[key] = tuple(hands)
    return [list(h) for h in dealt]


class HydraState(State):
    """One Hydra match in progress."""

    __slots__ = (
        "contract",
        "count",
        "deal_no",
        "dealer",
        "declarer",
        "declined",
        "finished",
        "game_no",
        "given",
        "hands",
        "kind",
        "laid",
        "nxt",
        "partner",
        "party",
        "phase",
        "points",
        "queens",
        "redeals",
        "said",
        "seats",
        "settings",
        "spec",
        "totals",
        "trick",
        "tricks",
        "turn",
    )

    def __init__(
        self, game: Game, players: int, seed: int, settings: Settings, *, deal: bool = True
    ) -> None:
        """A new match, dealt; ``deal=False`` leaves it empty for :meth:`restore` to fill
        (a sampled world would otherwise shuffle a deck only to throw it away)."""
        super().__init__(game, players, seed)
        self.settings = settings
        if not deal:
            return
        self.game_no = 0
        """Games completed so far in the match (an Armut redeal is not a game)."""
        self.deal_no = 0
        """Deals so far, redeals included: the label of the next deal's shuffle."""
        self.dealer = players - 1
        self.totals = [0] * players
        self.finished: list[dict[str, Any]] = []
        self._start_game()

    @property
    def games_in_match(self) -> int:
        return self.settings.games_for(self.players)

    # -- one game --------------------------------------------------------------------------
    def _start_game(self) -> None:
        self._start_game_seats()
        self.redeals: list[int] = []
        """Seats that called Armut in this game, in order (public)."""
        self._deal()

    def _deal(self) -> None:
        self.hands = deal_hands(self.seed, self.deal_no, self.seats, self.players)
        self.deal_no += 1
        self.phase = DECLARE
        self.turn = self.seats[0]
        self.said: list[str | None] = [None] * self.players
        """Morbus / Valeo per seat (HY 2.2.2)."""
        self.spec: list[str | None] = [None] * self.players
        """Solo / Antrag per Morbus seat (HY 2.3.4)."""
        self.kind: str | None = None
        self.contract = STANDARD
        self.declarer = -1
        """Soloist or Antragsteller."""
        self.partner = -1
        """Antragnehmer."""
        self.laid: list[int] = []
        """The Antrag's cards: two queens (face down), then the face-up card."""
        self.declined: list[int] = []
        self.given: list[int] = []
        """Cards the Antragnehmer gave back (secret to the others)."""
        self.party = [-1] * self.players
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[Trick] = []
        self.points = [0] * self.players
        self.count = [0] * self.players
        self.queens: list[list[int]] = [[] for _ in range(self.players)]
        """Black queens each seat has played this game, in order: what shows a healthy
        game's parties (kept as the cards are played, for the bots' rollouts)."""

    def redeal(self) -> None:
        """HY 2.2.5: same dealer, new cards, declarations from the start."""
        self._deal()

    def start_play(self, kind: str) -> None:
        """Fix the parties (HY 2.4) and let the player after the dealer lead (HY-R5)."""
        self.kind = kind
        if kind == HEALTHY:
            self.party = healthy_parties(self.hands, self.seats, self.players)
        else:
            for s in self.seats:
                self.party[s] = 0 if s in (self.declarer, self.partner) else 1
        self.phase = PLAY
        self.turn = self.seats[0]

    def finish_game(self) -> list[Event]:
        """Score the game (HY-R7..R9), add it to the match, deal the next one or end."""
        tally = (self.points, self.count)
        if self.kind == HEALTHY and is_three_party(self.party):
            score = score_three(self.party, self.tricks, contract=self.contract, tally=tally)
        else:
            score = score_two(
                self.party,
                self.tricks,
                solo=self.kind == SOLO,
                contract=self.contract,
                tally=tally,
            )
        for s in range(self.players):
            self.totals[s] += score["settlement"][s]
        summary: dict[str, Any] = {
            "game": self.game_no + 1,
            "dealer": self.dealer,
            "redeals": list(self.redeals),
            "kind": self.kind,
            "contract": contract_name(self.contract) if self.kind == SOLO else None,
            "declarer": self.declarer if self.declarer >= 0 else None,
            "partner": self.partner if self.partner >= 0 else None,
            "party": list(self.party),
            "seat_points": list(self.points),
            **score,
            "totals": list(self.totals),
        }
        self.finished.append(summary)
        self.game_no += 1
        events: list[Event] = [{"type": "game_end", **summary}]
        if self.game_no >= self.games_in_match:
            self.phase = OVER
            self.turn = -1
            result = self.result()
            assert result is not None
            events.append({"type": "match_end", **result.to_json()})
        else:
            self.dealer = (self.dealer + 1) % self.players
            self._start_game()
            events.append({"type": "game_start", "game": self.game_no + 1, "dealer": self.dealer})
        return events

    # -- the contract ----------------------------------------------------------------------
    def active_seats(self) -> tuple[int, ...]:
        return () if self.phase is OVER else (self.turn,)

    def _is_over(self) -> bool:
        return self.phase is OVER

    def is_over(self) -> bool:
        """As the engine's, read straight from the phase: asked before every move."""
        return self.phase is OVER or (bool(self.resigned) and self._resigned_out())

    def legal_actions(self, seat: int) -> list[Any]:
        phase = self.phase
        if phase is OVER or seat != self.turn:
            return []
        if phase is PLAY:
            return play.legal(self, seat)
        return bidding.legal(self, seat)

    def _inactive_refusal(self, seat: int, action: Any) -> IllegalAction:
        """Armut after one's own Morbus or Valeo breaks HY 2.2.4, not the turn order."""
        spoken = self.said[seat] is not None or self.phase != DECLARE
        if (
            isinstance(action, Say)
            and action.word == "armut"
            and seat in self.seats
            and self.phase != OVER
            and spoken
        ):
            return bidding.too_late_for_armut()
        return super()._inactive_refusal(seat, action)

    def _refusal(self, seat: int, action: Any) -> IllegalAction | None:
        if self.phase is PLAY:
            return play.refusal(self, seat, action)
        return bidding.refusal(self, seat, action)

    def _play(self, seat: int, action: Any) -> list[Event]:
        if self.phase is PLAY:
            return play.play(self, seat, action)
        return bidding.play(self, seat, action)

    def _end_by_resignation(self) -> None:
        """HY-R11: the match ends with the resignation; no seat is to play any more."""
        self.phase = OVER

    def _result(self) -> Result | None:
        if self.phase != OVER:
            return None
        return self._match_result("match_complete")

    def _resignation_result(self) -> Result:
        """HY-R12: the match ended by resignation in match points, resigners winning
        nothing; the seat left ranks first."""
        return self._match_result("resigned")

    def _match_result(self, reason: str) -> Result:
        points = without_resigners(self.totals, self.resigned)
        details: dict[str, Any] = {"games": list(self.finished), "totals": list(self.totals)}
        if self.resigned:
            details["resigned"] = list(self.resigned)
        return Result(
            scores=tuple(float(t) for t in points),
            ranks=ranks_from_keys(
                [(0.0 if s in self.resigned else 1.0, float(t)) for s, t in enumerate(points)]
            ),
            reason=reason,
            details=details,
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        return make_view(self, seat)

    # -- serialisation ---------------------------------------------------------------------
    def clone(self) -> Self:
        """A field-by-field copy, several times faster than the engine's pickle round trip.

        Every list the rules change in place is copied; what they only ever replace or
        never change is shared: the rule set and settings, the record's actions, the
        played tricks (tuples), the finished games' summaries, ``seats`` and ``nxt``.
        """
        copy = type(self).__new__(type(self))  # no __init__: every field is set below
        copy.game = self.game
        copy.players = self.players
        copy.seed = self.seed
        copy.origin = self.origin
        copy._actions = list(self._actions)
        copy.resigned = self.resigned
        copy.settings = self.settings
        copy.game_no = self.game_no
        copy.deal_no = self.deal_no
        copy.dealer = self.dealer
        copy.totals = list(self.totals)
        copy.finished = list(self.finished)
        copy.seats = self.seats
        copy.nxt = self.nxt
        copy.redeals = list(self.redeals)
        copy.hands = [list(h) for h in self.hands]
        copy.phase = self.phase
        copy.turn = self.turn
        copy.said = list(self.said)
        copy.spec = list(self.spec)
        copy.kind = self.kind
        copy.contract = self.contract
        copy.declarer = self.declarer
        copy.partner = self.partner
        copy.laid = list(self.laid)
        copy.declined = list(self.declined)
        copy.given = list(self.given)
        copy.party = list(self.party)
        copy.trick = list(self.trick)
        copy.tricks = list(self.tricks)
        copy.points = list(self.points)
        copy.count = list(self.count)
        copy.queens = [list(q) for q in self.queens]
        return copy

    def _dump(self) -> dict[str, Any]:
        return {
            "game_no": self.game_no,
            "deal_no": self.deal_no,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "finished": list(self.finished),
            "redeals": list(self.redeals),
            "hands": [list(h) for h in self.hands],
            "phase": self.phase,
            "turn": self.turn,
            "said": list(self.said),
            "spec": list(self.spec),
            "kind": self.kind,
            "contract": self.contract,
            "declarer": self.declarer,
            "partner": self.partner,
            "laid": list(self.laid),
            "declined": list(self.declined),
            "given": list(self.given),
            "party": list(self.party),
            "trick": [list(p) for p in self.trick],
            "tricks": [[w, [list(p) for p in cards]] for w, cards in self.tricks],
        }

    def restore(self, data: dict[str, Any]) -> None:
        """Fill from ``_dump()`` (also used by ``sample_state``)."""
        n = self.players
        self.game_no = int(data["game_no"])
        self.deal_no = int(data["deal_no"])
        self.dealer = int(data["dealer"])
        if not 0 <= self.dealer < n:
            raise ValueError(f"dealer {self.dealer} is not a seat")
        self.totals = [int(t) for t in data["totals"]]
        self.finished = [dict(g) for g in data["finished"]]
        self._start_game_seats()
        self.redeals = [int(s) for s in data["redeals"]]
        self.hands = [sorted(int(c) for c in h) for h in data["hands"]]
        if len(self.hands) != n or len(self.totals) != n:
            raise ValueError("one hand and one total per seat")
        self.phase = Phase(data["phase"])
        self.turn = int(data["turn"])
        self.said = [None if w is None else str(w) for w in data["said"]]
        self.spec = [None if w is None else str(w) for w in data["spec"]]
        self.kind = None if data["kind"] is None else str(data["kind"])
        self.contract = int(data["contract"])
        self.declarer = int(data["declarer"])
        self.partner = int(data["partner"])
        self.laid = [int(c) for c in data["laid"]]
        self.declined = [int(s) for s in data["declined"]]
        self.given = [int(c) for c in data["given"]]
        self.party = [int(p) for p in data["party"]]
        self.trick = [(int(s), int(c)) for s, c in data["trick"]]
        self.tricks = [
            (int(w), tuple((int(s), int(c)) for s, c in cards)) for w, cards in data["tricks"]
        ]
        self.points, self.count = seat_points(self.tricks, n)
        self.queens = [[] for _ in range(n)]
        for _, cards in self.tricks:
            for s, c in cards:
                if c in (SQ, CQ):
                    self.queens[s].append(c)
        for s, c in self.trick:
            if c in (SQ, CQ):
                self.queens[s].append(c)
        self._check_cards()

    def _check_cards(self) -> None:
        """Refuse a restored state that does not hold the 50 cards exactly once each
        (HY 2.1.1), or whose turn is not a playing seat.

        :raises InvalidNotation: naming the count or the card at fault.
        """
        cards = [c for h in self.hands for c in h]
        cards += [c for _, c in self.trick]
        cards += [c for _, trick in self.tricks for _, c in trick]
        if self.phase == ANSWER:
            cards += self.laid
        if self.phase == GIVE:
            cards += self.given
        if len(cards) != len(DECK):
            raise InvalidNotation(
                f"{len(cards)} cards in hands, Antrag and tricks: Hydra is played with "
                f"{len(DECK)} (HY 2.1.1)"
            )
        if sorted(cards) != list(DECK):
            extra = sorted({c for c in cards if cards.count(c) > 2})
            raise InvalidNotation(
                "a card more often than the deck has it: "
                + ", ".join(card_name(c) for c in extra)
                + " (each card is in the deck twice, HY 2.1.1)"
            )
        if self.phase != OVER and self.turn not in self.seats:
            raise InvalidNotation(f"seat {self.turn} is not a playing seat of this game")

    def _start_game_seats(self) -> None:
        """Playing seats in speaking order, from the one after the dealer (HY-R10)."""
        n = self.players
        order = [(self.dealer + i) % n for i in range(1, n + 1)]
        self.seats = [s for s in order if n < 6 or s != self.dealer]
        self.nxt = [-1] * n
        for i, s in enumerate(self.seats):
            self.nxt[s] = self.seats[(i + 1) % len(self.seats)]
