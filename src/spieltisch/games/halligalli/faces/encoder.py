"""Halli-Galli-Extreem as integers and arrays, played in reaction rounds.

The bell is real-time; the research faces play it in the reaction rounds of
:mod:`spieltisch.interop.bell` (documented there and in ``docs/research.md``), which add
the ``wait`` decision.

**Action ids** (``NUM_ACTIONS = 134``): 0 ``wait``; 1 ``flip``; 2 ``ring`` (judged
against the table as it is); 3-5 ``throw rock|paper|scissors``; 6 + (n - 1) ``stake n``
for n = 1..128.

**Observation** (a function of the seat's view only; seats relative, slot 0 is the
observer, six slots): each slot's top card (one-hot over the card kinds, edition
included), fruits on the table per fruit / 5 and animals showing, face-up pile and draw
pile sizes / 128, the edition on each draw pile's back (option ``card_backs``), status
(in, swimming, out), who flips next, table changes this round / 50, ring ledger
(entries / 10, last entry valid, made valid by a stray card of mine), cards aside / 10,
who used the extra life, phase (round, finale, over), the finale (stake / 128, setter,
finalists, who has thrown, my own throw), options (stray cards, full deck).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from spieltisch.engine import View
from spieltisch.games.halligalli.actions import FLIP, RING, SHAPES, Flip, Ring, Stake, Throw
from spieltisch.games.halligalli.cards import ANIMAL, FRUIT, KINDS, NAMES
from spieltisch.interop.bell import WAIT, BellClock
from spieltisch.interop.encoders.base import Encoder, FloatArray, Steps, TensorLayout

SLOTS: Final = 6
WAIT_ID, FLIP_ID, RING_ID, THROW_BASE, STAKE_BASE = 0, 1, 2, 3, 6
MAX_STAKE: Final = 128
NUM_ACTIONS: Final = STAKE_BASE + MAX_STAKE
_CARD: Final = {name: i for i, name in enumerate(NAMES)}
_STATUS: Final = ("in", "swimming", "out")
_PHASES: Final = ("round", "finale", "over")

PIECES: Final = (
    ("top", (SLOTS, KINDS)),
    ("fruits", (4,)),
    ("animals", (3,)),
    ("pile_sizes", (SLOTS,)),
    ("draw_sizes", (SLOTS,)),
    ("backs", (SLOTS, 2)),
    ("status", (SLOTS, 3)),
    ("to_flip", (SLOTS,)),
    ("round", (5,)),
    ("extra_life_by", (SLOTS,)),
    ("phase", (3,)),
    ("finale_setter", (SLOTS,)),
    ("finale_players", (SLOTS,)),
    ("finale_thrown", (SLOTS,)),
    ("finale", (4,)),
    ("options", (2,)),
)
LAYOUT: Final = TensorLayout(PIECES)
OBS_SIZE: Final = LAYOUT.size


class HalliGalliEncoder(Encoder):
    """Fixed ids (with ``wait``), masks and tensors for Halli-Galli-Extreem."""

    game = "halligalli"
    num_actions = NUM_ACTIONS
    observation_shape = (OBS_SIZE,)

    def make_clock(self) -> BellClock:
        return BellClock()

    def action_id(self, action: Any) -> int:
        if action == WAIT:
            return WAIT_ID
        if isinstance(action, Flip):
            return FLIP_ID
        if isinstance(action, Ring):
            return RING_ID
        if isinstance(action, Throw) and 0 <= action.shape < 3:
            return THROW_BASE + action.shape
        if isinstance(action, Stake) and 1 <= action.cards <= MAX_STAKE:
            return STAKE_BASE + action.cards - 1
        raise ValueError(f"{action!r} is not in Halli Galli's fixed action space")

    def action_for_id(self, action_id: int) -> Any:
        if not 0 <= action_id < NUM_ACTIONS:
            raise ValueError(f"{action_id} is not a Halli Galli action id")
        if action_id == WAIT_ID:
            return WAIT
        if action_id == FLIP_ID:
            return FLIP
        if action_id == RING_ID:
            return RING
        if action_id < STAKE_BASE:
            return Throw(action_id - THROW_BASE)
        return Stake(action_id - STAKE_BASE + 1)

    def string_to_action(self, text: str) -> int:
        if text.strip().lower() == WAIT:
            return WAIT_ID
        return self.action_id(self.engine.parse_action(text))

    def legal_ids(self, actions: Iterable[Any], prefix: Steps = ()) -> list[int]:
        if prefix:
            return super().legal_ids(actions, prefix)
        return sorted({self.action_id(a) for a in actions})

    def observation_names(self) -> list[tuple[str, tuple[int, ...]]]:
        return list(PIECES)

    def observe(self, view: View, seat: int, prefix: Steps = ()) -> FloatArray:
        out, p = LAYOUT.zeros()
        players = int(view["players"])

        def slot(s: int) -> int:
            return (int(s) - seat) % players

        fruits = [0, 0, 0, 0]
        for s in range(players):
            r = slot(s)
            top = view["tops"][s]
            if top is not None:
                card = _CARD[top]
                p["top"][r, card] = 1.0
                fruits = [a + b for a, b in zip(fruits, FRUIT[card], strict=True)]
                if ANIMAL[card]:
                    p["animals"][ANIMAL[card] - 1] = 1.0
            p["pile_sizes"][r] = len(view["table"][s]) / 128
            p["draw_sizes"][r] = view["draw"][s] / 128
            if view["backs"] is not None and view["backs"][s] is not None:
                p["backs"][r, 0 if view["backs"][s] == "classic" else 1] = 1.0
            p["status"][r, _STATUS.index(view["status"][s])] = 1.0
        p["fruits"][:] = [f / 5 for f in fruits]
        if view["to_flip"] is not None:
            p["to_flip"][slot(view["to_flip"])] = 1.0
        ledger = view["ledger"]
        last = ledger[-1] if ledger else None
        p["round"][:] = (
            (view["version"] - view["round_start"]) / 50,
            len(ledger) / 10,
            bool(last and last[1]),
            bool(last and last[2] == seat),
            view["aside"] / 10,
        )
        if view["extra_life_by"] is not None:
            p["extra_life_by"][slot(view["extra_life_by"])] = 1.0
        p["phase"][_PHASES.index(view["phase"])] = 1.0
        finale = view["finale"]
        if finale is not None:
            if finale["setter"] is not None:
                p["finale_setter"][slot(finale["setter"])] = 1.0
            for s in finale["players"]:
                p["finale_players"][slot(s)] = 1.0
            for s in finale["thrown"]:
                p["finale_thrown"][slot(s)] = 1.0
            p["finale"][0] = (finale["stake"] or 0) / 128
            if finale["my_throw"] is not None:
                p["finale"][1 + SHAPES.index(finale["my_throw"])] = 1.0
        p["options"][:] = (bool(view["stray_cards"]), view["deck"] == "full")
        return out
