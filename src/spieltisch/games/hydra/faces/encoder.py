"""Hydra as integers and arrays: action ids and the observation tensor of a seat's view.

**Action ids** (``NUM_ACTIONS = 118``; cards are Hydra's card ints: ``suit * 6 + rank``
for ♦ ♥ ♠ ♣ × 9 J Q K 10 A, 24 for the Hydra).

=========  =========================================================================
0-6        ``armut`` ``morbus`` ``valeo`` ``solo`` ``antrag`` ``accept`` ``decline``
7-17       the solo named: ``normalsolo``, ``farbsolo D H S C``, ``trumpfsolo 9 J Q K 10 A``
18-67      ``lay`` an Antrag: 18 + (0 for ♠ queens, 1 for ♣ queens) * 25 + face-up card
68-92      ``give`` a card (68 + card)
93-117     play a card (93 + card)
=========  =========================================================================

**Observation** (a function of the seat's view only; seats are *relative*: slot 0 is the
observer, slot 1 the next seat, ...; six slots, the sixth empty with five players). The
pieces, in order (see :data:`PIECES` for sizes): own hand (copies per card / 2); cards
each slot played this game (/ 2); the current trick's card of each slot; who led it;
hand sizes / 10; which slots play this game; turn, dealer, declarer, partner (one-hot
slots); what each slot said (7 words); each slot's reservation (solo, antrag); public
parties (two one-hot columns); black queens known per slot (♠, ♣ / 2); phase (8); game
kind (healthy, antrag, solo); contract (11); the Antrag (face-up card, the queens' suit
if known, the given cards if known, given count / 3, giving, on the table, present,
accepted by, declined by); points / 240, tricks won / 10, match totals / 10 per slot;
game number / games, games / 10, redeals this game / 5, six players, match over.

Hydra has no explicit chance events here: OpenSpiel draws the engine's seed, which fixes
every deal (see ``docs/research.md``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from spieltisch.engine import View
from spieltisch.games.hydra.actions import SAY, WORDS, ChooseSolo, Give, Lay, Play
from spieltisch.games.hydra.cards import (
    CLUBS,
    CONTRACTS,
    KINDS,
    SPADES,
    card_name,
    contract_name,
)
from spieltisch.interop.encoders.base import Encoder, FloatArray, Steps, TensorLayout

SLOTS: Final = 6
"""Relative seat slots (the most seats Hydra has)."""
SAY_BASE, SOLO_BASE, LAY_BASE, GIVE_BASE, PLAY_BASE = 0, 7, 18, 68, 93
NUM_ACTIONS: Final = PLAY_BASE + KINDS
_LAY_COLOURS: Final = (SPADES, CLUBS)


def _action_table() -> tuple[Any, ...]:
    table: list[Any] = [SAY[w] for w in WORDS]
    table += [ChooseSolo(c) for c in range(CONTRACTS)]
    table += [Lay(colour, c) for colour in _LAY_COLOURS for c in range(KINDS)]
    table += [Give(c) for c in range(KINDS)]
    table += [Play(c) for c in range(KINDS)]
    return tuple(table)


ACTIONS: Final = _action_table()
IDS: Final = {a: i for i, a in enumerate(ACTIONS)}
CARD: Final = {card_name(c): c for c in range(KINDS)}
CONTRACT: Final = {contract_name(c): c for c in range(CONTRACTS)}
PHASES: Final = ("declare", "specify", "solo_type", "lay", "answer", "give", "play", "over")
GAME_KINDS: Final = ("healthy", "antrag", "solo")

PIECES: Final = (
    ("hand", (KINDS,)),
    ("played_by", (SLOTS, KINDS)),
    ("trick", (SLOTS, KINDS)),
    ("trick_leader", (SLOTS,)),
    ("hand_sizes", (SLOTS,)),
    ("in_game", (SLOTS,)),
    ("turn", (SLOTS,)),
    ("dealer", (SLOTS,)),
    ("declarer", (SLOTS,)),
    ("partner", (SLOTS,)),
    ("said", (SLOTS, len(WORDS))),
    ("reservation", (SLOTS, 2)),
    ("party", (SLOTS, 2)),
    ("queens", (SLOTS, 2)),
    ("phase", (len(PHASES),)),
    ("kind", (len(GAME_KINDS),)),
    ("contract", (CONTRACTS,)),
    ("antrag_face_up", (KINDS,)),
    ("antrag_queens", (2,)),
    ("antrag_given", (KINDS,)),
    ("antrag_flags", (4,)),
    ("antrag_accepted_by", (SLOTS,)),
    ("antrag_declined_by", (SLOTS,)),
    ("points", (SLOTS,)),
    ("tricks_won", (SLOTS,)),
    ("totals", (SLOTS,)),
    ("match", (5,)),
)
LAYOUT: Final = TensorLayout(PIECES)
OBS_SIZE: Final = LAYOUT.size


class HydraEncoder(Encoder):
    """Fixed ids, masks and tensors for Hydra (see the module text)."""

    game = "hydra"
    num_actions = NUM_ACTIONS
    observation_shape = (OBS_SIZE,)

    def action_id(self, action: Any) -> int:
        try:
            return IDS[action]
        except (KeyError, TypeError):
            raise ValueError(f"{action!r} is not in Hydra's fixed action space") from None

    def legal_ids(self, actions: Iterable[Any], prefix: Steps = ()) -> list[int]:
        if prefix:
            return super().legal_ids(actions, prefix)
        return sorted(map(IDS.__getitem__, actions))

    def action_for_id(self, action_id: int) -> Any:
        if not 0 <= action_id < NUM_ACTIONS:
            raise ValueError(f"{action_id} is not a Hydra action id")
        return ACTIONS[action_id]

    def observation_names(self) -> list[tuple[str, tuple[int, ...]]]:
        return list(PIECES)

    def observe(self, view: View, seat: int, prefix: Steps = ()) -> FloatArray:
        out, p = LAYOUT.zeros()
        players = int(view["players"])

        def slot(s: int | None) -> int | None:
            return None if s is None else (int(s) - seat) % players

        def mark(piece: str, s: int | None) -> None:
            r = slot(s)
            if r is not None:
                p[piece][r] = 1.0

        for name in view["hand"] or []:
            p["hand"][CARD[name]] += 0.5
        for trick in view["tricks"]:
            for s, name in trick["cards"]:
                p["played_by"][slot(s), CARD[name]] += 0.5
        for i, (s, name) in enumerate(view["trick"]):
            r = slot(s)
            p["played_by"][r, CARD[name]] += 0.5
            p["trick"][r, CARD[name]] = 1.0
            if i == 0:
                p["trick_leader"][r] = 1.0
        for s in range(players):
            r = (s - seat) % players
            p["hand_sizes"][r] = view["hand_sizes"][s] / 10
            word = view["said"][s]
            if word is not None:
                p["said"][r, WORDS.index(word)] = 1.0
            spec = view["reservations"][s]
            if spec in ("solo", "antrag"):
                p["reservation"][r, 0 if spec == "solo" else 1] = 1.0
            if view["party"] is not None and view["party"][s] is not None:
                p["party"][r, int(view["party"][s])] = 1.0
            for name in view["queens"][s]:
                p["queens"][r, 0 if CARD[name] == CARD["SQ"] else 1] += 0.5
            p["points"][r] = view["points"][s] / 240
            p["tricks_won"][r] = view["tricks_won"][s] / 10
            p["totals"][r] = view["totals"][s] / 10
        for s in view["seats_in_game"]:
            mark("in_game", s)
        mark("turn", view["turn"])
        mark("dealer", view["dealer"])
        mark("declarer", view["declarer"])
        mark("partner", view["partner"])
        p["phase"][PHASES.index(view["phase"])] = 1.0
        if view["kind"] in GAME_KINDS:
            p["kind"][GAME_KINDS.index(view["kind"])] = 1.0
        if view["contract"] is not None:
            p["contract"][CONTRACT[view["contract"]]] = 1.0
        antrag = view["antrag"]
        if antrag is not None:
            p["antrag_face_up"][CARD[antrag["face_up"]]] = 1.0
            if antrag["queens"] is not None:
                p["antrag_queens"][0 if antrag["queens"] == "SQ" else 1] = 1.0
            for name in antrag["given"] or []:
                p["antrag_given"][CARD[name]] += 1.0
            flags = p["antrag_flags"]
            flags[:] = (antrag["given_count"] / 3, antrag["giving"], antrag["on_table"], 1.0)
            mark("antrag_accepted_by", antrag["accepted_by"])
            for s in antrag["declined"]:
                mark("antrag_declined_by", s)
        games = int(view["games_in_match"])
        p["match"][:] = (
            view["game_number"] / games,
            games / 10,
            len(view["redeals"]) / 5,
            players == SLOTS,
            bool(view["over"]),
        )
        return out


assert CARD["SQ"] != CARD["CQ"] and CLUBS in _LAY_COLOURS
