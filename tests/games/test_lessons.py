"""Every game's lesson replayed against the engine: a lesson cannot teach a position that
could not occur, a move the rules refuse, or a rule the game does not have."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.bots import levels
from spieltisch.engine import Game, IllegalAction, game_names
from spieltisch.engine.lesson import Lesson, LessonRefusal, Step, step_state, take
from spieltisch.engine.text import LANGS, Text

GAMES = tuple(game_names())


def _lesson(name: str) -> tuple[Game, Lesson]:
    probe = spieltisch.load(name)
    lesson = probe.face("tutorial")
    assert isinstance(lesson, Lesson), f"{name} declares no lesson"
    return spieltisch.load(name, **lesson.options), lesson


def _texts(lesson: Lesson, step: Step) -> list[Text]:
    return [t for t in (lesson.title, lesson.finale, step.text, step.point, step.hint) if t]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_declares_a_lesson_with_unique_steps(name: str) -> None:
    _, lesson = _lesson(name)
    keys = [s.key for s in lesson.steps]
    assert len(keys) >= 4
    assert len(set(keys)) == len(keys)


@pytest.mark.parametrize("name", GAMES)
def test_the_first_real_game_after_a_lesson_can_be_set_up(name: str) -> None:
    game, lesson = _lesson(name)
    players = step_state(game, lesson.steps[0]).players
    assert lesson.bot in levels(game)
    game.check_setup(players)
    spieltisch.load(name, **lesson.options, **lesson.hints).check_setup(players)


@pytest.mark.parametrize("name", GAMES)
def test_every_text_of_a_lesson_is_there_in_every_language(name: str) -> None:
    _, lesson = _lesson(name)
    for step in lesson.steps:
        for text in _texts(lesson, step):
            for lang in LANGS:
                assert text.get(lang).strip(), f"{step.key}: empty {lang} text"
            assert text.de != text.en, f"{step.key}: untranslated {text.en!r}"


@pytest.mark.parametrize("name", GAMES)
def test_every_step_names_a_rule_the_game_has(name: str) -> None:
    game, lesson = _lesson(name)
    for step in lesson.steps:
        assert step.rule in game.info.rule_texts, f"{step.key}: no rule {step.rule}"


@pytest.mark.parametrize("name", GAMES)
def test_every_allowed_move_and_every_reply_is_legal_in_the_steps_position(name: str) -> None:
    game, lesson = _lesson(name)
    for step in lesson.steps:
        state = step_state(game, step)
        assert game.state_from_position(state.position()).position() == state.position()
        if not step.allowed:
            continue
        assert step.hint is not None, f"{step.key}: moves without a hint"
        assert lesson.seat in state.active_seats(), f"{step.key}: the learner may not act"
        for notation in step.allowed:
            played = take(game, lesson, step, notation)
            assert len(played) == 1 + len(step.replies)
            assert played[0].seat == lesson.seat


@pytest.mark.parametrize("name", GAMES)
def test_a_legal_move_the_step_does_not_take_is_refused_with_the_steps_rule(name: str) -> None:
    game, lesson = _lesson(name)
    refused = 0
    for step in lesson.steps:
        if not step.allowed:
            continue
        state = step_state(game, step)
        allowed = {str(game.parse_action(a)) for a in step.allowed}
        for action in state.legal_actions(lesson.seat):
            if str(action) in allowed:
                continue
            with pytest.raises(LessonRefusal) as caught:
                take(game, lesson, step, str(action))
            assert caught.value.rule == step.rule
            assert caught.value.hint == step.hint
            refused += 1
            break
    assert refused, f"{name}: no step ever refuses a legal move, so no hint is shown"


@pytest.mark.parametrize("name", GAMES)
def test_a_move_the_rules_refuse_names_the_rule_with_its_words(name: str) -> None:
    game, lesson = _lesson(name)
    for step in lesson.steps:
        if not step.allowed:
            continue
        state = step_state(game, step)
        other = (lesson.seat + 1) % state.players
        for action in state.legal_actions(other) or state.legal_actions(lesson.seat):
            verdict = state.refusal(lesson.seat, action)
            if verdict is None:
                continue
            with pytest.raises(LessonRefusal) as caught:
                take(game, lesson, step, str(action))
            assert caught.value.rule == verdict.rule
            assert caught.value.rule in game.info.rule_texts
            break


def test_nonsense_is_refused_with_the_steps_hint_and_changes_nothing() -> None:
    game, lesson = _lesson("halali")
    step = lesson.steps[0]
    before = step_state(game, step).position()
    with pytest.raises(LessonRefusal) as caught:
        take(game, lesson, step, "<script>")
    assert caught.value.rule == step.rule
    assert step_state(game, step).position() == before


def test_the_lesson_plays_the_engine_refusal_not_its_own_for_an_illegal_move() -> None:
    game, lesson = _lesson("halali")
    step = lesson.step("who-moves")
    with pytest.raises(LessonRefusal) as caught:
        take(game, lesson, step, "d6-d5")
    assert caught.value.rule == "HA §2"
    assert caught.value.hint == game.info.rule_texts["HA §2"]
    with pytest.raises(IllegalAction):
        step_state(game, step).apply(lesson.seat, game.parse_action("d6-d5"))
