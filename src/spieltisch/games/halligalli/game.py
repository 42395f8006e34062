"""Halli-Galli-Extreem as a :class:`~spieltisch.engine.Game`: metadata, options, parsing,
sampling from a view.

Options (every *(option)* of the rulings, plus the table settings HG-R9 and HG-R13 ask
for): ``full_deck`` (HG-R1), ``stray_cards`` (HG-R7), ``handicap_ms`` (HG-R9),
``card_backs`` (whether the editions' different backs are shown, the appendix's "Kenner"
remark) and ``first_flipper`` (HG-R13, for a series of games).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mypy_extensions import mypyc_attr

from spieltisch.engine import (
    Choice,
    Dynamics,
    Faces,
    Game,
    GameInfo,
    InvalidNotation,
    InvalidOption,
    Option,
    Text,
    View,
)

from . import actions
from .guide import GUIDE
from .position import payload_of as position_payload
from .position import position_of
from .state import PLY_CAP, TURN_RULE, HalliGalliState, Settings
from .texts import RULE_TEXTS
from .views import sample

MAX_HANDICAP_MS = 5000

MAX_SEATS = 6

INFO = GameInfo(
    name="halligalli",
    abandoned_after=120.0,  # a reaction game: two minutes without anyone at the table
    title="Halli-Galli-Extreem",
    min_players=3,
    max_players=MAX_SEATS,
    default_players=6,
    options=(
        Option(
            "full_deck",
            False,
            Text("Alle 128 Karten", "All 128 cards"),
            Text(
                "HG-R1: Aus (Standard) spielt 120 Karten, ohne je 2 Einfrucht-Karten pro "
                "Frucht, wie der Anhang empfiehlt; an spielt alle 128 (Reste des Austeilens "
                "werden das Extraleben des ersten Schwimmers, HG-R6).",
                "HG-R1: off (default) plays 120 cards, without 2 one-fruit cards per fruit as "
                "the appendix recommends; on plays all 128 (cards left over from the deal "
                "become the first swimmer's extra life, HG-R6).",
            ),
            kind=bool,
            rule="HG-R1",
        ),
        Option(
            "stray_cards",
            True,
            Text("Streukarten", "Stray cards"),
            Text(
                "HG-R7 (§4.2): an (Standard) lässt Spieler mit Karten außer der Reihe "
                "aufdecken; die Karte bleibt liegen und zählt. Aus: strenge Reihenfolge.",
                "HG-R7 (§4.2): on (default) lets players with cards flip out of turn; the card "
                "stays and counts. Off: strict turns.",
            ),
            kind=bool,
            rule="HG-R7",
        ),
        Option(
            "handicap_ms",
            "",
            Text("Vorgabe (ms)", "Handicap (ms)"),
            Text(
                "HG-R9 (§4.4): Klingelverzögerung pro Platz in Millisekunden, kommagetrennt "
                f"in Platzreihenfolge, z. B. „0,0,250“ (fehlende Plätze: 0; höchstens "
                f"{MAX_HANDICAP_MS}).",
                "HG-R9 (§4.4): ring delay per seat in milliseconds, comma-separated in seat "
                f"order, e.g. '0,0,250' (missing seats: 0; at most {MAX_HANDICAP_MS}).",
            ),
            kind=str,
            rule="HG-R9",
        ),
        Option(
            "card_backs",
            True,
            Text("Kartenrücken zeigen", "Show card backs"),
            Text(
                "Anhang: Die beiden Ausgaben haben verschiedene Rückseiten. An (Standard) "
                "zeigt allen die Ausgabe der obersten Karte jedes Nachziehstapels.",
                "Appendix: the two editions have different backs. On (default) shows everyone "
                "the edition of every draw pile's top card.",
            ),
            kind=bool,
        ),
        Option(
            "first_flipper",
            -1,
            Text("Wer beginnt", "First to flip"),
            Text(
                "HG-R13: der Platz, der zuerst aufdeckt, ausgelost (Standard) oder fest. In "
                "einer Serie beginnt der Platz links vom letzten Sieger.",
                "HG-R13: the seat that flips first, drawn by lot (default) or fixed. In a "
                "series, the seat left of the last winner starts.",
            ),
            kind=int,
            choices=(
                Choice(-1, Text("ausgelost", "drawn by lot")),
                *(Choice(s, Text(f"Platz {s + 1}", f"Seat {s + 1}")) for s in range(MAX_SEATS)),
            ),
            rule="HG-R13",
        ),
        Option(
            "coach",
            False,
            Text("Trainer", "Coach"),
            Text(
                "Tischeinstellung: zeigt jedem die Chance, dass die nächste Karte das "
                "Klingeln richtig macht. In gewerteten Spielen aus; die Regeln ändern sich "
                "nicht.",
                "Table setting: shows each player the chance that the next card makes the "
                "bell right. Off in rated play; the rules do not change.",
            ),
            kind=bool,
        ),
    ),
    chance=True,
    perfect_information=False,
    turn_rule=TURN_RULE,
    rule_texts=RULE_TEXTS,
    guide=GUIDE,
    resign_rule="HG-R14",
    max_plies=PLY_CAP,
    dynamics=Dynamics.REAL_TIME,
    players_rule="HG §1.1",
    faces=Faces(
        bots=".faces.bots:BOTS",
        review=".faces.review:REVIEW",
        tutorial=".faces.tutorial:LESSON",
        encoder=".faces.state_tensor:HalliGalliStateEncoder",
        realtime=".faces.realtime:ADAPTER",
        web="halligalli",
    ),
)


def _handicap_error(de: str, en: str) -> InvalidOption:
    return InvalidOption(
        Text(f"Vorgabe (ms): {de}", f"handicap_ms: {en}"), option="handicap_ms", rule="HG-R9"
    )


def _parse_handicaps(text: str) -> list[int]:
    if not text.strip():
        return []
    out = []
    for part in text.split(","):
        try:
            ms = int(part.strip())
        except ValueError:
            raise _handicap_error(
                f"„{part.strip()}“ sind keine ganzen Millisekunden",
                f"{part.strip()!r} is not whole milliseconds",
            ) from None
        if not 0 <= ms <= MAX_HANDICAP_MS:
            raise _handicap_error(
                f"{ms} liegt nicht zwischen 0 und {MAX_HANDICAP_MS}",
                f"{ms} is outside 0..{MAX_HANDICAP_MS}",
            )
        out.append(ms)
    if len(out) > MAX_SEATS:
        raise _handicap_error(f"höchstens {MAX_SEATS} Plätze", f"at most {MAX_SEATS} seats")
    return out


@mypyc_attr(allow_interpreted_subclasses=True)  # a rule set may be redeclared
class HalliGalli(Game[HalliGalliState]):
    """Halli-Galli-Extreem: house rules for 3–6 players on the combined decks."""

    info = INFO

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._handicaps = _parse_handicaps(self.options["handicap_ms"])
        self.settings = Settings(
            full_deck=bool(self.options["full_deck"]),
            stray_cards=bool(self.options["stray_cards"]),
            show_backs=bool(self.options["card_backs"]),
            handicaps=tuple(self._handicaps),
            first_flipper=int(self.options["first_flipper"]),
        )

    @property
    def full_deck(self) -> bool:
        return self.settings.full_deck

    @property
    def stray_cards(self) -> bool:
        return self.settings.stray_cards

    @property
    def show_backs(self) -> bool:
        return self.settings.show_backs

    def handicaps(self, players: int) -> list[int]:
        """Ring delay per seat in milliseconds (HG-R9)."""
        return self.settings.handicap_ms(players)

    def first_flipper(self, players: int, seed: int) -> int:
        return self.settings.first(players, seed)

    def _check_setup(self, players: int) -> None:
        """HG-R13: the first flipper is a seat at the table; HG-R9: handicaps name seats."""
        first = int(self.options["first_flipper"])
        if first >= players:
            raise InvalidOption(
                Text(
                    f"Wer beginnt: Platz {first + 1} gibt es bei {players} Spielern nicht",
                    f"first_flipper: seat {first + 1} does not exist with {players} players",
                ),
                option="first_flipper",
                rule="HG-R13",
            )
        if any(self._handicaps[players:]):
            raise _handicap_error(
                f"nennt mehr als {players} Plätze", f"names more than {players} seats"
            )

    def next_options(self, result: Mapping[str, Any] | None, players: int) -> dict[str, Any]:
        """HG-R13 (HG §4.5): the next game of a series begins left of the last winner; a
        game without a sole winner keeps how the first flipper is chosen."""
        options = dict(self.options)
        details = (result or {}).get("details") or {}
        nxt = details.get("next_first_flipper")
        if isinstance(nxt, int) and 0 <= nxt < players:
            options["first_flipper"] = nxt
        return options

    def _new_state(self, players: int, seed: int) -> HalliGalliState:
        return HalliGalliState(self, players, seed, self.settings)

    def _parse_action(self, text: str) -> actions.HalliGalliAction:
        return actions.parse_action(text)

    def _action_from_json(self, data: Any) -> actions.HalliGalliAction:
        return actions.action_from_json(data)

    def _restore(self, state: HalliGalliState, payload: Any) -> None:
        state._restore(payload)

    def _from_position(self, position: Mapping[str, Any]) -> HalliGalliState:
        draw = position["draw"]
        if not isinstance(draw, list) or len(position["table"]) != len(draw):
            raise InvalidNotation("draw and table: one string of cards per seat each")
        self.check_setup(len(draw))
        state = self._new_state(len(draw), 0)
        state._restore(position_payload(position, state._dump()))
        return state

    def _position_of(self, state: HalliGalliState) -> dict[str, Any]:
        return position_of(state._dump())

    def sample_state(self, view: View, seat: int | None, seed: int) -> HalliGalliState:
        """Deal the unseen cards at random, consistent with ``view`` (see
        :func:`.views.sample`).

        :raises InvalidNotation: if ``view`` is not a Halli Galli view of these options.
        """
        return sample(self, view, seat, seed)
