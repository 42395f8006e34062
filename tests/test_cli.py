"""The ``spieltisch`` command line, driven through Typer's test runner with piped input."""

from __future__ import annotations

import json
import random

from rich.console import Console
from typer.testing import CliRunner

import spieltisch
from spieltisch import bots
from spieltisch.cli import _play_loop, app
from spieltisch.terminal import PLAIN, face, plain_render

runner = CliRunner()


def play(*args: str, lines: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, ["play", "halali", *args], input="\n".join(lines) + "\n")
    return result.exit_code, result.output


def test_play_help_lists_the_legal_moves() -> None:
    code, out = play("--seed", "1", "--bot", "random", lines=["help", "quit"])
    assert code == 0, out
    assert "Legal moves (48)" in out
    assert "flip: b2 c2" in out
    assert "Game abandoned." in out


def test_play_illegal_move_names_the_rule_and_asks_again() -> None:
    """Moving a face-down tile is refused with HA-R3; the game goes on after a flip."""
    code, out = play("--seed", "1", "--bot", "random", lines=["c4-c7", "flip c4", "quit"])
    assert code == 0, out
    assert "Not allowed (HA-R3)" in out
    assert "You: flip c4" in out
    assert "Bot 1: " in out  # the bot answered


def test_play_unreadable_move_is_explained() -> None:
    code, out = play("--bot", "random", lines=["jump around", "quit"])
    assert code == 0
    assert "Cannot read 'jump around'" in out


def test_play_in_german() -> None:
    code, out = play("--lang", "de", "--bot", "random", lines=["e5-e6", "hilfe", "ende"])
    assert code == 0
    assert "Erlaubte Züge" in out
    assert "Nicht erlaubt (" in out
    assert "Spiel abgebrochen." in out


def test_play_as_brown_lets_the_bot_open() -> None:
    """Seat 1 is brown in the first game; blue (the bot) moves first."""
    code, out = play("--seat", "1", "--bot", "rules", "--seed", "4", lines=["quit"])
    assert code == 0
    assert out.index("Bot 0: flip") < out.index("Your move")
    assert "You play Brown" in out


def test_play_ends_quietly_when_input_ends() -> None:
    code, out = play("--bot", "random", lines=[])
    assert code == 0
    assert "Input ended" in out


def test_play_refuses_a_bad_seat_game_or_level() -> None:
    assert runner.invoke(app, ["play", "halali", "--seat", "2"]).exit_code == 2
    assert runner.invoke(app, ["play", "chess"]).exit_code == 2
    bad_level = runner.invoke(app, ["play", "halali", "--bot", "grandmaster"])
    assert bad_level.exit_code == 2
    assert "no bot level" in bad_level.output


def test_a_whole_match_to_the_final_score() -> None:
    """The loop plays both games of a Kosmos match and the result shows every game."""
    game = spieltisch.load("halali")
    state = game.new_state(seed=8)
    console = Console(record=True, width=100)
    rng = random.Random(8)

    def read(prompt: str) -> str:
        return str(rng.choice(state.legal_actions(0)))

    opponents = {1: bots.make(game, "rules", seed=1)}
    assert _play_loop(console, state, 0, opponents, face(spieltisch.load("halali")), "en", read)
    assert state.is_over()
    console.print(face(spieltisch.load("halali")).result(state.view(0), "en", 0))
    out = console.export_text()
    assert "Game 1 over" in out
    assert "roles swapped, you now play Brown" in out
    assert "Match total" in out
    assert any(v in out for v in ("You win!", "You lose.", "A draw."))


def test_games_lists_halali_with_its_options() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "halali" in result.output
    assert "variant = 'kosmos'" in result.output
    data = json.loads(runner.invoke(app, ["games", "--json"]).stdout)
    halali = next(g for g in data if g["name"] == "halali")
    assert {o["name"] for o in halali["options"]} == {
        "variant",
        "match",
        "draw_offers",
        "blue_seat",
    }
    assert "rules" in halali["bot_levels"]


def test_duel_json() -> None:
    result = runner.invoke(app, ["duel", "halali", "rules", "random", "-n", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["matches"] == 2
    assert data["wins"] + data["draws"] + data["losses"] == 2


def test_a_game_without_a_terminal_face_is_drawn_plain() -> None:
    assert spieltisch.load("halligalli").info.faces.terminal is None
    assert face(spieltisch.load("halligalli")) is PLAIN
    assert PLAIN.render is plain_render
    assert face(spieltisch.load("kalooki")).render is not plain_render


def test_halali_board_shows_kinds_guns_exits_and_the_last_move() -> None:
    """HA-R1 frame and exits, HA-R2 gun arrows; face-down tiles show only their back."""
    from tests.helpers.halali import make_state

    state = make_state({"c4": "HE", "d4": "?B", "f6": "F", "b2": "P"}, to_move="brown")
    console = Console(record=True, width=120)
    console.print(face(spieltisch.load("halali")).render(state.view(1), "en", last="f5-f6"))
    out = console.export_text()
    assert "Hunt" in out and "→" in out and "Fox" in out and "Pheas" in out
    rank4 = next(line for line in out.splitlines() if line.startswith(" 4 "))
    assert "Bear" not in rank4 and "░" in rank4  # d4 is face down
    assert out.count("EXIT") == 4
    assert "You play Brown" in out and "Your turn" in out
    console = Console(record=True, width=120)
    console.print(face(spieltisch.load("halali")).render(state.view(0), "de"))
    out = console.export_text()
    assert out.count("AUSG") == 4 and "Jäger" in out and "Braun ist am Zug" in out


def test_a_renderer_without_last_still_works() -> None:
    from spieltisch.terminal import Face, _with_last

    def render(view: dict[str, object], lang: str) -> str:
        return f"{lang}:{len(view)}"

    assert _with_last(render)({"a": 1}, "de", last="flip c4") == "de:1"
    assert _with_last(plain_render) is plain_render
    assert Face.of(render).render({"a": 1}, "de", last="flip c4") == "de:1"


def test_serve_refuses_a_public_url_that_is_not_http() -> None:
    result = runner.invoke(app, ["serve", "--public-url", "spiele.example.org"])
    assert result.exit_code == 2
    assert "http://" in result.output
