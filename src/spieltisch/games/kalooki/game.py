"""Kalooki as a :class:`~spieltisch.engine.Game`: metadata, options, parsing, sampling.

Options: ``format`` ``ring`` (default, one deal per pot, payout KA-R8) or ``club`` (deals
until one player is left, a player passing 150 is out); ``stake`` per player (the pot is
all stakes); ``six_players`` allows 5 and 6 players (KA-R1 option; 2–4 otherwise).
"""

from __future__ import annotations

from typing import Any

from spieltisch.engine import (
    Game,
    GameInfo,
    InvalidNotation,
    InvalidOption,
    InvalidPlayers,
    Option,
    View,
)

from . import actions
from .state import KalookiState
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
            "KA-R8: 'ring' plays one deal per pot and pays it out by penalties; 'club' plays "
            "deals until one player is left (a player whose total passes 150 is out).",
            choices=("ring", "club"),
            kind=str,
        ),
        Option(
            "stake", 10, "KA-R8: what each player puts in the pot (a positive integer).", kind=int
        ),
        Option(
            "six_players",
            False,
            "KA-R1 option: allow 5 or 6 players (2–4 without it).",
            kind=bool,
        ),
    ),
    chance=True,
    perfect_information=False,
    turn_rule="KA §Zug",
    max_plies=None,
)


class Kalooki(Game):
    """Kalooki (Kaluki): two-deck rummy with a 51 opening (KA-R1..KA-R10)."""

    info = INFO

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self.options["stake"] < 1:
            raise InvalidOption(f"option 'stake' must be at least 1, got {self.options['stake']!r}")

    @property
    def format(self) -> str:
        return str(self.options["format"])

    @property
    def stake(self) -> int:
        return int(self.options["stake"])

    def new_state(self, players: int | None = None, seed: int = 0) -> KalookiState:
        """A new game; more than 4 players needs the ``six_players`` option (KA-R1).

        :raises InvalidPlayers: outside 2–4 (2–6 with the option).
        """
        if (
            isinstance(players, int)
            and not isinstance(players, bool)
            and 4 < players <= 6
            and not self.options["six_players"]
        ):
            raise InvalidPlayers(
                f"kalooki is played by 2 to 4 players, not {players} "
                "(5 or 6 with the option six_players=True, KA-R1)"
            )
        state = super().new_state(players, seed)
        assert isinstance(state, KalookiState)
        return state

    def _new_state(self, players: int, seed: int) -> KalookiState:
        return KalookiState(self, players, seed)

    def parse_action(self, text: str) -> actions.KalookiAction:
        return actions.parse_action(text)

    def action_from_json(self, data: Any) -> actions.KalookiAction:
        return actions.action_from_json(data)

    def _restore(self, state: KalookiState, payload: Any) -> None:
        restore(state, payload)

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
