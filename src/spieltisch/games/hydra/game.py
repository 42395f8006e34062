"""Hydra as a :class:`~spieltisch.engine.Game`: metadata, options, parsing, sampling.

Options:

* ``games`` — games in the match; 0 (default) means one full round of dealers, i.e. as
  many games as seats (5, or 6 with six players). Armut redeals do not count (HY 2.2.5).
* ``second_h10_wins`` — HY-R5 option: the second ♥10 beats the first while ♥10 is a
  trump, except in the last trick (default off: the first of two identical cards wins).
"""

from __future__ import annotations

from typing import Any

from spieltisch.engine import Game, GameInfo, InvalidOption, Option, View

from . import actions
from .state import HydraState

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
            "Games in the match (HY 1.2.2): 0 = one full round of dealers (as many games as "
            f"seats), else 1..{MAX_GAMES}. Armut redeals do not count.",
            kind=int,
        ),
        Option(
            "second_h10_wins",
            False,
            "HY-R5 option: of two ♥10 the second wins while ♥10 is a trump, except in the "
            "last trick. Default: the first of two identical cards wins.",
            kind=bool,
        ),
    ),
    chance=True,
    perfect_information=False,
    turn_rule="HY 1.2.3",
    max_plies=None,
)


class Hydra(Game):
    """Hydra: five-player Doppelkopf relative with two Hydra jokers (50 cards)."""

    info = INFO

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if not 0 <= self.options["games"] <= MAX_GAMES:
            raise InvalidOption(
                f"option 'games' must be 0..{MAX_GAMES}, got {self.options['games']!r}"
            )

    def games_for(self, players: int) -> int:
        """Games in a match of ``players`` seats (option ``games``, 0 = one per seat)."""
        n = int(self.options["games"])
        return n if n else players

    def new_state(self, players: int | None = None, seed: int = 0) -> HydraState:
        state = super().new_state(players, seed)
        assert isinstance(state, HydraState)
        return state

    def _new_state(self, players: int, seed: int) -> HydraState:
        return HydraState(self, players, seed)

    def parse_action(self, text: str) -> actions.HydraAction:
        return actions.parse_action(text)

    def action_from_json(self, data: Any) -> actions.HydraAction:
        return actions.action_from_json(data)

    def _restore(self, state: HydraState, payload: Any) -> None:
        state.restore(payload)

    def sample_state(self, view: View, seat: int | None, seed: int) -> HydraState:
        """Deal the cards ``seat`` cannot see at random, consistent with all it can infer.

        See :mod:`.sampling` for the constraints.

        :raises InvalidNotation: if ``view`` is not a Hydra view.
        """
        from .sampling import sample

        return sample(self, view, seat, seed)
