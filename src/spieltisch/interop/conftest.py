"""Skip the doctests of the research modules when the ``research`` extra is missing."""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "encoders/*.py": ("numpy",),
    "common.py": (),
    "pettingzoo.py": ("numpy", "pettingzoo"),
    "openspiel.py": ("numpy", "pyspiel"),
}

collect_ignore_glob = [
    pattern
    for pattern, modules in _NEEDS.items()
    if any(importlib.util.find_spec(m) is None for m in modules)
]
