"""Halali as a :class:`~spieltisch.engine.Game`: metadata, options, parsing, sampling.

Variants (HA-R8): ``kosmos`` (default; a points tie goes to more won tiles; a match of
two games with roles swapped) and ``brettspielnetz`` (a tie is a draw; 50 full moves
without a reveal or capture is a draw; a single game). Option ``draw_offers`` allows a
draw by agreement (HA-R11; on under Brettspielnetz rules), ``blue_seat`` names the seat
that plays Blue first, alternated by a rematch (HA-R10).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mypy_extensions import mypyc_attr

from spieltisch.engine import (
    Choice,
    Faces,
    Game,
    GameInfo,
    Option,
    Text,
    View,
)

from . import actions
from .board import (
    COUNTS,
)
from .guide import GUIDE
from .position import payload_of as position_payload
from .position import position_of
from .state import HalaliState, Settings
from .texts import RULE_TEXTS
from .views import sample

INFO = GameInfo(
    name="halali",
    title="Halali!",
    min_players=2,
    max_players=2,
    default_players=2,
    options=(
        Option(
            "variant",
            "kosmos",
            Text("Regelwerk", "Rule set"),
            Text(
                "HA-R8: die Kosmos-Anleitung (bei Punktgleichstand gewinnt, wer mehr Plättchen "
                "gewonnen hat) oder die Brettspielnetz-Seite (Punktgleichstand ist "
                "unentschieden; 50 volle Züge ohne Aufdecken oder Schlagen sind unentschieden).",
                "HA-R8: the Kosmos rulebook (a points tie goes to whoever won more tiles) or the "
                "Brettspielnetz page (a points tie is a draw; 50 full moves without a reveal or "
                "a capture are a draw).",
            ),
            kind=str,
            choices=(
                Choice("kosmos", Text("Kosmos-Anleitung", "Kosmos rulebook")),
                Choice("brettspielnetz", Text("Brettspielnetz", "Brettspielnetz")),
            ),
            rule="HA-R8",
        ),
        Option(
            "match",
            "auto",
            Text("Partie", "Match"),
            Text(
                "Spiele pro Partie: wie im Regelwerk (Kosmos: zwei Spiele mit getauschten "
                "Rollen, Punkte zusammengezählt; Brettspielnetz: ein Spiel), oder fest eins "
                "oder zwei.",
                "Games per match: as the rule set says (Kosmos: two games with the roles "
                "swapped, points added; Brettspielnetz: one game), or always one or two.",
            ),
            kind=str,
            choices=(
                Choice("auto", Text("wie im Regelwerk", "as the rule set says")),
                Choice("single", Text("ein Spiel", "one game")),
                Choice("double", Text("zwei Spiele", "two games")),
            ),
        ),
        Option(
            "draw_offers",
            "auto",
            Text("Remis-Angebote", "Draw offers"),
            Text(
                "HA-R11: ob die Spieler sich auf ein Remis einigen dürfen (einer bietet es an, "
                "der andere nimmt an oder lehnt ab): wie im Regelwerk (Brettspielnetz: ja; "
                "Kosmos: nein), oder fest ja oder nein.",
                "HA-R11: whether the players may agree on a draw (one offers, the other "
                "accepts or declines): as the rule set says (Brettspielnetz: yes; Kosmos: "
                "no), or always yes or no.",
            ),
            kind=str,
            choices=(
                Choice("auto", Text("wie im Regelwerk", "as the rule set says")),
                Choice("on", Text("erlaubt", "allowed")),
                Choice("off", Text("nicht erlaubt", "not allowed")),
            ),
            rule="HA-R11",
        ),
        Option(
            "blue_seat",
            0,
            Text("Blau spielt", "Blue is played by"),
            Text(
                "HA-R10: der Platz, der im ersten Spiel Blau spielt (Blau beginnt). Beim "
                "Rückspiel wechseln die Farben.",
                "HA-R10: the seat that plays Blue in the first game (Blue moves first). A "
                "rematch swaps the colours.",
            ),
            kind=int,
            choices=tuple(Choice(s, Text(f"Platz {s + 1}", f"Seat {s + 1}")) for s in range(2)),
            rule="HA-R10",
        ),
    ),
    chance=True,
    perfect_information=False,
    turn_rule="HA §Spielvorbereitungen",
    rule_texts=RULE_TEXTS,
    guide=GUIDE,
    resign_rule="HA-R9",
    faces=Faces(
        bots=".faces.bots:BOTS",
        review=".faces.review:REVIEW",
        tutorial=".faces.tutorial:LESSON",
        encoder=".faces.state_tensor:HalaliStateEncoder",
        terminal=".faces.terminal:FACE",
        web="halali",
    ),
)


@mypyc_attr(allow_interpreted_subclasses=True)  # a rule set may be redeclared
class Halali(Game[HalaliState]):
    """Rudi Hoffmann's Halali! for two players (Kosmos 2000/2012)."""

    info = INFO

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.settings = Settings.from_options(self.options)

    @property
    def variant(self) -> str:
        return self.settings.variant

    @property
    def games_in_match(self) -> int:
        return self.settings.games_in_match

    def next_options(self, result: Mapping[str, Any] | None, players: int) -> dict[str, Any]:
        """HA-R10: the colours alternate from match to match, so the seat that played
        Brown in this match's first game plays Blue in the rematch's first game."""
        options = dict(self.options)
        options["blue_seat"] = 1 - self.settings.blue_seat
        return options

    def _new_state(self, players: int, seed: int) -> HalaliState:
        return HalaliState(self, players, seed, self.settings)

    def _parse_action(self, text: str) -> actions.HalaliAction:
        return actions.parse_action(text)

    def _action_from_json(self, data: Any) -> actions.HalaliAction:
        return actions.action_from_json(data)

    def _restore(self, state: HalaliState, payload: Any) -> None:
        state._restore(payload)

    def _from_position(self, position: Mapping[str, Any]) -> HalaliState:
        state = self._new_state(2, 0)
        state._restore(position_payload(position))
        return state

    def _position_of(self, state: HalaliState) -> dict[str, Any]:
        return position_of(state._dump())

    def sample_state(self, view: View, seat: int | None, seed: int) -> HalaliState:
        """Deal the unrevealed tiles at random onto the face-down squares (see
        :func:`.views.sample`).

        :raises InvalidNotation: if ``view`` is not a Halali view.
        """
        return sample(self, view, seed)


assert sum(COUNTS) == 48
