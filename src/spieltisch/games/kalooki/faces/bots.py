"""Kalooki's bots: a rules-based bot built on the document's strategy tips and the meld
search, and the ladder built on it (``BOTS``).

It plans from its view only (own hand, table, pile, the cards others are known to hold):

* draw from the stock unless the pile's top card joins a meld of the best arrangement of
  the hand (or builds on the table once opened) — "draw from the stock early";
* open as soon as the best opening reaches 51 ("keep high groups"; "lay down quickly once
  everyone else has opened"), unless Kalooki is within reach (at most one loose card)
  while some opponent has not opened yet;
* once opened: free jokers by swaps, lay the lowest-penalty arrangement, build loose cards
  on the table;
* discard the card that leaves the least penalty after the best arrangement, avoiding
  cards that build on table melds or fit what opponents picked up ("don't feed them"),
  and never a joker while another card will do;
* once ``STUCK_TURNS`` turns in a row have laid nothing, break the cycle (KA-R9): see
  ``_unstick``.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from operator import mul
from typing import Any, Final, NamedTuple

from spieltisch.bots import Bot, GameBots, Plan, RolloutSettings, SearchSettings
from spieltisch.bots.ismcts import Rewards, order_rewards
from spieltisch.engine import State, View

from ..actions import Build, Discard, Draw, Meld, Swap, parse_action
from ..cards import FACES, JOKER, PENALTY, counts_of, parse_face
from ..melds import JOKER_TOKEN, card_of, parse_token
from ..meldsearch import (
    Searcher,
    best_opening,
    min_penalty,
    opening_weight,
    penalty_weight,
    shared_searcher,
)
from ..phases import DRAW
from ..state import KalookiState
from .evaluator import hand_evaluate

STUCK_TURNS: Final = 60
"""Turns in a row without laying after which the rules bot discards to break a cycle
instead of to keep its penalty low. Normal deals of ``rules`` bots rarely go this long
(their longest such stretch in 500 seeded deals per player count is 37–87 turns,
``bench/kalooki_stalls.py``), so normal play is unchanged; the KA-R9 safeguard (300) leaves
the cycle-breaking discards 240 more turns."""


def _weight(meld: tuple[int, ...]) -> int:
    """Penalty a meld takes out of the hand, a little less for a joker in a set: jokers
    belong in runs, where opponents rarely hold the card to swap them out (strategy tips)."""
    w = penalty_weight(meld)
    first = meld[0] - JOKER_TOKEN if meld[0] >= JOKER_TOKEN else meld[0]
    second = meld[1] - JOKER_TOKEN if meld[1] >= JOKER_TOKEN else meld[1]
    if first % 13 == second % 13 and any(t >= JOKER_TOKEN for t in meld):
        w -= 3
    return w


def _deadwood(search: Searcher, counts: list[int]) -> int:
    total: int = sum(map(mul, counts, PENALTY))
    return total - search.best(counts)[0]


def _related(face: int, other: int) -> bool:
    """Whether two natural faces can be in one meld (same rank, or same suit ±2)."""
    if face == JOKER or other == JOKER:
        return False
    if face % 13 == other % 13:
        return True
    return face // 13 == other // 13 and abs(face % 13 - other % 13) <= 2


_RELATED = tuple(frozenset(g for g in range(52) if _related(f, g)) for f in range(FACES))
"""Per face, the natural faces it can share a meld with (none for the joker)."""


class Seen(NamedTuple):
    """What the rules bot reads of a position: only what its seat can see. Made from a
    view (``plan``) or from a state (``act``, for rollouts); the decision is the same."""

    drawing: bool
    """Whether the seat is to draw."""
    hand: list[int]
    """Its own hand as face counts."""
    opened: list[bool]
    freed: int
    """Freed jokers in hand that must be melded this turn."""
    opening_value: int
    """Value of this turn's tentative melds (KA-R3)."""
    melds: list[tuple[bool, list[int], bool]]
    """Table melds as ``(is_run, tokens, closed)``."""
    top: int | None
    """The face on top of the discard pile."""
    watched: frozenset[int]
    """Natural faces the other seats are known to hold."""
    idle: int
    """Turns in a row that laid nothing (KA-R9's count)."""


def _seen_from_view(view: View, seat: int) -> Seen:
    watched = {
        parse_face(c) for s, cards in enumerate(view["known_cards"]) if s != seat for c in cards
    }
    watched.discard(JOKER)
    top = view["discard_top"]
    return Seen(
        drawing=view["phase"] == "draw",
        hand=counts_of([parse_face(c) for c in view["hand"]]),
        opened=list(view["opened"]),
        freed=view["turn"]["freed_jokers"],
        opening_value=view["turn"]["opening_value"],
        melds=[
            (m["kind"] == "run", [parse_token(c) for c in m["cards"]], m["closed"])
            for m in view["melds"]
        ],
        top=None if top is None else parse_face(top),
        watched=frozenset(watched),
        idle=view["idle_turns"],
    )


def _seen_from_state(state: KalookiState, seat: int) -> Seen:
    watched: set[int] = set()
    for s, known in enumerate(state.known):
        if s != seat:
            watched.update(compress(range(JOKER), known))
    return Seen(
        drawing=state.phase == DRAW,
        hand=list(state.hands[seat]),
        opened=list(state.opened),
        freed=state.freed,
        opening_value=state.turn_value,
        melds=[(m.is_run, m.tokens, m.closed) for m in state.melds],
        top=state.pile[-1] if state.pile else None,
        watched=frozenset(watched),
        idle=state.idle,
    )


class RulesBot(Bot):
    """Heuristic player: meld search plus the strategy section of the rules."""

    level = "rules"

    def plan(self, view: View, seat: int, clock: float) -> Plan:
        legal = [parse_action(t) for t in view["legal_actions"]]
        return Plan(self._decide(_seen_from_view(view, seat), seat, legal), self.delay)

    def act(self, state: State, seat: int) -> Any:
        """``plan``'s move read from the state: the seat's own hand and the public parts
        only (the same facts its view shows), without building and parsing a text view."""
        assert isinstance(state, KalookiState)
        return self._decide(_seen_from_state(state, seat), seat, state.legal_actions(seat))

    def _decide(self, seen: Seen, seat: int, legal: list[Any]) -> Any:
        choice = self._choose(seen, seat, legal)
        if choice is None or choice not in legal:
            choice = legal[0]
        return choice

    # -- decisions -------------------------------------------------------------------------
    def _choose(self, seen: Seen, seat: int, legal: list[Any]) -> Any:
        hand = seen.hand
        search = shared_searcher(_weight)
        if seen.drawing:
            return self._draw(seen, seat, hand, search, legal)
        opened = seen.opened[seat]
        if seen.freed:
            return self._place_joker(legal)
        if not opened:
            step = self._open(seen, seat, hand, legal)
            if step is not None:
                return step
            return self._discard(seen, seat, hand, search, legal)
        for a in legal:
            if isinstance(a, Swap):
                return a
        _, melds = search.best_keeping(list(hand), 1)
        by_tokens = {a.tokens: a for a in legal if isinstance(a, Meld)}
        for m in melds:
            a = by_tokens.get(m)
            if a is not None:
                return a
        in_melds = [card_of(t) for m in melds for t in m]
        for a in legal:
            if isinstance(a, Build) and a.token < JOKER_TOKEN and a.token not in in_melds:
                return a
        if sum(hand) <= 3:
            for a in legal:
                if isinstance(a, Build) and seen.melds[a.meld][0]:
                    return a
        return self._discard(seen, seat, hand, search, legal)

    def _draw(
        self, seen: Seen, seat: int, hand: list[int], search: Searcher, legal: list[Any]
    ) -> Any:
        face = seen.top
        take = next((a for a in legal if isinstance(a, Draw) and a.discard), None)
        stock = next((a for a in legal if isinstance(a, Draw) and not a.discard), None)
        if face is None or take is None:
            return stock
        if stock is None:
            return take
        with_top = list(hand)
        with_top[face] += 1
        # With two cards in hand a new meld can never be laid (it would leave no discard,
        # KA-R6): taking the pile for one only passes cards round in a cycle (KA-R9).
        if (
            face != JOKER
            and sum(hand) > 2
            and _deadwood(search, with_top) <= _deadwood(search, hand) - 2
        ):
            return take  # the card joins a meld of the best arrangement
        if face == JOKER:
            return take
        if seen.opened[seat] and self._builds(seen, face):
            return take
        if not seen.opened[seat] and best_opening(with_top)[0] >= 51 > best_opening(hand)[0]:
            return take
        return stock

    def _builds(self, seen: Seen, face: int) -> bool:
        for is_run, tokens, closed in seen.melds:
            shown = [t - JOKER_TOKEN if t >= JOKER_TOKEN else t for t in tokens]
            if not is_run:
                if (
                    not closed
                    and len(shown) < 4
                    and face % 13 == shown[0] % 13
                    and all(face // 13 != s // 13 for s in shown)
                ):
                    return True
            elif face // 13 == shown[0] // 13:
                r, first, last = face % 13 + 1, shown[0] % 13 + 1, shown[-1] % 13 + 1
                if last == 1 and len(shown) > 1:
                    last = 14
                if r == first - 1 or r == last + 1 or (r == 1 and last == 13):
                    return True
        return False

    @staticmethod
    def _build_faces(seen: Seen) -> set[int]:
        """Every face ``_builds`` accepts, made in one pass over the table (the discard
        asks for each card of the hand)."""
        out: set[int] = set()
        for is_run, tokens, closed in seen.melds:
            first = tokens[0] - JOKER_TOKEN if tokens[0] >= JOKER_TOKEN else tokens[0]
            if not is_run:
                if not closed and len(tokens) < 4:
                    suits = {(t - JOKER_TOKEN if t >= JOKER_TOKEN else t) // 13 for t in tokens}
                    rank = first % 13
                    out.update(s * 13 + rank for s in range(4) if s not in suits)
                continue
            end = tokens[-1] - JOKER_TOKEN if tokens[-1] >= JOKER_TOKEN else tokens[-1]
            base, lo, hi = first - first % 13, first % 13 + 1, end % 13 + 1
            if hi == 1 and len(tokens) > 1:
                hi = 14
            if lo >= 2:
                out.add(base + lo - 2)
            if hi <= 12:
                out.add(base + hi)
            if hi == 13:
                out.add(base)
        return out

    def _open(self, seen: Seen, seat: int, hand: list[int], legal: list[Any]) -> Any:
        """The next meld of an opening, or None to wait."""
        so_far = seen.opening_value
        value, melds = shared_searcher(opening_weight).best_keeping(list(hand), 1)
        if so_far + value < 51:
            return None
        if so_far == 0:
            pen_search = shared_searcher(_weight)
            _, low = pen_search.best_keeping(list(hand), 1)
            loose = sum(hand) - sum(len(m) for m in low)
            others_open = all(o for s, o in enumerate(seen.opened) if s != seat)
            if loose == 2 and not others_open:
                return None  # Kalooki is within reach: one more card
            if sum(opening_weight(m) for m in low) >= 51:
                melds = low
        by_tokens = {a.tokens: a for a in legal if isinstance(a, Meld)}
        for m in melds:
            a = by_tokens.get(m)
            if a is not None:
                return a
        return None

    def _place_joker(self, legal: list[Any]) -> Any:
        runs = [a for a in legal if isinstance(a, Build) and a.token >= JOKER_TOKEN]
        melds = [
            a for a in legal if isinstance(a, Meld) and any(t >= JOKER_TOKEN for t in a.tokens)
        ]
        return (melds or runs or legal)[0]

    def _discard(
        self, seen: Seen, seat: int, hand: list[int], search: Searcher, legal: list[Any]
    ) -> Any:
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return None
        if seen.idle >= STUCK_TURNS:
            unstick = self._unstick(seen, seat, hand, search, discards)
            if unstick is not None:
                return unstick
        watched = seen.watched
        best: tuple[float, Any] | None = None
        builds = self._build_faces(seen)
        kept: int | None = None
        """Deadwood of the whole hand, for discards no meld uses (``Searcher.uses``)."""
        for a in discards:
            f = a.face
            score: float
            if f != JOKER and not search.uses(hand, f):
                if kept is None:
                    kept = _deadwood(search, hand)
                score = kept - PENALTY[f]
            else:
                hand[f] -= 1
                score = _deadwood(search, hand)
                hand[f] += 1
            if f == JOKER:
                score += 40
            else:
                if f in builds:
                    score += 6
                if not _RELATED[f].isdisjoint(watched):
                    score += 4
                score -= PENALTY[f] * 0.05
            if best is None or score < best[0]:
                best = (score, a)
        return best[1] if best else None

    @staticmethod
    def _unstick(
        seen: Seen, seat: int, hand: list[int], search: Searcher, discards: list[Discard]
    ) -> Discard | None:
        """A discard that breaks a cycle of turns laying nothing, or None to discard as usual.

        Discarding the highest loose card keeps penalties low, but in a long deal it locks
        the low cards in the hands of opened players while the same high cards go round the
        pile; a player who has not opened then throws away the high cards its opening needs
        (KA-R3). So, among the cards no meld of the best arrangement uses: a player who has
        not opened keeps cards with a partner in hand (same rank, or same suit within two)
        and high cards, discarding the lowest lone card; an opened player, whose loose cards
        all build on nothing, discards each of them in turn (chosen by the idle count), so
        every card comes back into play.
        """
        loose = [a for a in discards if a.face != JOKER and not search.uses(hand, a.face)]
        if not loose:
            return None
        if seen.opened[seat]:
            return loose[seen.idle // len(seen.opened) % len(loose)]

        def lone_and_low(a: Discard) -> tuple[bool, int]:
            partners = sum(hand[g] for g in _RELATED[a.face]) - 1
            return partners > 0, PENALTY[a.face]

        return min(loose, key=lone_and_low)


HORIZON: Final = 16
"""Plies a rollout of ``strong`` and ``expert`` plays before ``hand_evaluate`` judges it:
about two turns of every seat at four players, long enough for a taken card, a meld or
a discard to show in the hands (``bench/search_diagnosis.py``, docs/bots.md)."""
STRONG_ROLLOUTS: Final = 32
"""``strong``'s rollouts. The search's strength levels off between 32 and 60 rollouts
(160 are level with 60, and ``expert``'s 400 with 160), so ``strong`` stops short of
it, between ``rules`` and the plateau that ``expert`` plays at: a ladder of steps, as
an engine's levels are limited in depth (docs/bots.md, "Kalooki's `strong` below the
plateau")."""
EXPERT_ROLLOUTS: Final = 400
"""``expert``'s rollouts: 0.61 s at the median, 1.09 s at most, under the 1.5 s target."""

CLOSED: Final = 30
"""What not having opened yet is worth in penalty points (a rough guess, KA-R7)."""


def deadwood_evaluate(state: State) -> Rewards:
    """Rank of each hand's *deadwood*: penalty left after its best melds (meld search).

    Raw penalty points make a near-complete run look as bad as rubbish; the deadwood of
    the lowest-penalty arrangement is what the hand would cost if it could meld now.
    """
    public = state.view(None)
    values = []
    for seat in range(state.players):
        hand: list[str] = state.view(seat)["hand"] or []
        closed = 0 if public["opened"][seat] else CLOSED
        values.append(-float(deadwood(hand) + closed))
    return order_rewards(values)


def deadwood(hand: list[str]) -> int:
    """Penalty points (KA-R7) left after laying the best disjoint melds of ``hand``."""
    return _deadwood_of(tuple(sorted(hand)))


@lru_cache(maxsize=100_000)
def _deadwood_of(hand: tuple[str, ...]) -> int:
    """A bounded LRU, so a long search keeps its recent hands instead of starting afresh."""
    return min_penalty(counts_of([parse_face(c) for c in hand]))[0]


BOTS = GameBots(
    levels={"rules": RulesBot},
    # Played to the end of the deal, two candidates' rollouts in one world hardly pair
    # (paired std-err 0.09 at 32 rollouts against gaps of 0.03), and cut short judged by
    # the deadwood rank they are mostly equal. Cut after 16 plies and judged by the
    # fitted hand evaluator they pair (0.02 at 160 rollouts) for a quarter of the CPU
    # (docs/bots.md, "A fitted hand evaluator"). Beyond about 60 rollouts more buy
    # nothing, so strong stops below that plateau and expert plays on it.
    rollouts={
        "strong": RolloutSettings(
            rollouts=STRONG_ROLLOUTS, horizon=HORIZON, evaluate=hand_evaluate
        ),
        "expert": RolloutSettings(
            rollouts=EXPERT_ROLLOUTS, horizon=HORIZON, evaluate=hand_evaluate
        ),
    },
    # Kalooki's rules bot searches melds (~60 ms a call), too slow for rollouts: it only
    # chooses the root move to keep; the tree's worlds are judged right away by the meld
    # search's deadwood (random rummy rollouts say little about a hand).
    search=SearchSettings(iterations=60, rollout_depth=0, guided=False, keep_z=2.0),
    evaluate=deadwood_evaluate,
    # bench/ladder.py (docs/bots.md): over 200 deals ismcts is behind rules (0.474,
    # 0.456-0.492) and ahead of random (0.977, 0.970-0.982), so it sits between them;
    # strong (32 rollouts) is ahead of rules in 0.555 (0.527-0.584) over 100 deals, and
    # expert ahead of it in 0.570 (0.517-0.622) over 36 (seed 51).
    order=("random", "ismcts", "rules", "strong", "expert"),
)
"""Kalooki's ladder: ``rules``, and the search levels tuned to it."""
