"""``spieltisch arena --bots my_module:MyAgent,rules`` plays an agent from outside the
package: a Bot subclass found on the import path or in the working directory."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spieltisch.arena import build_bot
from spieltisch.bots import Bot
from spieltisch.cli import app
from spieltisch.engine import SpieltischError, load

AGENT = '''
from spieltisch.bots import Bot, Plan


class FirstLegal(Bot):
    """Plays the first legal action of its view."""

    level = "first"

    def plan(self, view, seat, clock):
        return Plan(self.game.parse_action(view["legal_actions"][0]), 0.0)


class NotABot:
    pass
'''


@pytest.fixture
def agent_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    (tmp_path / "outside_agent.py").write_text(AGENT)
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    sys.modules.pop("outside_agent", None)


def test_the_arena_plays_an_outside_agent(agent_dir: Path) -> None:
    out = agent_dir / "games.jsonl"
    result = CliRunner().invoke(
        app,
        [
            "arena",
            "halali",
            "--bots",
            "outside_agent:FirstLegal,rules",
            "--games",
            "2",
            "--jobs",
            "1",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "outside_agent:FirstLegal" in result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 2
    assert all("outside_agent:FirstLegal" in line["seats"] for line in lines)


def test_an_outside_agent_is_built_with_the_game_and_seed(agent_dir: Path) -> None:
    bot = build_bot(load("halali"), "outside_agent:FirstLegal", seed=3)
    assert isinstance(bot, Bot) and bot.level == "first"


@pytest.mark.parametrize(
    "spec",
    [
        "outside_agent:NotABot",
        "outside_agent:Missing",
        "no_such_module:Agent",
        "outside_agent:FirstLegal@500",
    ],
)
def test_a_wrong_outside_agent_is_refused(agent_dir: Path, spec: str) -> None:
    with pytest.raises(SpieltischError):
        build_bot(load("halali"), spec, seed=0)
