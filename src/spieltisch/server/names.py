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
