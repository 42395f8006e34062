"""Kalooki as integers and arrays: action ids with melds split into steps, the tensor.

A meld can hold up to 13 cards, each a natural card or a joker standing for one, so
melds are not enumerated: a meld is laid in steps, one card (*token*) at a time in table
order, then ``meld end``. Only prefixes of legal melds are offered, so every started meld
can be finished; the engine sees the whole meld at once when it ends.

**Tokens** (104): a natural face ``f`` (0..51: ``suit * 13 + rank - 1``, suits c d h s)
is token ``f``; a joker standing for ``f`` is token ``52 + f``.

**Action ids** (``NUM_ACTIONS``):

==============================  ======================================================
0, 1                            ``draw stock``, ``draw discard``
2 + face (0..52)                ``discard <card>`` (52 is the joker)
55 + token                      ``meld+ <token>``: the next card of the meld being laid
159                             ``meld end``: lay the meld chosen so far
160 + meld * 104 + token        ``build <meld> <token>`` on table meld 1..36
3904 + meld * 130 + k           ``swap <meld> ...``: k < 52 one natural face; k >= 52 one
                                of the 78 pairs of one rank in two suits (a set's lone
                                joker needs both missing cards)
==============================  ======================================================

**Observation** (a function of the seat's view and its unfinished meld; seats are
relative, slot 0 is the observer, six slots): own hand (copies / 2); cards known to be
in each slot's hand (/ 2); hand sizes / 20; discard pile (copies / 2) and its top card;
stock size / 106; each table meld 1..36 (owner slot, run/set, closed, new, natural cards,
jokers by the card they stand for); opened, alive, match totals / 100 per slot; to move
and dealer slots; phase (draw, play, over); the turn (card taken, still in hand, freed
jokers / 2, opening value / 51, opened at the start, built on old melds); restocks / the
table's restock limit (the count itself without one), turns in a row that laid nothing /
300 (the KA-R9 safeguard), deal / 10, format (ring, club), stake / 100, six players, over;
and the tokens of the meld being laid.

Kalooki's chance is the engine seed (OpenSpiel draws it; see ``docs/research.md``).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Any, Final

import numpy as np

from spieltisch.engine import Result, View
from spieltisch.games.kalooki.actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    Build,
    Discard,
    Draw,
    Meld,
    Swap,
    make_meld,
)
from spieltisch.games.kalooki.cards import FACES, JOKER, face_name, parse_face
from spieltisch.games.kalooki.melds import JOKER_TOKEN, parse_token, token_name
from spieltisch.interop.encoders.base import Encoder, FloatArray, MaskArray, Steps, TensorLayout

SLOTS: Final = 6
MAX_MELDS: Final = 36
"""Table melds: 106 cards in melds of three or more cannot make more than 35."""
TOKENS: Final = 104
DISCARD_BASE: Final = 2
MELD_BASE: Final = DISCARD_BASE + FACES
MELD_END: Final = MELD_BASE + TOKENS
BUILD_BASE: Final = MELD_END + 1
PAIRS: Final = tuple((a, b) for a, b in combinations(range(52), 2) if a % 13 == b % 13)
SWAP_CHOICES: Final = 52 + len(PAIRS)
SWAP_BASE: Final = BUILD_BASE + MAX_MELDS * TOKENS
NUM_ACTIONS: Final = SWAP_BASE + MAX_MELDS * SWAP_CHOICES
_PAIR_INDEX: Final = {p: 52 + i for i, p in enumerate(PAIRS)}
_FACE: Final = {face_name(f): f for f in range(FACES)}


def token_index(token: int) -> int:
    return token - JOKER_TOKEN + 52 if token >= JOKER_TOKEN else token


def index_token(i: int) -> int:
    return i - 52 + JOKER_TOKEN if i >= 52 else i


PIECES: Final = (
    ("hand", (FACES,)),
    ("known", (SLOTS, FACES)),
    ("hand_sizes", (SLOTS,)),
    ("discard_pile", (FACES,)),
    ("discard_top", (FACES,)),
    ("stock", (1,)),
    ("meld_info", (MAX_MELDS, SLOTS + 4)),
    ("meld_cards", (MAX_MELDS, TOKENS)),
    ("opened", (SLOTS,)),
    ("alive", (SLOTS,)),
    ("totals", (SLOTS,)),
    ("to_move", (SLOTS,)),
    ("dealer", (SLOTS,)),
    ("phase", (3,)),
    ("taken", (FACES,)),
    ("turn", (5,)),
    ("match", (8,)),
    ("pending_meld", (TOKENS,)),
)
LAYOUT: Final = TensorLayout(PIECES)
OBS_SIZE: Final = LAYOUT.size
_PHASES: Final = ("draw", "play", "over")


class KalookiEncoder(Encoder):
    """Fixed ids (melds in steps), masks and tensors for Kalooki (see the module text)."""

    game = "kalooki"
    num_actions = NUM_ACTIONS
    observation_shape = (OBS_SIZE,)
    reward_kinds = ("rank", "score", "money")

    def returns(self, result: Result | None, players: int, reward: str = "rank") -> list[float]:
        """``money``: the result's scores, the payout minus the stake (KA-R8; every
        Kalooki result is money). ``score``: minus the penalty points, of the deal (ring)
        or the running totals (club), so that higher is better; 0 for every seat when the
        result has none (a ring game that resignations ended before its deal was scored)."""
        if reward != "score" or result is None:
            return super().returns(result, players, "score" if reward == "money" else reward)
        points = result.details.get("penalties", result.details.get("totals"))
        return [-float(p) for p in points] if points else [0.0] * players

    # -- actions -------------------------------------------------------------------------
    def action_id(self, action: Any) -> int:
        # By exact type first: a learner maps every legal action every step, and the
        # dataclasses' generated == is a Python call per comparison.
        kind = type(action)
        if kind is Discard and 0 <= action.face < FACES:
            return DISCARD_BASE + int(action.face)
        if kind is Draw:
            return 1 if action.discard else 0
        if kind is Build and 0 <= action.meld < MAX_MELDS:
            return BUILD_BASE + int(action.meld) * TOKENS + token_index(action.token)
        if action == DRAW_STOCK:
            return 0
        if action == DRAW_DISCARD:
            return 1
        if isinstance(action, Discard) and 0 <= action.face < FACES:
            return DISCARD_BASE + action.face
        if isinstance(action, Build) and 0 <= action.meld < MAX_MELDS:
            return BUILD_BASE + action.meld * TOKENS + token_index(action.token)
        if isinstance(action, Swap) and 0 <= action.meld < MAX_MELDS:
            faces = action.faces
            k = faces[0] if len(faces) == 1 else _PAIR_INDEX.get((faces[0], faces[-1]))
            if k is not None and len(faces) <= 2 and 0 <= k < SWAP_CHOICES:
                return SWAP_BASE + action.meld * SWAP_CHOICES + k
        if isinstance(action, Meld):
            raise ValueError(f"{action} is several steps; see split()")
        raise ValueError(f"{action!r} is not in Kalooki's fixed action space")

    def action_for_id(self, action_id: int) -> Any:
        if not 0 <= action_id < NUM_ACTIONS or MELD_BASE <= action_id <= MELD_END:
            raise ValueError(f"{action_id} is not a Kalooki action id of one step")
        if action_id < DISCARD_BASE:
            return DRAW_DISCARD if action_id else DRAW_STOCK
        if action_id < MELD_BASE:
            return Discard(action_id - DISCARD_BASE)
        if action_id < SWAP_BASE:
            meld, i = divmod(action_id - BUILD_BASE, TOKENS)
            return Build(meld, index_token(i))
        meld, k = divmod(action_id - SWAP_BASE, SWAP_CHOICES)
        return Swap(meld, (k,) if k < 52 else PAIRS[k - 52])

    def action_to_string(self, action_id: int) -> str:
        if action_id == MELD_END:
            return "meld end"
        if MELD_BASE <= action_id < MELD_END:
            return f"meld+ {token_name(index_token(action_id - MELD_BASE))}"
        return str(self.action_for_id(action_id))

    def string_to_action(self, text: str) -> int:
        words = text.split()
        if [w.lower() for w in words] == ["meld", "end"]:
            return MELD_END
        if len(words) == 2 and words[0].lower() == "meld+":
            return MELD_BASE + token_index(parse_token(words[1]))
        return self.action_id(self.engine.parse_action(text))

    # -- melds in steps ------------------------------------------------------------------
    def split(self, action: Any) -> Steps:
        if isinstance(action, Meld):
            return (*(MELD_BASE + token_index(t) for t in action.tokens), MELD_END)
        return (self.action_id(action),)

    def finish(self, steps: Steps) -> Any | None:
        if steps[-1] == MELD_END:
            return make_meld([index_token(i - MELD_BASE) for i in steps[:-1]])
        if MELD_BASE <= steps[-1] < MELD_END:
            return None
        if len(steps) != 1:
            raise ValueError(f"{steps}: only meld steps come before the last step")
        return self.action_for_id(steps[0])

    def legal_ids(self, actions: Iterable[Any], prefix: Steps = ()) -> list[int]:
        return sorted(self._id_set(actions, prefix))

    def _id_set(self, actions: Iterable[Any], prefix: Steps) -> set[int]:
        ids: set[int] = set()
        if not prefix:
            action_id, add = self.action_id, ids.add
            for a in actions:
                kind = type(a)
                if kind is Discard and 0 <= a.face < FACES:
                    add(DISCARD_BASE + a.face)
                elif kind is Meld:
                    first = a.tokens[0]
                    add(MELD_BASE + (first - JOKER_TOKEN + 52 if first >= JOKER_TOKEN else first))
                else:
                    add(action_id(a))
            return ids
        if any(not MELD_BASE <= i < MELD_END for i in prefix):
            raise ValueError(f"{prefix} is not the start of a meld")
        tokens = tuple(index_token(i - MELD_BASE) for i in prefix)
        k = len(tokens)
        for a in actions:
            if isinstance(a, Meld) and a.tokens[:k] == tokens:
                ids.add(MELD_END if len(a.tokens) == k else MELD_BASE + token_index(a.tokens[k]))
        return ids

    def mask(self, actions: Iterable[Any], prefix: Steps = ()) -> MaskArray:
        """As :meth:`legal_ids`, written into the mask unsorted (a mask has no order)."""
        out = np.zeros(NUM_ACTIONS, dtype=np.int8)
        ids = self._id_set(actions, prefix)
        out[np.fromiter(ids, np.intp, len(ids))] = 1
        return out

    # -- observation ---------------------------------------------------------------------
    def observation_names(self) -> list[tuple[str, tuple[int, ...]]]:
        return list(PIECES)

    def observe(self, view: View, seat: int, prefix: Steps = ()) -> FloatArray:
        out, p = LAYOUT.zeros()
        players = int(view["players"])

        def slot(s: int) -> int:
            return (int(s) - seat) % players

        for name in view["hand"] or []:
            p["hand"][_FACE[name]] += 0.5
        for s in range(players):
            r = slot(s)
            for name in view["known_cards"][s]:
                p["known"][r, _FACE[name]] += 0.5
            p["hand_sizes"][r] = view["hand_sizes"][s] / 20
            p["opened"][r] = bool(view["opened"][s])
            p["alive"][r] = bool(view["alive"][s])
            p["totals"][r] = view["totals"][s] / 100
        for name in view["discard_pile"]:
            p["discard_pile"][_FACE[name]] += 0.5
        if view["discard_top"] is not None:
            p["discard_top"][_FACE[view["discard_top"]]] = 1.0
        p["stock"][0] = view["stock_size"] / 106
        for i, meld in enumerate(view["melds"][:MAX_MELDS]):
            info = p["meld_info"][i]
            info[slot(meld["owner"])] = 1.0
            info[SLOTS] = meld["kind"] == "run"
            info[SLOTS + 1] = meld["kind"] == "set"
            info[SLOTS + 2] = bool(meld["closed"])
            info[SLOTS + 3] = bool(meld["new"])
            for name in meld["cards"]:
                p["meld_cards"][i, token_index(parse_token(name))] += 1.0
        if view["to_move"] is not None:
            p["to_move"][slot(view["to_move"])] = 1.0
        p["dealer"][slot(view["dealer"])] = 1.0
        p["phase"][_PHASES.index(view["phase"])] = 1.0
        turn = view["turn"]
        if turn["taken"] is not None:
            p["taken"][parse_face(turn["taken"])] = 1.0
        p["turn"][:] = (
            bool(turn["taken_in_hand"]),
            turn["freed_jokers"] / 2,
            turn["opening_value"] / view["opening"],
            bool(turn["opened_at_start"]),
            bool(turn["built_on_old"]),
        )
        p["match"][:] = (
            view["restocks"] / max(1, view["max_restocks"]),
            view["idle_turns"] / view["max_idle_turns"],
            view["deal"] / 10,
            view["format"] == "ring",
            view["format"] == "club",
            view["stake"] / 100,
            players == SLOTS,
            bool(view["over"]),
        )
        for i in prefix:
            if MELD_BASE <= i < MELD_END:
                p["pending_meld"][i - MELD_BASE] += 1.0
        return out


assert JOKER == 52 and face_name(JOKER) == "JK"
