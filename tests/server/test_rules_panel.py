"""The table's rules panel over HTTP: every game's summary, reference and legends, and
every rule text a refusal may cite, in German and English, from the game's package."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

import spieltisch

GAMES = spieltisch.game_names()

# Words that give an English text away on a German page, and the other way round.
ENGLISH = re.compile(r"\b(the|and|you|who|when|only|with)\b")
GERMAN = re.compile(r"\b(der|die|und|wer|nur|nicht|mit|eine)\b")


def texts(part: dict[str, object]) -> list[str]:
    """Every string a panel in one language shows."""
    out: list[str] = []
    for s in part["sections"]:  # type: ignore[attr-defined]
        out += [s["title"], *s["paragraphs"]]
        out += [x for e in s["entries"] for x in (e["term"], e["text"])]
        if s["grid"]:
            out += s["grid"]["head"] + [c for row in s["grid"]["rows"] for c in row]
    return out + [r["text"] for r in part["rules"]]  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_panel_in_both_languages(client: TestClient, game: str) -> None:
    data = client.get(f"/api/games/{game}/rules").json()
    info = spieltisch.load(game).info
    assert data["game"] == game
    de, en = data["de"], data["en"]
    keys = [s["key"] for s in de["sections"]]
    assert keys[0] == "summary" and "legend" in keys
    assert keys == [s["key"] for s in en["sections"]]
    # Every rule a refusal may cite is there, in the same order in both languages, the
    # game's own before those all games share.
    ids = [r["id"] for r in de["rules"]]
    assert sorted(ids) == sorted(info.rule_texts) and ids == [r["id"] for r in en["rules"]]
    assert not ids[0].startswith("ENGINE-") and ids[-1].startswith("ENGINE-")
    # Every rule the panel links to has a text to open.
    known = {r["id"] for r in de["rules"]}
    for s in de["sections"]:
        assert set(s["rules"]) <= known
        assert {e["rule"] for e in s["entries"] if e["rule"]} <= known
    # A German page reads German, an English page English.
    assert not [t for t in texts(de) if ENGLISH.search(t)]
    assert not [t for t in texts(en) if GERMAN.search(t)]
    assert data["de"] != data["en"]


def test_halali_panel_has_values_and_capture_table(client: TestClient) -> None:
    de = client.get("/api/games/halali/rules").json()["de"]
    grids = {s["key"]: s["grid"] for s in de["sections"] if s["grid"]}
    values = {row[0]: row[2] for row in grids["values"]["rows"]}
    assert values["Bär (blau)"] == "10" and values["Baum"] == "2"
    captures = {row[0]: row[1] for row in grids["captures"]["rows"]}
    assert captures["Bär"] == "Holzfäller, Jäger" and captures["Holzfäller"] == "Baum"


def test_unknown_game_is_refused_with_its_code(client: TestClient) -> None:
    r = client.get("/api/games/chess/rules")
    assert r.status_code == 400 and r.json()["error"]["code"] == "game/unknown"
