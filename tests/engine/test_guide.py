"""The rules panel a game declares: well-formed, linked to rules that have texts, and the
same shape in German and English."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.engine.guide import Entry, Grid, Guide, Section
from spieltisch.engine.text import Text


def test_a_ragged_reference_table_is_refused_when_declared() -> None:
    with pytest.raises(ValueError, match="2 cells"):
        Grid((Text("a", "a"), Text("b", "b")), ((Text("1", "1"),),))


def test_each_language_gets_only_its_words_and_shared_rules_come_last() -> None:
    guide = Guide(
        (
            Section(
                "summary",
                Text("Kurz", "Short"),
                entries=(Entry(Text("Bär", "Bear"), Text("10", "10"), rule="X-1", mark="tag"),),
            ),
        )
    )
    texts = {"ENGINE-OVER": Text("vorbei", "over"), "X-1": Text("eins", "one")}
    out = guide.to_json(texts)
    assert out["de"]["sections"][0]["entries"][0] == {
        "term": "Bär",
        "text": "10",
        "rule": "X-1",
        "mark": "tag",
    }
    assert out["en"]["sections"][0]["title"] == "Short"
    assert out["de"]["rules"] == [
        {"id": "X-1", "text": "eins"},
        {"id": "ENGINE-OVER", "text": "vorbei"},
    ]
    assert guide.cited() == {"X-1"}


@pytest.mark.parametrize("name", spieltisch.game_names())
def test_every_game_declares_a_guide_whose_rule_links_have_texts(name: str) -> None:
    info = spieltisch.load(name).info
    assert info.guide is not None
    assert info.guide.cited() <= set(info.rule_texts)
    keys = [s.key for s in info.guide.sections]
    assert len(keys) == len(set(keys)) and keys[0] == "summary" and "legend" in keys
    if info.resign_rule:  # the ruling players ask about most is linked from the panel
        assert info.resign_rule in info.guide.cited()
