"""The browser's one table of words (web/i18n.js) has German and English for every key,
and every key the client names literally is in it, so no page shows a bare key."""

from __future__ import annotations

import json
import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "spieltisch" / "web"
ENTRY = re.compile(r'\s*(?:"(?P<quoted>[^"]+)"|(?P<plain>\w+)): (?P<pair>\[.*\]),')


def table() -> dict[str, list[str]]:
    """The entries of ``const TEXT = {...}``, one ``key: ["de", "en"],`` per line, of the
    shared table, of a page's words beside its module (*.words.js) and of each game's
    (games/*.words.js)."""
    body = [
        line
        for path in [
            WEB / "i18n.js",
            *sorted(WEB.glob("*.words.js")),
            *sorted((WEB / "games").glob("*.words.js")),
        ]
        for source in [path.read_text()]
        for line in source[source.index("const TEXT = {") : source.index("\n};\n")].splitlines()[1:]
    ]
    out: dict[str, list[str]] = {}
    for line in body:
        if not line.strip() or line.strip().startswith("//"):
            continue
        match = ENTRY.fullmatch(line)
        assert match, f"not one entry of the form key: [de, en]: {line!r}"
        key = match["quoted"] or match["plain"]
        assert key not in out, f"{key} twice"
        out[key] = json.loads(match["pair"])
    return out


def sources() -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(WEB.rglob("*.js")) if p.name != "i18n.js"}


def test_every_key_has_german_and_english() -> None:
    entries = table()
    assert len(entries) > 100
    for key, pair in entries.items():
        assert len(pair) == 2 and all(isinstance(s, str) and s.strip() for s in pair), key
        de, en = pair
        assert set(re.findall(r"\{\w+\}", de)) == set(re.findall(r"\{\w+\}", en)), key


def test_every_literal_key_the_client_uses_is_in_the_table() -> None:
    entries = table()
    used = {
        (name, key)
        for name, text in sources().items()
        for key in re.findall(r'\bt\("([^"]+)"', text)
    }
    used |= {
        ("index.html", k)
        for k in re.findall(r'data-i18n="([^"]+)"', (WEB / "index.html").read_text())
    }
    missing = sorted(f"{name}: {key}" for name, key in used if key not in entries)
    assert not missing, missing


def test_errors_the_client_makes_itself_have_words() -> None:
    entries = table()
    codes = {c for text in sources().values() for c in re.findall(r'code: "([\w/]+)"', text)}
    assert "net/offline" in codes
    assert "action/illegal" in codes  # the Halali board's own check
    for code in codes:
        assert f"code.{code}" in entries, code
