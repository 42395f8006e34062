"""Every rule a Halali refusal can cite has its text in German and English in the UI."""

from __future__ import annotations

import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "spieltisch"


def test_every_halali_rule_id_has_german_and_english_text() -> None:
    cited = set()
    for path in (SRC / "games" / "halali").glob("*.py"):
        cited |= set(re.findall(r'IllegalAction\(\s*"([^"]+)"', path.read_text()))
    cited.add("HA §Spielvorbereitungen")  # the turn rule, cited by the engine
    cited.add("ENGINE-OVER")
    i18n = (SRC / "web" / "i18n.js").read_text()
    rules = i18n[i18n.index("const RULES") :]
    de = rules[rules.index("de:") : rules.index("en:")]
    en = rules[rules.index("en:") :]
    assert cited, "no rule ids found"
    for rule in sorted(cited):
        assert f'"{rule}":' in de, f"German text missing for {rule}"
        assert f'"{rule}":' in en, f"English text missing for {rule}"
