"""A game's rules at the table: a short summary, the reference a player looks up while
playing (values, who takes whom, scoring) and what the table's badges and marks mean.

The words belong with the game, in both languages, like its rule texts
(:attr:`GameInfo.rule_texts`); the server only hands them out and the browser only draws
them, so no face writes rules of its own and a German page gets German throughout.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from .text import LANGS, Text


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a list: a term (a piece, a badge, a meld) and what it means."""

    term: Text
    text: Text
    rule: str | None = None
    """The rule id this line summarises, so the panel can link it to the rule's text."""
    mark: str | None = None
    """A badge the table draws for this term (``"tag"``, ``"tag dealer"``, ...): the
    legend shows the same badge, so the player recognises it."""

    def to_json(self, lang: str) -> dict[str, Any]:
        return {
            "term": self.term.get(lang),
            "text": self.text.get(lang),
            "rule": self.rule,
            "mark": self.mark,
        }


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Grid:
    """A small reference table (tile values, who captures whom)."""

    head: tuple[Text, ...]
    rows: tuple[tuple[Text, ...], ...]

    def __post_init__(self) -> None:
        # A ragged row would be a silent misprint in a reference players rely on.
        for row in self.rows:
            if len(row) != len(self.head):
                raise ValueError(f"row {[str(c) for c in row]} has not {len(self.head)} cells")

    def to_json(self, lang: str) -> dict[str, Any]:
        return {
            "head": [cell.get(lang) for cell in self.head],
            "rows": [[cell.get(lang) for cell in row] for row in self.rows],
        }


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Section:
    """One part of the guide, under its own heading."""

    key: str
    """A stable name (``"summary"``, ``"values"``, ``"legend"``) for links and tests."""
    title: Text
    paragraphs: tuple[Text, ...] = ()
    entries: tuple[Entry, ...] = ()
    grid: Grid | None = None
    rules: tuple[str, ...] = ()
    """Rule ids the section rests on, shown as links to their texts."""

    def to_json(self, lang: str) -> dict[str, Any]:
        return {
            "key": self.key,
            "title": self.title.get(lang),
            "paragraphs": [p.get(lang) for p in self.paragraphs],
            "entries": [e.to_json(lang) for e in self.entries],
            "grid": self.grid.to_json(lang) if self.grid else None,
            "rules": list(self.rules),
        }


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Guide:
    """A game's rules panel: its sections in reading order."""

    sections: tuple[Section, ...]

    def to_json(self, rule_texts: Mapping[str, Text]) -> dict[str, Any]:
        """Sections and every rule text, per language: a page shows only its own. The
        game's own rules come first, the ones every game shares (``ENGINE-…``) last."""
        order = sorted(rule_texts, key=lambda rule: rule.startswith("ENGINE-"))
        return {
            lang: {
                "sections": [s.to_json(lang) for s in self.sections],
                "rules": [{"id": rule, "text": rule_texts[rule].get(lang)} for rule in order],
            }
            for lang in LANGS
        }

    def cited(self) -> set[str]:
        """Every rule id the guide links to (each must have a text)."""
        out: set[str] = set()
        for s in self.sections:
            out.update(s.rules)
            out.update(e.rule for e in s.entries if e.rule)
        return out
