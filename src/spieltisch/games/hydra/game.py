"""Hydra as a :class:`~spieltisch.engine.Game`: metadata, options, parsing, sampling.

Options:

* ``games`` — games in the match; 0 (default) means one full round of dealers, i.e. as
  many games as seats (5, or 6 with six players). Armut redeals do not count (HY 2.2.5).
* ``second_h10_wins`` — HY-R5 option: the second ♥10 beats the first while ♥10 is a
  trump, except in the last trick (default off: the first of two identical cards wins).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mypy_extensions import mypyc_attr

from spieltisch.engine import Faces, Game, GameInfo, InvalidNotation, Option, Text, View

from . import actions
from .guide import GUIDE
from .position import payload_of as position_payload
from .position import position_of
from .state import HydraState, Settings
from .texts import RULE_TEXTS
from .views import sample

MAX_GAMES = 100
"""A bound on the match length so a lobby cannot create an endless table."""

INFO = GameInfo(
    name="hydra",
    title="Hydra",
    min_players=5,
    max_players=6,
    default_players=5,
    options=(
        Option(
            "games",
            0,
            Text("Spiele", "Games"),
            Text(
                "Spiele pro Partie (HY 1.2.2): 0 heißt eine volle Runde der Geber (so viele "
                f"Spiele wie Plätze), sonst 1 bis {MAX_GAMES}. Armut-Neugaben zählen nicht.",
                "Games per match (HY 1.2.2): 0 means one full round of dealers (as many games "
                f"as seats), otherwise 1 to {MAX_GAMES}. Armut redeals do not count.",
            ),
            kind=int,
            minimum=0,
            maximum=MAX_GAMES,
            rule="HY 1.2.2",
        ),
        Option(
            "second_h10_wins",
            False,
            Text("Zweite ♥10 sticht", "Second ♥10 wins"),
            Text(
                "Von zwei ♥10 gewinnt die zweite, solange ♥10 Trumpf ist, außer im letzten "
                "Stich. Sonst gewinnt die erste von zwei gleichen Karten.",
                "Of two ♥10 the second wins while ♥10 is a trump, except in the last trick. "
                "Otherwise the first of two identical cards wins.",
            ),
            kind=bool,
            rule="HY-R5",
        ),
    ),
    chance=True,
    perfect_information=False,
    turn_rule="HY 1.2.3",
    rule_texts=RULE_TEXTS,
    guide=GUIDE,
    relatives=("openspiel:hearts",),
    resign_rule="HY-R11",
    max_plies=None,
    players_rule="HY 1.0.1",
    faces=Faces(
        bots=".faces.bots:BOTS",
        review=".faces.review:REVIEW",
        tutorial=".faces.tutorial:LESSON",
        encoder=".faces.state_tensor:HydraStateEncoder",
        terminal=".faces.terminal:FACE",
        web="hydra",
    ),
)


@mypyc_attr(allow_interpreted_subclasses=True)  # a rule set may be redeclared
class Hydra(Game[HydraState]):
    """Hydra: five-player Doppelkopf relative with two Hydra jokers (50 cards)."""

    info = INFO

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.settings = Settings.from_options(self.options)

    def games_for(self, players: int) -> int:
        """Games in a match of ``players`` seats (option ``games``, 0 = one per seat)."""
        return self.settings.games_for(players)

    def _new_state(self, players: int, seed: int) -> HydraState:
        return HydraState(self, players, seed, self.settings)

    def empty_state(self, players: int, seed: int) -> HydraState:
        """A state with no deal, for ``restore`` to fill: what ``sample_state`` builds on."""
        return HydraState(self, players, seed, self.settings, deal=False)

    def _parse_action(self, text: str) -> actions.HydraAction:
        return actions.parse_action(text)

    def _action_from_json(self, data: Any) -> actions.HydraAction:
        return actions.action_from_json(data)

    def _restore(self, state: HydraState, payload: Any) -> None:
        state.restore(payload)

    def _from_position(self, position: Mapping[str, Any]) -> HydraState:
        hands = position["hands"]
        if not isinstance(hands, list):
            raise InvalidNotation("hands: a list with one string of cards per seat")
        self.check_setup(len(hands))
        state = self._new_state(len(hands), 0)
        state.restore(position_payload(position, state._dump()))
        return state

    def _position_of(self, state: HydraState) -> dict[str, Any]:
        return position_of(state._dump())

    def sample_state(self, view: View, seat: int | None, seed: int) -> HydraState:
        """Deal the cards ``seat`` cannot see at random, consistent with all it can infer.

        See :func:`.views.sample` for the constraints.

        :raises InvalidNotation: if ``view`` is not a Hydra view.
        """
        return sample(self, view, seat, seed)
