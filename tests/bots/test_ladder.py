"""The ladder is read from the game: its ``bots`` face and its dynamics, never its name.

The games here are registered games re-declared under another name with other faces,
as a game without bots (or a new game) would declare itself.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from spieltisch.bots import (
    GameBots,
    RandomBot,
    RolloutSettings,
    SearchSettings,
    levels,
    make,
    unproven,
)
from spieltisch.bots.declaration import declared
from spieltisch.bots.ismcts import BotPolicy, ISMCTSBot, Rewards
from spieltisch.bots.rollout import RolloutBot
from spieltisch.engine import Dynamics, Faces, Game, SpieltischError, game_class, game_names
from tests.helpers.sampling import play_with_search

OWN_EXPERT = GameBots(levels={"rules": RandomBot, "expert": RandomBot})
"""A declaration whose own ``expert`` replaces the search level of that name."""
NOT_A_LADDER = {"rules": RandomBot}


def _level_judge(state: object) -> Rewards:
    return [0.5] * 5


def _game_judge(state: object) -> Rewards:
    return [0.0] * 5


OWN_JUDGE = GameBots(
    levels={"rules": RandomBot},
    rollouts={"strong": RolloutSettings(rollouts=4, horizon=2, evaluate=_level_judge)},
    evaluate=_game_judge,
)
"""A declaration whose ``strong`` judges its cut-off rollouts by its own evaluator."""


class Guide(RandomBot):
    """A policy that guides ``ismcts`` in place of the ``rules`` level."""


GUIDED = GameBots(
    levels={"rules": RandomBot},
    search=SearchSettings(iterations=4, epsilon=0.0, guide=Guide),
)
"""A declaration whose ``ismcts`` is guided by another policy than ``rules``."""
REORDERED = GameBots(
    levels={"rules": RandomBot},
    order=("random", "ismcts", "rules", "strong", "expert"),
    unproven=frozenset({"rules", "ismcts"}),
)
"""A declaration that places ``ismcts`` below ``rules``, as measured in Kalooki."""
MISORDERED = GameBots(levels={"rules": RandomBot}, order=("random", "rules", "strong", "expert"))
"""An order that leaves out one of the levels."""
DOUBTFUL = GameBots(levels={"rules": RandomBot}, unproven=frozenset({"expert", "ismcts"}))
"""A declaration that marks two search levels as not shown to be stronger."""


def redeclared(base: str, name: str, faces: Faces) -> Game:
    """Game ``base`` declared as ``name`` with ``faces`` instead of its own."""
    cls = game_class(base)
    info = replace(cls.info, name=name, faces=faces)
    game: Game = type(f"Redeclared{cls.__name__}", (cls,), {"info": info})()
    return game


def test_a_turn_based_game_without_bots_gets_random_and_the_search_levels() -> None:
    game = redeclared("hydra", "hydra-no-bots", Faces())
    assert game.info.dynamics is Dynamics.TURN_BASED
    assert levels(game) == ["random", "ismcts", "strong", "expert"]
    strong = make(game, "strong", seed=1, iterations=6)
    assert isinstance(strong, RolloutBot) and type(strong.base) is RandomBot
    assert strong.evaluate is None and strong.horizon is None and strong.stop is None
    play_with_search(game.new_state(seed=2), strong, 2)
    search = make(game, "ismcts", seed=1, iterations=4)
    assert isinstance(search, ISMCTSBot) and search.guide is None
    play_with_search(game.new_state(seed=2), search, 2)


def test_a_real_time_game_gets_no_search_levels() -> None:
    bare = redeclared("halligalli", "halligalli-no-bots", Faces())
    assert bare.info.dynamics is Dynamics.REAL_TIME
    assert levels(bare) == ["random"]
    with pytest.raises(SpieltischError, match="no bot level 'strong'"):
        make(bare, "strong")
    with pytest.raises(SpieltischError, match="real-time"):
        ISMCTSBot(bare)
    own = game_class("halligalli")()
    assert levels(own) == ["random", "beginner", "average", "expert"]


def test_a_game_level_replaces_the_search_level_of_its_name() -> None:
    game = redeclared("hydra", "hydra-own-expert", Faces(bots=f"{__name__}:OWN_EXPERT"))
    assert levels(game) == ["random", "rules", "expert", "ismcts", "strong"]
    assert type(make(game, "expert")) is RandomBot
    assert isinstance(make(game, "strong", iterations=2), RolloutBot)


def test_a_rollout_level_may_judge_its_cut_offs_by_its_own_evaluator() -> None:
    """``RolloutSettings.evaluate`` wins over the game's for that level only."""
    game = redeclared("hydra", "hydra-own-judge", Faces(bots=f"{__name__}:OWN_JUDGE"))
    strong = make(game, "strong", seed=1)
    assert isinstance(strong, RolloutBot)
    assert strong.evaluate is _level_judge and strong.horizon == 2
    expert = make(game, "expert", seed=1)
    assert isinstance(expert, RolloutBot) and expert.evaluate is _game_judge


def test_a_bots_face_that_is_not_a_ladder_is_refused() -> None:
    game = redeclared("hydra", "hydra-bad-bots", Faces(bots=f"{__name__}:NOT_A_LADDER"))
    with pytest.raises(SpieltischError, match="not a GameBots"):
        levels(game)


def test_a_game_may_place_a_search_level_below_its_own_levels() -> None:
    """``GameBots.order`` is the ladder's order everywhere it is read: the level list
    the lobby offers, ``make``, and the unproven list."""
    game = redeclared("hydra", "hydra-reordered", Faces(bots=f"{__name__}:REORDERED"))
    assert levels(game) == ["random", "ismcts", "rules", "strong", "expert"]
    assert unproven(game) == ["ismcts", "rules"]
    assert isinstance(make(game, "ismcts", seed=1, iterations=2), ISMCTSBot)
    assert levels(game_class("kalooki")()) == ["random", "ismcts", "rules", "strong", "expert"]


def test_an_order_that_does_not_name_every_level_once_is_refused() -> None:
    game = redeclared("hydra", "hydra-misordered", Faces(bots=f"{__name__}:MISORDERED"))
    with pytest.raises(SpieltischError, match="exactly once"):
        levels(game)
    with pytest.raises(SpieltischError, match="exactly once"):
        make(game, "rules")


def test_unproven_levels_are_levels_of_the_ladder_in_its_order() -> None:
    """What the lobby marks as "not shown to be stronger" must be a level it offers."""
    for name in game_names():
        game = game_class(name)()
        ladder = levels(game)
        doubtful = unproven(game)
        assert set(declared(game).unproven) <= set(ladder), name
        assert doubtful == [level for level in ladder if level in doubtful]
        assert "random" not in doubtful  # the bottom rung has nothing below it
    game = redeclared("hydra", "hydra-doubtful", Faces(bots=f"{__name__}:DOUBTFUL"))
    assert unproven(game) == ["ismcts", "expert"]


def test_a_search_guide_replaces_rules_in_ismcts_only() -> None:
    """``SearchSettings.guide`` plays ``ismcts``'s rollouts and gives the move it keeps;
    ``strong`` and ``expert`` still improve on the ``rules`` level."""
    game = redeclared("hydra", "hydra-guided", Faces(bots=f"{__name__}:GUIDED"))
    search = make(game, "ismcts", seed=3)
    assert isinstance(search, ISMCTSBot) and isinstance(search.rollout, BotPolicy)
    assert type(search.rollout.bot) is Guide and search.guiding_bot() is search.rollout.bot
    play_with_search(game.new_state(seed=2), search, 2)
    strong = make(game, "strong", seed=3, iterations=4)
    assert isinstance(strong, RolloutBot) and type(strong.base) is RandomBot
