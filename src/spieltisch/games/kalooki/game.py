"""Kalooki as a :class:`~spieltisch.engine.Game`: metadata, options, parsing, sampling.

Options: ``format`` ``ring`` (default, one deal per pot, payout KA-R8) or ``club`` (deals
until one player is left, a player passing 150 is out); ``stake`` per player (the pot is
all stakes); ``six_players`` allows 5 and 6 players (KA-R1 option; 2–4 otherwise).
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
    InvalidNotation,
    Option,
    PlayerLimit,
    Text,
    View,
)

from . import actions
from .guide import GUIDE
from .position import payload_of as position_payload
from .position import position_of
from .state import KalookiState, Settings
from .texts import RULE_TEXTS
from .views import restore, state_from_view

INFO = GameInfo(
    name="kalooki",
    title="Kalooki",
    min_players=2,
    max_players=6,
    default_players=4,
    options=(
        Option(
            "format",
            "ring",
            Text("Spielform", "Format"),
            Text(
                "KA-R8: Ring spielt eine Runde pro Pott und zahlt ihn nach Strafpunkten aus; "
                "Club spielt Runden, bis ein Spieler übrig ist (wer über 150 Punkte kommt, "
                "scheidet aus).",
                "KA-R8: Ring plays one deal per pot and pays it out by penalty points; Club "
                "plays deals until one player is left (a player whose total passes 150 is out).",
            ),
            kind=str,
            choices=(
                Choice("ring", Text("Ring (eine Runde pro Pott)", "Ring (one deal per pot)")),
                Choice("club", Text("Club (bis einer übrig ist)", "Club (until one is left)")),
            ),
            rule="KA-R8",
        ),
        Option(
            "stake",
            10,
            Text("Einsatz", "Stake"),
            Text(
                "KA-R8: was jeder Spieler in den Pott legt (eine ganze Zahl von 1 bis 10 000).",
                "KA-R8: what each player puts in the pot (a whole number from 1 to 10,000).",
            ),
            kind=int,
            minimum=1,
            maximum=10_000,
            rule="KA-R8",
        ),
        Option(
            "restock_limit",
            0,
            Text("Höchstens so oft umdrehen", "Restock limit"),
            Text(
                "KA-R9: wie oft der Abwurfstapel höchstens als neuer Talon umgedreht wird; "
                "läuft der Talon danach noch einmal leer, endet die Runde ohne Gewinner. "
                "0 (Standard): so oft wie nötig, wie die Regel es sagt.",
                "KA-R9: how many times at most the discard pile is turned over as the new "
                "stock; when the stock runs out once more the deal ends without a winner. "
                "0 (default): as often as needed, as the rules say.",
            ),
            kind=int,
            minimum=0,
            maximum=100,
            rule="KA-R9",
        ),
        Option(
            "first_dealer",
            -1,
            Text("Erster Geber", "First dealer"),
            Text(
                "KA-R1: der Platz, der die erste Runde gibt; links von ihm wird begonnen. "
                "Standard: der letzte Platz, so beginnt Platz 1. Beim Rückspiel gibt der "
                "nächste Platz.",
                "KA-R1: the seat that deals the first deal; the player on its left begins. "
                "Default: the last seat, so seat 1 begins. A rematch is dealt by the next "
                "seat.",
            ),
            kind=int,
            minimum=-1,
            maximum=5,
            rule="KA-R1",
        ),
        Option(
            "six_players",
            False,
            Text("Fünf oder sechs Spieler", "Five or six players"),
            Text(
                "KA-R1: erlaubt 5 oder 6 Spieler (sonst 2 bis 4).",
                "KA-R1: allow 5 or 6 players (2 to 4 otherwise).",
            ),
            kind=bool,
            rule="KA-R1",
        ),
    ),
    chance=True,
    perfect_information=False,
    turn_rule="KA §Zug",
    rule_texts=RULE_TEXTS,
    guide=GUIDE,
    relatives=("openspiel:gin_rummy", "rlcard:gin-rummy"),
    relatives_players=2,
    resign_rule="KA-R11",
    max_plies=None,
    players_rule="KA-R1",
    player_limits=(PlayerLimit("six_players", False, 4, "KA-R1"),),
    faces=Faces(
        bots=".faces.bots:BOTS",
        review=".faces.review:REVIEW",
        tutorial=".faces.tutorial:LESSON",
        encoder=".faces.state_tensor:KalookiStateEncoder",
        terminal=".faces.terminal:FACE",
        hints=".faces.hints:HINTS",
        web="kalooki",
    ),
)


@mypyc_attr(allow_interpreted_subclasses=True)  # a rule set may be redeclared
class Kalooki(Game[KalookiState]):
    """Kalooki (Kaluki): two-deck rummy with a 51 opening (KA-R1..KA-R10)."""

    info = INFO

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.settings = Settings.from_options(self.options)

    @property
    def format(self) -> str:
        return self.settings.format

    @property
    def stake(self) -> int:
        return self.settings.stake

    def next_options(self, result: Mapping[str, Any] | None, players: int) -> dict[str, Any]:
        """KA-R1: the deal rotates clockwise, from pot to pot too: the next game is dealt
        by the seat left of this game's first dealer."""
        options = dict(self.options)
        first = int(options.get("first_dealer", -1))
        dealer = first if 0 <= first < players else players - 1
        options["first_dealer"] = (dealer + 1) % players
        return options

    def _new_state(self, players: int, seed: int) -> KalookiState:
        return KalookiState(self, players, seed, self.settings)

    def _parse_action(self, text: str) -> actions.KalookiAction:
        return actions.parse_action(text)

    def _action_from_json(self, data: Any) -> actions.KalookiAction:
        return actions.action_from_json(data)

    def _restore(self, state: KalookiState, payload: Any) -> None:
        restore(state, payload)

    def _from_position(self, position: Mapping[str, Any]) -> KalookiState:
        hands = position["hands"]
        if not isinstance(hands, list):
            raise InvalidNotation("hands: a list with one string of cards per seat")
        self.check_setup(len(hands))
        state = self._new_state(len(hands), 0)
        restore(state, position_payload(position, state._dump()))
        return state

    def _position_of(self, state: KalookiState) -> dict[str, Any]:
        return position_of(state._dump())

    def sample_state(self, view: View, seat: int | None, seed: int) -> KalookiState:
        """Deal the unseen cards at random to the other hands (after the cards each is
        known to hold) and the stock; everything else from the view.

        :raises InvalidNotation: if ``view`` is not a Kalooki view.
        """
        try:
            state: KalookiState = state_from_view(self, view, seat, seed)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            if isinstance(exc, InvalidNotation):
                raise
            raise InvalidNotation(f"not a Kalooki view: {exc!r}") from exc
        return state
