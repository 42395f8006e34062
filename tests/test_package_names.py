"""The package's names: ``spieltisch.games`` is the subpackage of the games, always.

The registry's list of names used to be exported as ``spieltisch.games`` too, so which
of the two a caller got depended on import order; the list is ``game_names`` now.
"""

import importlib
import types

import spieltisch
import spieltisch.games


def test_spieltisch_games_is_the_subpackage_after_a_game_is_imported() -> None:
    importlib.import_module("spieltisch.games.halali")
    assert isinstance(spieltisch.games, types.ModuleType)
    assert spieltisch.games.__name__ == "spieltisch.games"


def test_game_names_lists_every_registered_game_sorted() -> None:
    names = spieltisch.game_names()
    assert names == sorted(names)
    assert {"halali", "halligalli", "hydra", "kalooki"} <= set(names)


def test_the_original_call_spieltisch_games_still_lists_the_games() -> None:
    """``spieltisch.games()`` is the public contract outside suites use: the subpackage
    answers it, before and after a game module was imported."""
    listed = spieltisch.games()  # type: ignore[operator]
    importlib.import_module("spieltisch.games.kalooki")
    assert listed == spieltisch.games() == spieltisch.game_names()  # type: ignore[operator]
