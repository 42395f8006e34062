"""An anchors file without one level, for tests of what a server does against a bot
level whose strength was never measured (``SPIELTISCH_ANCHORS_FILE``)."""

from __future__ import annotations

import json
from pathlib import Path

from spieltisch.arena.anchors import ANCHORS_FILE, read_anchors


def anchors_without(folder: Path, game: str, level: str) -> Path:
    """The shipped anchors less ``game``'s ``level``, written into ``folder``."""
    doc = read_anchors(ANCHORS_FILE)
    doc["games"][game]["levels"].pop(level, None)
    path = folder / "anchors.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path
