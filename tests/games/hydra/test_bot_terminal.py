"""The rules bot and the terminal face play whole matches from views alone."""

from __future__ import annotations

from rich.console import Console

from spieltisch import bots
from spieltisch.games.hydra import Hydra
from spieltisch.games.hydra.cards import FARB, STANDARD
from spieltisch.games.hydra.faces.bots import RulesBot, best_contract
from spieltisch.games.hydra.phases import Phase
from spieltisch.terminal import face

from .helpers import cards


def test_rules_bot_is_registered_and_plays_legal_matches():
    game = Hydra(games=2)
    assert "rules" in bots.levels(game)
    for seed in range(6):
        state = game.new_state(5 + seed % 2, seed)
        players = [bots.make(game, "rules", seed=s) for s in range(state.players)]
        while not state.is_over():
            seat = state.active_seats()[0]
            view = state.view(seat)
            action = players[seat].plan(view, seat, 0.0).action
            assert str(action) in view["legal_actions"]
            state.apply(seat, action)
        result = state.result()
        assert result is not None and sum(result.scores) == 0


def test_rules_bot_bids_solo_with_a_strong_hand_and_antrag_with_weak_queens():
    assert best_contract(cards("HY HY HA HA H10 H10 HK HQ CA SA"))[0] == FARB + 1
    game = Hydra()
    bot = RulesBot(game)
    state = game.new_state(5, 0)
    strong = cards("HY HY H10 H10 CQ CQ SQ SQ HQ DA")
    weak_queens = cards("CQ CQ D9 DK H9 HK S9 SK CK C9")
    for hand, word in ((strong, "morbus"), (weak_queens, "morbus")):
        state.hands[0] = sorted(hand)
        assert str(bot.plan(state.view(0), 0, 0.0).action) == word
    assert best_contract(strong)[0] == STANDARD
    state.phase, state.said[0] = Phase.SPECIFY, "morbus"
    state.hands[0] = sorted(strong)
    assert str(bot.plan(state.view(0), 0, 0.0).action) == "solo"
    state.hands[0] = sorted(weak_queens)
    assert str(bot.plan(state.view(0), 0, 0.0).action) == "antrag"


def test_terminal_face_renders_every_phase_in_both_languages():
    console = Console(file=open("/dev/null", "w"), width=100)  # noqa: SIM115
    game = Hydra(games=1)
    look = face(game)
    for seed in range(2):
        state = game.new_state(5 + seed % 2, seed)
        players = [bots.make(game, "rules", seed=s) for s in range(state.players)]
        while not state.is_over():
            seat = state.active_seats()[0]
            for lang in ("en", "de")[state.ply % 2 :]:
                console.print(look.render(state.view(seat), lang))
            events = state.apply(seat, players[seat].plan(state.view(seat), seat, 0.0).action)
            for event in events:
                for lang in ("en", "de"):
                    line = look.describe(event, lang, 0)
                    assert line is None or isinstance(line, str)
        for lang in ("en", "de"):
            console.print(look.result(state.view(0), lang, 0))
