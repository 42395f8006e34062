"""Halli-Galli-Extreem's rules: flipping, the bell, penalties, swimming, stray cards,
deadlock and the finale (house rules §1–§4, rulings HG-R1..HG-R13).

The core is timeless (ARCHITECTURE principle 5). Several seats may act at once:
``active_seats()`` is every seat still in the game (all may ring; the flipper may flip;
with stray cards on, everyone with cards may flip out of turn). The *order* of ``apply``
calls decides who rang first; the table runtime collects rings in a short window and
applies them in order of compensated reaction time (HG-R8).

Table versions: ``version`` counts every change of the face-up cards (a flip, in turn or
stray, a collection, a deadlock turn-over). A ring may say which version its ringer
reacted to (``ring@v``). The core judges a ring against the current table, with two
uses of ``v``:

* ``v`` older than the start of the current round: somebody already won the round the
  ringer reacted to; the ring is refused (HG-R4) and costs nothing — it lost the race.
* §4.2c: if only stray cards were thrown since ``v``, the table at ``v`` was valid and
  a stray card spoiled it, the ring still wins. The runtime passes ``v`` only for rings
  that land within the simultaneity window of that stray card; later rings it passes as
  plain ``ring`` (judged against the table as it is).

Random playouts are bounded: HG-R11 resolves the only rules-level standstill (nobody can
flip and the table is invalid), and ``PLY_CAP`` ends a game in which nobody ever rings
a valid table (legal, so the rules alone allow endless flipping).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from mypy_extensions import mypyc_attr

from spieltisch.engine import (
    Event,
    Game,
    IllegalAction,
    InvalidNotation,
    Result,
    State,
    derive_rng,
)
from spieltisch.engine.rng import shuffled

from .actions import FLIP, Flip, Ring, Stake, Throw, ring_at
from .bell import count_pairs, is_bell_valid
from .cards import NAMES, deck
from .finale import Finale
from .scoring import game_result, penalty_per_player
from .views import seat_view

RESIGN_RULE = "HG-R15"
"""Cited when a resignation is refused (a player who is out already)."""

PLY_CAP: Final = 10_000
"""Actions after which a game ends as ``ply_cap`` (ranked by cards held). Nobody is
obliged to ring, so flipping through the piles and turning them over (HG-R11) could go
on for ever; a real table of six takes a few hundred to a few thousand actions."""
TURN_RULE = "HG §2.3"


class Phase(StrEnum):
    """Where a game stands: rounds of flipping and ringing, the finale (HG-R10), over."""

    ROUND = "round"
    FINALE = "finale"
    OVER = "over"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Settings:
    """What the rules and views read from the options, made once by the game (which
    validates them) and handed to each state, so the rules never reach back into it."""

    full_deck: bool
    """HG-R1: all 128 cards instead of 120."""
    stray_cards: bool
    """HG-R7: flips out of turn are allowed."""
    show_backs: bool
    """Views show the edition on the back of each draw pile's top card."""
    handicaps: tuple[int, ...]
    """HG-R9: ring delay in milliseconds per seat, as far as given."""
    first_flipper: int
    """HG-R13: the seat that flips first, -1 for a random one."""

    def handicap_ms(self, players: int) -> list[int]:
        """Ring delay per seat in milliseconds (HG-R9)."""
        return (list(self.handicaps) + [0] * players)[:players]

    def first(self, players: int, seed: int) -> int:
        """The seat that flips first in a game of this seed."""
        if self.first_flipper >= 0:
            return self.first_flipper
        return derive_rng(seed, "halligalli-first").randrange(players)


class HalliGalliState(State):
    """One game of Halli-Galli-Extreem in progress."""

    __slots__ = (
        "_seats_in",
        "anchor",
        "aside",
        "chain",
        "draw",
        "extra_life_by",
        "finale",
        "out",
        "out_count",
        "reason",
        "round_start",
        "settings",
        "stats",
        "steps",
        "swim_since",
        "table",
        "to_flip",
        "version",
    )

    def __init__(self, game: Game, players: int, seed: int, settings: Settings) -> None:
        super().__init__(game, players, seed)
        self.settings = settings
        n = players
        cards = shuffled(derive_rng(seed, "halligalli-deal"), deck(settings.full_deck))
        first = settings.first(players, seed)
        dealt = len(cards) - len(cards) % n
        self.draw: list[list[int]] = [[] for _ in range(n)]
        """Face-down draw piles, bottom to top (the last card is flipped next)."""
        for i in range(dealt):
            self.draw[(first + i) % n].append(cards[i])
        self.aside: list[int] = cards[dealt:]
        """Leftover cards of the deal: the first swimmer's extra life (§1.2, HG-R6)."""
        self.table: list[list[int]] = [[] for _ in range(n)]
        """Face-up piles, bottom to top; only the top cards count (HG-R2)."""
        self.out = [0] * n
        """0 while in the game, else the elimination stamp (1 = first out)."""
        self._seats_in = tuple(range(n))
        self.out_count = 0
        self.swim_since = [-1] * n
        """Step at which a seat's draw pile ran empty, -1 while it has cards."""
        self.to_flip = first
        """Seat whose turn it is to flip, -1 when nobody in the game has cards."""
        self.anchor = (first - 1) % n
        """Seat after which the turn order continues (last regular flipper or ringer)."""
        self.version = 0
        self.round_start = 0
        self.chain: list[list[int]] = [[0, 0, -1]]
        """[version, valid, made valid by (stray thrower or -1)] for the last non-stray
        table change and each stray card since; §4.2b/§4.2c are judged from it."""
        self.extra_life_by = -1
        self.finale: Finale | None = None
        self.reason = ""
        self.steps = 0
        """Actions applied (also for sampled states, which have no action list)."""
        self.stats: dict[str, int] = dict.fromkeys(
            ("flips", "strays", "rings", "wins", "wrong", "swims", "deadlocks", "out"), 0
        )

    # -- who may act ---------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        if self.reason:
            return Phase.OVER
        return Phase.ROUND if self.finale is None else Phase.FINALE

    def in_game(self) -> tuple[int, ...]:
        """Seats still in the game (swimmers included), in seat order."""
        return self._seats_in

    def cards_held(self, seat: int) -> int:
        """Cards a seat owns: its draw pile and its face-up pile."""
        return len(self.draw[seat]) + len(self.table[seat])

    def is_swimming(self, seat: int) -> bool:
        return not self.out[seat] and not self.draw[seat]

    def tops(self) -> list[int]:
        return [pile[-1] for pile in self.table if pile]

    def active_seats(self) -> tuple[int, ...]:
        if self.reason:
            return ()
        if self.finale is not None:
            return self.finale.active(self.finale_cards())
        return self._seats_in

    def legal_actions(self, seat: int) -> list[Any]:
        if self.reason or not 0 <= seat < self.players or self.out[seat]:
            return []
        if self.finale is not None:
            return list(self.finale.legal(seat, self.finale_cards()))
        if self._may_flip(seat):
            return [FLIP, ring_at(self.version)]
        return [ring_at(self.version)]

    def _is_over(self) -> bool:
        return bool(self.reason)

    # -- applying ------------------------------------------------------------------------
    def _inactive_refusal(self, seat: int, action: Any) -> IllegalAction:
        """Cite the rule a seat breaks by acting now, not only the turn order."""
        if self.out[seat]:
            return IllegalAction(
                "HG-R6", f"{action}: seat {seat} is out of the game and may not act any more"
            )
        if self.finale is not None:
            cards = self.finale_cards()
            if isinstance(action, Throw) and seat in self.finale.throws:
                return IllegalAction(
                    "HG-R10", f"{action}: you have already thrown; wait for the other throw"
                )
            if isinstance(action, Stake) and self.finale.stake:
                return IllegalAction("HG-R10", f"{action}: the stake is already set; throw")
            if isinstance(action, Stake):
                setter = self.finale.setter(cards)
                return IllegalAction(
                    "HG-R10",
                    f"{action}: seat {setter} sets the stake (fewer cards; when equal, "
                    "who did not win the last throw)",
                )
            return IllegalAction(
                "HG-R10",
                f"{action}: in the finale the player with fewer cards sets the stake, then "
                "both throw",
            )
        return super()._inactive_refusal(seat, action)

    def _refusal(self, seat: int, action: Any) -> IllegalAction | None:
        if self.finale is not None:
            return self.finale.refusal(seat, action, self.finale_cards())
        if isinstance(action, Flip):
            return self._flip_refusal(seat)
        if isinstance(action, Ring):
            return self._ring_refusal(action.version)
        if isinstance(action, Stake | Throw):
            return IllegalAction("HG-R10", f"{action}: stakes and throws belong to the finale")
        return IllegalAction(TURN_RULE, f"{action!r} is not a Halli Galli action")

    def _play(self, seat: int, action: Any) -> list[Event]:
        if self.finale is not None:
            events = self._play_finale(seat, action)
        elif isinstance(action, Flip):
            events = self._flip(seat)
        else:
            events = self._ring(seat, action.version)
        self.steps += 1
        if not self.reason and self.finale is None:
            events.extend(self._settle())
        if not self.reason and self.steps >= PLY_CAP:
            events.extend(self._end("ply_cap"))
        if self.resigned and not self.reason and self._resigned_out():
            # HG-R15: the last player still in but one went out beside a resigned seat.
            self.reason = "decided"
            self.to_flip = -1
            result = self.result()
            assert result is not None
            events.append({"type": "game_end", **result.to_json()})
        return events

    def _may_flip(self, seat: int) -> bool:
        """HG-R6, HG-R7: a seat flips while it has cards, at its turn or (with stray
        cards) at any time."""
        return bool(self.draw[seat]) and (seat == self.to_flip or self.settings.stray_cards)

    def _flip_refusal(self, seat: int) -> IllegalAction | None:
        if self._may_flip(seat):
            return None
        if not self.draw[seat]:
            return IllegalAction("HG-R6", "you are swimming: you have no card left to flip")
        return IllegalAction(
            "HG-R7", f"strict turns: it is seat {self.to_flip}'s turn to flip, not yours"
        )

    def _flip(self, seat: int) -> list[Event]:
        stray = seat != self.to_flip
        card = self.draw[seat].pop()
        self.table[seat].append(card)
        self.version += 1
        self.stats["flips"] += 1
        valid = is_bell_valid(self.tops())
        last = self.chain[-1]
        made_by = (last[2] if last[1] else (seat if stray else -1)) if valid else -1
        entry = [self.version, int(valid), made_by]
        events: list[Event] = [
            {
                "type": "flip",
                "seat": seat,
                "card": NAMES[card],
                "stray": stray,
                "version": self.version,
            }
        ]
        if stray:
            self.stats["strays"] += 1
            self.chain.append(entry)
        else:
            self.chain = [entry]
            self.anchor = seat
            self.to_flip = self._next_flipper(seat)
        if not self.draw[seat]:
            events.append(self._start_swim(seat))
        return events

    def _next_flipper(self, after: int) -> int:
        n = self.players
        for k in range(1, n + 1):
            s = (after + k) % n
            if not self.out[s] and self.draw[s]:
                return s
        return -1

    def _start_swim(self, seat: int) -> Event:
        self.swim_since[seat] = self.steps
        self.stats["swims"] += 1
        return {"type": "swimming", "seat": seat}

    def _judge(self, seat: int, seen: int | None) -> tuple[bool, str]:
        valid, made_by = self.chain[-1][1], self.chain[-1][2]
        if valid and made_by != seat:
            return True, "HG-R4"
        why = "HG-R7" if valid else "HG-R3"
        base = self.chain[0][0]
        if seen is not None and base <= seen < self.version:
            old = self.chain[seen - base]
            if old[1] and old[2] != seat:
                return True, "HG-R7"  # §4.2c: a stray card spoiled the table just now
        return False, why

    def _ring_refusal(self, seen: int | None) -> IllegalAction | None:
        if seen is not None and seen > self.version:
            return IllegalAction(
                "HG-R8", f"ring@{seen}: table version {seen} has not been shown yet"
            )
        if seen is not None and seen < self.round_start:
            return IllegalAction(
                "HG-R4",
                f"ring@{seen}: too late, the round you reacted to was already won "
                f"(the current round began at version {self.round_start})",
            )
        return None

    def _ring(self, seat: int, seen: int | None) -> list[Event]:
        self.stats["rings"] += 1
        correct, rule = self._judge(seat, seen)
        if correct:
            return self._collect(seat, rule)
        return self._wrong(seat, rule)

    def _collect(self, winner: int, rule: str) -> list[Event]:
        n = self.players
        stack: list[int] = []
        won = 0
        for k in range(n):
            s = (winner + k) % n
            won += len(self.table[s])
            stack = self.table[s][::-1] + stack
            self.table[s] = []
        self.draw[winner] = stack + self.draw[winner]
        self.swim_since[winner] = -1
        self.stats["wins"] += 1
        self._new_table()
        self.round_start = self.version
        self.to_flip = winner
        self.anchor = (winner - 1) % n
        events: list[Event] = [{"type": "bell", "seat": winner, "cards": won, "rule": rule}]
        leavers = sorted(
            (s for s in range(n) if self.is_swimming(s)),
            key=lambda s: (self.swim_since[s], (s - winner) % n),
        )
        stamp = self.out_count + 1
        for s in leavers:
            events.append(self._leave(s, stamp))
        left = self.in_game()
        if len(left) == 2:
            self.finale = Finale((left[0], left[1]), winner)
            self.to_flip = -1
            events.append({"type": "finale", "players": list(left)})
        return events

    def _new_table(self) -> None:
        self.version += 1
        self.chain = [[self.version, int(is_bell_valid(self.tops())), -1]]

    def _leave(self, seat: int, stamp: int) -> Event:
        """A swimmer would leave the game: the extra life (HG-R6) or out."""
        if self.aside and self.extra_life_by < 0:
            self.draw[seat] = self.aside
            self.aside = []
            self.extra_life_by = seat
            self.swim_since[seat] = -1
            return {"type": "extra_life", "seat": seat, "cards": len(self.draw[seat])}
        self._put_out(seat, stamp)
        return {"type": "out", "seat": seat}

    def _put_out(self, seat: int, stamp: int) -> None:
        self.out[seat] = stamp
        self.out_count = stamp
        self.stats["out"] += 1
        self._seats_in = tuple(s for s in range(self.players) if not self.out[s])

    def _wrong(self, seat: int, rule: str) -> list[Event]:
        self.stats["wrong"] += 1
        # The table judged and its pairs travel with the event, so every client can say
        # why the ring was wrong in the player's words (HG-R3, HG-R7).
        tops = self.tops()
        events: list[Event] = [
            {
                "type": "wrong_ring",
                "seat": seat,
                "rule": rule,
                "tops": [NAMES[c] for c in tops],
                "pairs": count_pairs(tops),
            }
        ]
        if not self.draw[seat]:
            events.append(self._leave(seat, self.out_count + 1))  # §4.3c
        else:
            n = self.players
            others = [(seat + k) % n for k in range(1, n) if not self.out[(seat + k) % n]]
            each = penalty_per_player(len(others) + 1)
            paid = dict.fromkeys(others, 0)
            for _ in range(each):
                for r in others:
                    if not self.draw[seat]:
                        break
                    self.draw[r].insert(0, self.draw[seat].pop())
                    self.swim_since[r] = -1
                    paid[r] += 1
            events.append(
                {"type": "penalty", "seat": seat, "paid": {str(r): paid[r] for r in paid}}
            )
            if not self.draw[seat]:
                events.append(self._start_swim(seat))
        self.anchor = seat
        self.to_flip = self._next_flipper(seat)
        return events

    def _settle(self) -> list[Event]:
        """Game end by elimination, and the deadlock of HG-R11."""
        left = self.in_game()
        if len(left) <= 1:
            return self._end("last_player")
        if self.to_flip >= 0 or is_bell_valid(self.tops()):
            return []
        for s in left:
            self.draw[s] = self.table[s][::-1]
            self.table[s] = []
            if self.draw[s]:
                self.swim_since[s] = -1
        self.stats["deadlocks"] += 1
        self._new_table()
        self.to_flip = self._next_flipper(self.anchor)
        events: list[Event] = [{"type": "deadlock", "version": self.version}]
        if self.to_flip < 0:
            # Every card lies on the piles of players already out: nobody can go on.
            events.extend(self._end("deadlock"))
        return events

    # -- the finale ----------------------------------------------------------------------
    def finale_cards(self) -> dict[int, int]:
        """Cards held by the two finalists."""
        assert self.finale is not None
        return {s: len(self.draw[s]) for s in self.finale.players}

    def _play_finale(self, seat: int, action: Any) -> list[Event]:
        assert self.finale is not None
        events, loser = self.finale.play(seat, action, self.draw)
        if loser is not None:
            self._put_out(loser, self.out_count + 1)
            events.extend(self._end("finale"))
        return events

    # -- the end -------------------------------------------------------------------------
    def _end(self, reason: str) -> list[Event]:
        self.reason = reason
        self.to_flip = -1
        result = self.result()
        assert result is not None
        return [{"type": "game_end", **result.to_json()}]

    def _end_by_resignation(self) -> None:
        """HG-R14, HG-R15: the game ends with the resignation; no seat is active any more."""
        self.reason = "resigned"
        self.to_flip = -1

    # -- resigning (HG-R14, HG-R15) ------------------------------------------------------
    def _resign_refusal(self, seat: int) -> IllegalAction | None:
        if self.out[seat]:
            return IllegalAction(
                RESIGN_RULE, f"seat {seat} is out of the game already; its place is fixed"
            )
        return None

    def _resigned_out(self) -> bool:
        """HG-R15: the result is fixed once at most one player still in the game has not
        resigned (every resigner ranks below him, every player out ranks by when he
        left), so the game ends then, in the middle of a finale too."""
        if not self.resigned:
            return False
        return sum(1 for s in self._seats_in if s not in self.resigned) <= 1

    def _resignation_result(self) -> Result:
        return self._ranked(self.reason or "resigned")

    def _result(self) -> Result | None:
        if not self.reason:
            return None
        return self._ranked(self.reason)

    def _ranked(self, reason: str) -> Result:
        """The ranking by elimination, resigners last; a score is the number of seats
        ranked below (HG-R12, HG-R15)."""
        details: dict[str, Any] = {
            "stats": dict(self.stats),
            "extra_life": self.extra_life_by if self.extra_life_by >= 0 else None,
            "finale": self.finale is not None,
        }
        held = [self.cards_held(s) for s in range(self.players)]
        if self.resigned:
            details["resigned"] = list(self.resigned)
        return game_result(self.out, held, reason, details, self.resigned)

    # -- views ---------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know; see :func:`.view.seat_view`."""
        return seat_view(self, seat)

    # -- serialisation -------------------------------------------------------------------
    def _dump(self) -> dict[str, Any]:
        return {
            "draw": [list(p) for p in self.draw],
            "table": [list(p) for p in self.table],
            "aside": list(self.aside),
            "out": list(self.out),
            "out_count": self.out_count,
            "swim_since": list(self.swim_since),
            "to_flip": self.to_flip,
            "anchor": self.anchor,
            "version": self.version,
            "round_start": self.round_start,
            "chain": [list(e) for e in self.chain],
            "extra_life_by": self.extra_life_by,
            "finale": self.finale.dump() if self.finale is not None else None,
            "reason": self.reason,
            "steps": self.steps,
            "stats": dict(self.stats),
        }

    def _restore(self, data: dict[str, Any]) -> None:
        n = self.players
        self.draw = [[int(c) for c in p] for p in data["draw"]]
        self.table = [[int(c) for c in p] for p in data["table"]]
        if len(self.draw) != n or len(self.table) != n:
            raise ValueError("one draw pile and one face-up pile per seat")
        self.aside = [int(c) for c in data["aside"]]
        cards = sorted([*self.aside, *(c for p in self.draw + self.table for c in p)])
        if cards != deck(self.settings.full_deck):
            raise InvalidNotation(
                f"{len(cards)} cards in the piles: they must hold exactly the "
                f"{len(deck(self.settings.full_deck))} cards of the deck, each as often as "
                "the deck has it (HG-R1)"
            )
        self.out = [int(x) for x in data["out"]]
        self._seats_in = tuple(s for s in range(n) if not self.out[s])
        self.out_count = int(data["out_count"])
        self.swim_since = [int(x) for x in data["swim_since"]]
        self.to_flip = int(data["to_flip"])
        self.anchor = int(data["anchor"])
        self.version = int(data["version"])
        self.round_start = int(data["round_start"])
        self.chain = [[int(x) if x is not None else -1 for x in e] for e in data["chain"]]
        self._check_table(data["chain"][-1][1])
        self.extra_life_by = int(data["extra_life_by"])
        fin = data["finale"]
        self.finale = Finale.restore(fin) if fin is not None else None
        self.reason = str(data["reason"])
        self.steps = int(data["steps"])
        self.stats = {str(k): int(v) for k, v in data["stats"].items()}
        if (
            not self.reason
            and self.to_flip >= 0
            and (self.out[self.to_flip] or not self.draw[self.to_flip])
        ):
            raise InvalidNotation(f"seat {self.to_flip} has no card to flip (HG §2.3)")

    def _check_table(self, stored: Any) -> None:
        """Judge the bell from the face-up cards (HG-R3) rather than trust a stored flag:
        a flag that disagrees means the state was not made by these rules.

        :raises InvalidNotation: for a disagreeing flag or a broken table history.
        """
        last = self.chain[-1]
        if last[0] != self.version or not self.chain[0][0] <= self.version:
            raise InvalidNotation(f"the table history does not end at version {self.version}")
        valid = int(is_bell_valid(self.tops()))
        if stored is not None and int(stored) != valid:
            raise InvalidNotation(
                "the stored bell validity disagrees with the face-up cards "
                f"({', '.join(NAMES[c] for c in self.tops()) or 'none'}): the bell is "
                f"{'valid' if valid else 'not valid'} (HG-R3)"
            )
        last[1] = valid
        if not valid:
            last[2] = -1


__all__ = ["PLY_CAP", "TURN_RULE", "HalliGalliState", "Phase", "Settings"]
