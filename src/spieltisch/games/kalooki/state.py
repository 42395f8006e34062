"""Kalooki's turn rules: draw, melds / builds / swaps, discard; deals and their end.

Sources: ``kalooki.de.txt`` and the rulings KA-R1..KA-R8, plus rulings of our own where the
document is silent (KA-R9, KA-R10; see ``docs/rules/kalooki.md``). A turn is a draw, any
number of melds, builds and joker swaps, then a discard; each is one action.

The opening (KA-R3) is checked over the whole turn: melds an unopened player lays are
*tentative* and add up; the moment the turn's new melds (with cards built onto them this
turn) reach 51 the player has opened, and may build and swap on any meld from then on. If
he discards with tentative melds worth less than 51, they go back into his hand before the
discard (KA-R10), visible to all, so every action stays atomic and no turn can get stuck.

Other guards that keep every turn finishable: an action must leave at least one card the
player may discard (not the card just taken from the pile, KA-R4, nor a freed joker,
KA-R5), and a freed joker must still have a place on the table to go (KA-R5).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from mypy_extensions import mypyc_attr

from spieltisch.engine import Event, Game, IllegalAction, Result, State, derive_rng
from spieltisch.engine.rng import shuffled

from .actions import Build, Discard, Draw, Meld, Swap
from .cards import (
    COPIES,
    FACES,
    HAND_SIZE,
    JOKER,
    face_name,
    face_of,
    faces_of,
    full_deck,
    suit_of,
)
from .legal import legal_actions as _legal_actions
from .limits import NO_RESTOCK_LIMIT
from .limits import OPENING as OPENING  # re-exported, as before
from .limits import STALL_TURNS as STALL_TURNS  # re-exported beside OPENING
from .melds import JOKER_TOKEN, TableMeld, card_of, classify, token_name
from .meldsearch import has_joker_pair
from .phases import DRAW, OVER, PLAY
from .phases import PHASE_NAMES as PHASE_NAMES  # re-exported, as before
from .phases import Phase as Phase  # re-exported, as before
from .scoring import (
    CLUB_LIMIT,
    club_eliminated,
    club_result,
    deal_penalties,
    resigned_out_result,
    ring_result,
)
from .views import dump, view_of

RESIGN_RULE = "KA-R12"
"""Cited when a resignation is refused (a club player who is out already)."""


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Settings:
    """What the rules read from the options (KA-R8), made once by the game and handed to
    each state, so the rules never reach back into the game."""

    format: str
    """``ring`` (one deal per pot) or ``club`` (deals until one player is left)."""
    stake: int
    """Each player's stake in the pot."""
    first_dealer: int = -1
    """KA-R1 option: the seat that deals first; -1 (the default) is the last seat."""
    restock_limit: int = NO_RESTOCK_LIMIT
    """KA-R9 option: the stock is turned over at most this many times, and a deal whose
    stock runs out once more ends without a winner; 0 (the default) turns it over as often
    as it runs out, as the document says."""

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Settings:
        return cls(
            str(options["format"]),
            int(options["stake"]),
            int(options.get("first_dealer", -1)),
            int(options.get("restock_limit", NO_RESTOCK_LIMIT)),
        )


TURN = "KA §Zug"


_ONE_SEAT = tuple((s,) for s in range(16))
"""``(seat,)`` made once: ``active_seats`` is asked on every step."""


class KalookiState(State):
    """A Kalooki game: one deal (ring game) or deals until one player is left (club)."""

    __slots__ = (
        "alive",
        "deal_no",
        "dealer",
        "deals",
        "freed",
        "hands",
        "idle",
        "known",
        "locked",
        "melds",
        "new_from",
        "opened",
        "opened_start",
        "phase",
        "pile",
        "reason",
        "restocks",
        "settings",
        "sizes",
        "stock",
        "taken",
        "to_move",
        "totals",
        "touched",
        "turn_value",
        "turns",
    )

    def __init__(self, game: Game, players: int, seed: int, settings: Settings) -> None:
        super().__init__(game, players, seed)
        self.settings = settings
        self.alive = [True] * players
        """Club format: seats still in the game."""
        self.totals = [0] * players
        """Club format: penalty points over all deals so far."""
        self.deals: list[dict[str, Any]] = []
        """A summary of every finished deal (hands are shown at the end of a deal)."""
        self.reason = ""
        self.deal_no = 0
        first = settings.first_dealer
        self.dealer = first if 0 <= first < players else players - 1
        """The first dealer: by default the last seat, so seat 0 plays first (KA-R1)."""
        self._deal()

    # -- dealing (KA-R1) -----------------------------------------------------------------
    def _deal(self) -> None:
        n = self.players
        deck = shuffled(derive_rng(self.seed, "kalooki-deal", self.deal_no), full_deck())
        self.hands = [[0] * FACES for _ in range(n)]
        order = self._order_from(self.dealer)
        for _ in range(HAND_SIZE):
            for s in order:
                self.hands[s][deck.pop()] += 1
        self.sizes = [HAND_SIZE if self.alive[s] else 0 for s in range(n)]
        self.pile = [deck.pop()]
        """Discard pile, bottom to top; every card in it was seen by everyone."""
        self.stock = deck
        """Stock, bottom to top."""
        self.melds: list[TableMeld] = []
        self.opened = [False] * n
        self.known = [[0] * FACES for _ in range(n)]
        """Per seat, cards everyone knows he holds: taken from the pile, returned from a
        failed opening (KA-R10) or a freed joker."""
        self.restocks = 0
        self.turns = 0
        self.idle = 0
        """Turns in a row that left nothing new on the table (the KA-R9 safeguard)."""
        self.to_move = order[0]
        self._start_turn()

    def _order_from(self, seat: int) -> list[int]:
        """Seats still in the game, clockwise, starting left of ``seat``."""
        n = self.players
        return [(seat + i) % n for i in range(1, n + 1) if self.alive[(seat + i) % n]]

    def _next_seat(self, seat: int) -> int:
        """The first seat still in the game left of ``seat`` (``_order_from(seat)[0]``)."""
        n = self.players
        alive = self.alive
        for i in range(1, n + 1):
            s = (seat + i) % n
            if alive[s]:
                return s
        raise IndexError("no seat is left in the game")

    def _start_turn(self) -> None:
        self.phase = DRAW
        self.taken = -1
        """Face taken from the discard pile this turn, or -1."""
        self.locked = False
        """Whether the taken card is still in hand (it may not be discarded, KA-R4)."""
        self.freed = 0
        """Freed jokers in hand that must be melded before the discard (KA-R5)."""
        self.new_from = len(self.melds)
        """Index of the first meld laid this turn."""
        self.turn_value = 0
        """Opening value of the new melds of this turn (KA-R3)."""
        self.touched = False
        """Whether this turn built or swapped on a meld of an earlier turn (KA-R6)."""
        self.opened_start = self.opened[self.to_move]

    # -- copying -------------------------------------------------------------------------
    def clone(self) -> Self:
        """An independent copy, field by field: a search copies a world for every rollout,
        and this is several times cheaper than the engine's pickle round trip. Immutable
        parts (the rule set, the settings, the record's actions) are shared."""
        copy = type(self).__new__(type(self))  # no __init__: every field is set below
        copy.game = self.game
        copy.players = self.players
        copy.seed = self.seed
        copy.origin = self.origin
        copy._actions = list(self._actions)
        copy.resigned = self.resigned
        copy.settings = self.settings
        copy.alive = list(self.alive)
        copy.totals = list(self.totals)
        copy.deals = [dict(d) for d in self.deals]
        copy.reason = self.reason
        copy.deal_no = self.deal_no
        copy.dealer = self.dealer
        copy.hands = [list(h) for h in self.hands]
        copy.sizes = list(self.sizes)
        copy.pile = list(self.pile)
        copy.stock = list(self.stock)
        copy.melds = [m.copy() for m in self.melds]
        copy.opened = list(self.opened)
        copy.known = [list(k) for k in self.known]
        copy.restocks = self.restocks
        copy.turns = self.turns
        copy.idle = self.idle
        copy.to_move = self.to_move
        copy.phase = self.phase
        copy.taken = self.taken
        copy.locked = self.locked
        copy.freed = self.freed
        copy.new_from = self.new_from
        copy.turn_value = self.turn_value
        copy.touched = self.touched
        copy.opened_start = self.opened_start
        return copy

    # -- the contract --------------------------------------------------------------------
    def active_seats(self) -> tuple[int, ...]:
        return () if self.phase == OVER else _ONE_SEAT[self.to_move]

    def _is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, seat: int) -> list[Any]:
        """Every legal action, complete and bounded (see :mod:`.legal`)."""
        return _legal_actions(self, seat)

    # -- validation: every refusal names its rule ----------------------------------------
    def _refusal(self, seat: int, a: Any) -> IllegalAction | None:
        """Why ``a`` is illegal for ``seat`` now, or None. Never changes the state."""
        # Fast paths for the commonest actions when they are legal; any doubt takes the
        # full checks below, which name the rule.
        kind = type(a)
        if kind is Discard and self.phase == PLAY and not self.freed:
            f = a.face
            if 0 <= f < FACES:
                n = self.hands[seat][f]
                if n and (n > 1 or not self.locked or f != self.taken):
                    return None
        elif kind is Draw and self.phase == DRAW and (self.pile if a.discard else self.stock):
            return None
        if isinstance(a, Draw):
            if self.phase != DRAW:
                return IllegalAction(TURN, f"{a}: you have drawn already this turn")
            if a.discard and not self.pile:
                return IllegalAction("KA-R4", f"{a}: the discard pile is empty")
            if not a.discard and not self.stock:
                return IllegalAction(
                    "KA-R4", f"{a}: the stock is empty and cannot be turned over yet"
                )
            return None
        if self.phase != PLAY:
            return IllegalAction(TURN, f"{a}: draw a card first")
        hand = self.hands[seat]
        if isinstance(a, Discard):
            f = a.face
            if self.freed:
                return IllegalAction(
                    "KA-R5", f"{a}: meld the freed joker first (it must be used this turn)"
                )
            if not 0 <= f < FACES or not hand[f]:
                return IllegalAction(TURN, f"{a}: you do not hold {face_name(f)}")
            if self.locked and f == self.taken and hand[f] == 1:
                return IllegalAction(
                    "KA-R4", f"{a}: you took {face_name(f)} from the discard pile this turn"
                )
            return None
        if isinstance(a, Meld):
            shape = classify(a.tokens)
            if isinstance(shape, str):
                return IllegalAction("KA-R2", f"{a}: {shape}")
            used = [card_of(t) for t in a.tokens]
            m = TableMeld.laid(seat, a.tokens)
            return self._hand_refusal(seat, a, used, 0, m.capacity())
        if isinstance(a, Build | Swap):
            if not 0 <= a.meld < len(self.melds):
                return IllegalAction("KA §Bauen", f"{a}: there is no meld {a.meld + 1}")
            m = self.melds[a.meld]
            if not self.opened[seat] and (isinstance(a, Swap) or a.meld < self.new_from):
                return IllegalAction(
                    "KA-R3",
                    f"{a}: building on the table and swapping jokers come only after your "
                    f"opening of {OPENING} (this turn you have {self.turn_value})",
                )
            if isinstance(a, Build):
                why = m.build_refusal(a.token)
                if why:
                    return IllegalAction(why[0], f"{a}: {why[1]}")
                return self._hand_refusal(seat, a, [card_of(a.token)], 0, -1)
            why = m.swap_refusal(a.faces)
            if why:
                return IllegalAction(why[0], f"{a}: {why[1]}")
            return self._hand_refusal(seat, a, list(a.faces), 1, 0 if m.is_run else -1)
        return IllegalAction(TURN, f"{a!r} is not a Kalooki action")

    def _hand_refusal(
        self, seat: int, a: Any, used: list[int], gained: int, cap_delta: int
    ) -> IllegalAction | None:
        """Checks on the hand after laying ``used`` and taking ``gained`` jokers back."""
        hand = self.hands[seat]
        for f in set(used):
            if hand[f] < used.count(f):
                return IllegalAction(TURN, f"{a}: you do not hold {face_name(f)}")
        left = self.sizes[seat] - len(used) + gained
        jokers_used = used.count(JOKER)
        freed = max(0, self.freed + gained - jokers_used)
        locked = self.locked and self.taken not in used
        if left - locked - freed < 1:
            return IllegalAction(
                "KA-R6",
                f"{a}: you must keep a card you may discard (going out needs a discard; "
                "not the card just taken, KA-R4, nor a freed joker, KA-R5)",
            )
        if freed and sum(m.capacity() for m in self.melds) + cap_delta < freed:
            after = list(hand)
            for f in used:
                after[f] -= 1
            if left - locked - freed - 2 < 1 or not has_joker_pair(after):
                return IllegalAction("KA-R5", f"{a}: the freed joker would have nowhere to go")
        return None

    # -- applying ------------------------------------------------------------------------
    def _play(self, seat: int, action: Any) -> list[Event]:
        kind = type(action)
        if kind is Discard:
            return self._discard(seat, action.face)
        if isinstance(action, Draw):
            return self._draw(seat, action.discard)
        if isinstance(action, Meld):
            return self._meld(seat, action)
        if isinstance(action, Build):
            return self._build(seat, action)
        if isinstance(action, Swap):
            return self._swap(seat, action)
        return self._discard(seat, action.face)

    def _draw(self, seat: int, discard: bool) -> list[Event]:
        if discard:
            face = self.pile.pop()
            self.taken = face
            self.locked = True
            self.known[seat][face] += 1
        else:
            face = self.stock.pop()
        self.hands[seat][face] += 1
        self.sizes[seat] += 1
        self.phase = PLAY
        event: Event = {"type": "draw", "seat": seat, "from": "discard" if discard else "stock"}
        if discard:
            event["card"] = face_name(face)
        return [event]

    def _take_out(self, seat: int, cards: list[int]) -> None:
        hand, known = self.hands[seat], self.known[seat]
        for c in cards:
            hand[c] -= 1
            if known[c] > hand[c]:
                known[c] = hand[c]
        self.sizes[seat] -= len(cards)
        if self.locked and self.taken in cards:
            self.locked = False  # the card just taken is laid first
        self.freed = max(0, self.freed - cards.count(JOKER))

    def _count_opening(self, seat: int, gain: int) -> list[Event]:
        if self.opened[seat]:
            return []
        self.turn_value += gain
        if self.turn_value < OPENING:
            return []
        self.opened[seat] = True
        return [{"type": "opened", "seat": seat, "value": self.turn_value}]

    def _meld(self, seat: int, a: Meld) -> list[Event]:
        self._take_out(seat, [card_of(t) for t in a.tokens])
        meld = TableMeld.laid(seat, a.tokens)
        self.melds.append(meld)
        event: Event = {"type": "meld", "seat": seat, "meld": len(self.melds), "cards": str(meld)}
        return [event, *self._count_opening(seat, meld.value())]

    def _build(self, seat: int, a: Build) -> list[Event]:
        m = self.melds[a.meld]
        self._take_out(seat, [card_of(a.token)])
        before = m.value()
        m.build(a.token)
        if a.meld < self.new_from:
            self.touched = True
        event: Event = {
            "type": "build",
            "seat": seat,
            "meld": a.meld + 1,
            "card": token_name(a.token),
        }
        return [event, *self._count_opening(seat, m.value() - before)]

    def _swap(self, seat: int, a: Swap) -> list[Event]:
        m = self.melds[a.meld]
        self._take_out(seat, list(a.faces))
        m.swap(a.faces)
        self.hands[seat][JOKER] += 1
        self.known[seat][JOKER] += 1
        self.sizes[seat] += 1
        self.freed += 1
        if a.meld < self.new_from:
            self.touched = True
        return [{"type": "swap", "seat": seat, "meld": a.meld + 1, "cards": [str(m)]}]

    def _discard(self, seat: int, face: int) -> list[Event]:
        events: list[Event] = []
        if not self.opened[seat] and len(self.melds) > self.new_from:
            back = [card_of(t) for m in self.melds[self.new_from :] for t in m.tokens]
            for c in back:
                self.hands[seat][c] += 1
                self.known[seat][c] += 1
            self.sizes[seat] += len(back)
            del self.melds[self.new_from :]
            events.append(
                {
                    "type": "opening_failed",
                    "seat": seat,
                    "value": self.turn_value,
                    "cards": [face_name(c) for c in back],
                }
            )
        hand, known = self.hands[seat], self.known[seat]
        hand[face] -= 1
        known[face] = min(known[face], hand[face])
        self.sizes[seat] -= 1
        self.pile.append(face)
        events.append({"type": "discard", "seat": seat, "card": face_name(face)})
        if self.sizes[seat] == 0:
            kalooki = not self.opened_start and not self.touched
            events.extend(self._end_deal(seat, kalooki, "kalooki" if kalooki else "out"))
            return events
        self.turns += 1
        laid = self.opened[seat] and (len(self.melds) > self.new_from or self.touched)
        self.idle = 0 if laid else self.idle + 1
        if not self.stock:
            limit = self.settings.restock_limit
            if limit and self.restocks >= limit:
                return events + self._end_deal(None, False, "exhausted", "restock_limit")
            if len(self.pile) > 1:
                self.stock = self.pile[-2::-1]
                self.pile = self.pile[-1:]
                self.restocks += 1
                events.append({"type": "restock", "stock": len(self.stock)})
        if self.idle and self._dead():
            return events + self._end_deal(None, False, "exhausted", "dead")
        if self.idle >= STALL_TURNS:
            return events + self._end_deal(None, False, "exhausted", "stalled")
        self.to_move = self._next_seat(seat)
        self._start_turn()
        return events

    def _dead(self) -> bool:
        """KA-R9: nobody can ever lay a card again, so nobody can go out. Every hand holds at
        most two cards after its discard (a new meld needs three and a discard besides), no
        table meld can take a card that is still off the table (both copies of every card
        it could take are on the table already, and so are both jokers), and no run holds a
        joker to swap: the table stays as it is."""
        if max(self.sizes) > 2:
            return False
        on_table = [0] * FACES
        for m in self.melds:
            for t in m.tokens:
                on_table[card_of(t)] += 1
        for m in self.melds:
            if m.is_run and any(t >= JOKER_TOKEN for t in m.tokens):
                return False
            if m.capacity() and any(on_table[f] < COPIES for f in _takes(m)):
                return False
        return True

    # -- the end of a deal and of the game -----------------------------------------------
    def _end_deal(
        self, winner: int | None, kalooki: bool, how: str, no_winner: str = ""
    ) -> list[Event]:
        """End the deal; ``no_winner`` says which KA-R9 end it was when nobody went out
        (``dead``, ``stalled`` or ``restock_limit``)."""
        pens = deal_penalties(self.hands, self.alive, winner, kalooki)
        summary: dict[str, Any] = {
            "deal": self.deal_no + 1,
            "winner": winner,
            "how": how,
            "penalties": pens,
            "hands": [[face_name(f) for f in faces_of(h)] for h in self.hands],
        }
        if no_winner:
            summary["no_winner"] = no_winner
        self.deals.append(summary)
        events: list[Event] = [{"type": "deal_end", **summary}]
        if self.settings.format == "ring":
            self.phase = OVER
            self.reason = how
            return events
        for s in range(self.players):
            self.totals[s] += pens[s]
        alive = [s for s in range(self.players) if self.alive[s]]
        out = club_eliminated(self.totals, self.alive)
        if len(out) == len(alive):
            # KA-R8 option: everybody passed at once, so the lowest total(s) stay in.
            low = min(self.totals[s] for s in out)
            out = [s for s in out if self.totals[s] > low]
        for s in out:
            self.alive[s] = False
        summary["eliminated"] = out
        remaining = [s for s in alive if s not in out]
        if self._resigned_out():
            # KA-R12: the limit put out the last player but one who had not resigned.
            self.phase = OVER
            self.reason = "decided"
            return events
        if len(remaining) <= 1 or all(self.totals[s] > CLUB_LIMIT for s in remaining):
            self.phase = OVER
            self.reason = "last_player" if len(remaining) == 1 else "shared"
            return events
        self.deal_no += 1
        self.dealer = self._order_from(self.dealer)[0]
        self._deal()
        events.append({"type": "deal_start", "deal": self.deal_no + 1, "dealer": self.dealer})
        return events

    def _end_by_resignation(self) -> None:
        """KA-R11: the game ends with the resignation; no seat is to move any more."""
        self.phase = OVER
        self.reason = "resigned"

    def _result(self) -> Result | None:
        if self.phase != OVER:
            return None
        stake = float(self.settings.stake)
        if self.settings.format == "ring":
            return ring_result(self.deals[-1], stake, self.reason, self.resigned)
        return club_result(self.deals, self.alive, self.totals, stake, self.reason, self.resigned)

    # -- resigning (KA-R11, KA-R12) ------------------------------------------------------
    def _resign_refusal(self, seat: int) -> IllegalAction | None:
        if not self.alive[seat]:
            return IllegalAction(
                RESIGN_RULE,
                f"seat {seat} is out of the club game already (over {CLUB_LIMIT} points); "
                "its place is fixed and it cannot resign",
            )
        return None

    def _resigned_out(self) -> bool:
        """KA-R12: the game is decided once at most one player who is still in the game
        (club: not out by the limit) has not resigned."""
        if not self.resigned:
            return False
        left = sum(1 for s in range(self.players) if self.alive[s] and s not in self.resigned)
        return left <= 1

    def _resignation_result(self) -> Result:
        details: dict[str, Any] = {"deals": len(self.deals)}
        if self.settings.format == "club":
            details["totals"] = list(self.totals)
        stake = float(self.settings.stake)
        return resigned_out_result(self.alive, self.resigned, stake, details, self.reason)

    # -- views and serialisation (in views.py) -------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """Own hand, table, pile, sizes and public knowledge; never other hands or the
        stock order (see :mod:`.views`)."""
        return view_of(self, seat)

    def _dump(self) -> dict[str, Any]:
        return dump(self)


def _takes(meld: TableMeld) -> list[int]:
    """Every card that could still be built onto ``meld`` (KA-R2), the joker included: a
    run's ends, or a set's rank in each suit no natural card of it shows."""
    if meld.is_run:
        return [*meld.build_ends(), JOKER]
    naturals = {suit_of(t) for t in meld.tokens if t < JOKER_TOKEN}
    return [face_of(s, meld.key) for s in range(4) if s not in naturals] + [JOKER]
