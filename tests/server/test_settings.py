"""The settings: environment, settings file and command line over the defaults, one
line for a bad value, masked secrets, and the docs table generated from the class."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spieltisch.cli import app
from spieltisch.server.settings import Settings, SettingsError, load
from spieltisch.server.settingsdoc import BEGIN, END, table

DOCS = Path(__file__).parents[2] / "docs" / "operations.md"


def test_keywords_build_settings_and_keep_every_default() -> None:
    s = Settings(db_url="sqlite:////tmp/x.db", bot_delay=0.0)
    assert (s.db_url, s.bot_delay, s.chat_keep, s.review_worlds) == (
        "sqlite:////tmp/x.db",
        0.0,
        50,
        None,
    )
    assert s.min_free_disk_bytes == 64 * 2**20 and s.max_header_bytes == 64 * 1024
    assert s.forwarded_allow_ips == "127.0.0.1,::1" and s.bell_tcp_rtt is True
    with pytest.raises(ValueError, match="frozen"):
        s.bot_delay = 1.0


def test_command_line_over_environment_over_file_over_defaults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "spieltisch.env"
    file.write_text("SPIELTISCH_CHAT_KEEP=7\nSPIELTISCH_BOT_DELAY=5\nSPIELTISCH_WS_BURST=9\n")
    monkeypatch.setenv("SPIELTISCH_BOT_DELAY", "0.25")
    monkeypatch.setenv("SPIELTISCH_WS_BURST", "11")
    s = load(str(file), {"ws_burst": "12"})
    assert (s.chat_keep, s.bot_delay, s.ws_burst, s.http_burst) == (7, 0.25, 12, 30)
    monkeypatch.setenv("SPIELTISCH_SETTINGS_FILE", str(file))
    assert load().chat_keep == 7


def test_the_older_variable_names_are_still_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPIELTISCH_DB", "sqlite:////tmp/old.db")
    monkeypatch.setenv("SPIELTISCH_MIN_FREE_DISK_MB", "10")
    monkeypatch.setenv("SPIELTISCH_MAX_HEADER_KB", "32")
    monkeypatch.setenv("SPIELTISCH_REVIEW_WORLDS", "0")
    monkeypatch.setenv("SPIELTISCH_BELL_TCP_RTT", "off")
    s = load()
    assert (s.db_url, s.min_free_disk_bytes, s.max_header_bytes) == (
        "sqlite:////tmp/old.db",
        10 * 2**20,
        32 * 1024,
    )
    assert s.review_worlds is None and s.bell_tcp_rtt is False
    monkeypatch.setenv("SPIELTISCH_DB_URL", "sqlite:////tmp/new.db")
    assert load().db_url == "sqlite:////tmp/new.db"


@pytest.mark.parametrize(
    ("source", "said"),
    [
        (
            {"bot_delay": "fast"},
            "setting bot_delay (SPIELTISCH_BOT_DELAY): Input should be a valid number",
        ),
        (
            {"chat_keep": "-1"},
            "setting chat_keep (SPIELTISCH_CHAT_KEEP): Input should be greater than or equal to 0",
        ),
        (
            {"public_url": "spiele.example.org"},
            "setting public_url (SPIELTISCH_PUBLIC_URL): the public URL starts with",
        ),
        (
            {"anchors_file": "/nowhere/anchors.json"},
            "setting anchors_file (SPIELTISCH_ANCHORS_FILE): no anchors file at",
        ),
        ({"bot_dealy": "1"}, "there is no setting 'bot_dealy'"),
    ],
)
def test_a_bad_value_is_one_line_naming_the_setting(source: dict[str, str], said: str) -> None:
    with pytest.raises(SettingsError) as caught:
        load(None, source)
    assert str(caught.value).startswith(said) and "\n" not in str(caught.value)


def test_a_typo_in_the_file_or_a_missing_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "bad.env").write_text("SPIELTISCH_BOT_DELA=1\n")
    with pytest.raises(SettingsError, match="there is no setting SPIELTISCH_BOT_DELA"):
        load(str(tmp_path / "bad.env"))
    with pytest.raises(SettingsError, match="does not exist"):
        load(str(tmp_path / "none.env"))


def test_the_server_refuses_to_start_on_a_bad_value_in_one_line(tmp_path: Path) -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "spieltisch.server",
            "--db",
            f"sqlite:///{tmp_path / 'x.db'}",
            "--set",
            "ws_rate=fast",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 1
    assert run.stderr == (
        "spieltisch: setting ws_rate (SPIELTISCH_WS_RATE): Input should be a valid number, "
        "unable to parse string as a number, not 'fast'\n"
    )
    assert not (tmp_path / "x.db").exists()


def test_config_prints_the_effective_values_with_passwords_masked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SPIELTISCH_DB_URL", "postgresql+psycopg://st:geheim@db/st")
    monkeypatch.setenv("SPIELTISCH_REDIS_URL", "redis://:geheim@127.0.0.1:6379/0")
    said = CliRunner().invoke(app, ["config", "--set", "chat_keep=9"])
    assert said.exit_code == 0, said.output
    lines = dict(line.split(None, 1) for line in said.output.splitlines())
    assert lines["db_url"] == "postgresql+psycopg://st:***@db/st"
    assert lines["redis_url"] == "redis://:***@127.0.0.1:6379/0"
    assert lines["chat_keep"] == "9" and "geheim" not in said.output
    assert set(lines) == set(Settings.model_fields)


def test_the_docs_table_of_settings_is_current() -> None:
    text = DOCS.read_text()
    inside = text[text.index(BEGIN) + len(BEGIN) + 1 : text.index(END)]
    assert inside == table(), "stale: run spieltisch config --update-docs docs/operations.md"
    for name in Settings.model_fields:
        assert f"| `{name}` |" in inside
