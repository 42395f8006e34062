"""Display names as people type them, cleaned once for the lobby and the players."""

from __future__ import annotations

import unicodedata


def clean_name(value: str) -> str:
    """A display name: trimmed, no control characters, 1–40 characters.

    >>> clean_name("  Ada\\u200b ")
    'Ada'

    :raises ValueError: nothing visible left, or more than 40 characters.
    """
    text = "".join(c for c in value if unicodedata.category(c)[0] != "C").strip()
    if not 1 <= len(text) <= 40:
        raise ValueError("a name has 1 to 40 visible characters")
    return text


CONFUSABLE_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")
"""Scripts whose letters look alike (Latin ``a``, Cyrillic ``а``, Greek ``α``): a name
mixing them is made to pass for another, so it is refused."""


def scripts_of(name: str) -> set[str]:
    """The confusable scripts whose letters ``name`` uses (marks, digits and signs do
    not count).

    >>> sorted(scripts_of("Jürgen Groß"))
    ['LATIN']
    >>> sorted(scripts_of("\u0410da"))  # a Cyrillic A before Latin letters
    ['CYRILLIC', 'LATIN']
    """
    found = set()
    for char in name:
        if not unicodedata.category(char).startswith("L"):
            continue
        script = unicodedata.name(char, "").split(" ", 1)[0]
        if script in CONFUSABLE_SCRIPTS:
            found.add(script)
    return found


def confusable(name: str) -> bool:
    """Whether ``name`` (after NFKC) mixes letters of scripts that look alike.

    >>> confusable("Ada"), confusable("Ärger-Straße 2"), confusable("\u0410da")
    (False, False, True)
    >>> athena = "\u0391\u03b8\u03b7\u03bd\u03ac"  # in Greek letters only
    >>> confusable(athena), confusable(f"Bob {athena}")
    (False, True)
    """
    return len(scripts_of(unicodedata.normalize("NFKC", name))) > 1
