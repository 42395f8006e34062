"""Doctest collection for ``src/``: skip the research modules whose extra is missing, and
the compiled rules core's modules.

``pyproject.toml`` collects the doctests of ``src/`` (``--doctest-modules``); the
research modules import ``numpy``, PettingZoo or OpenSpiel at module level, so without
the ``research`` extra their doctests cannot even be imported. A module of the compiled
rules core is an extension module, where doctest finds no Python functions: its doctests
run under the pure fallback in a subprocess (``tests/engine/test_rulescore.py``). This lives beside
``pyproject.toml``, not inside the package, so no test configuration ships with it.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from spieltisch.rulescore import core_build, core_modules

_INTEROP = "src/spieltisch/interop"

_NEEDS = {
    f"{_INTEROP}/encoders/*.py": ("numpy",),
    f"{_INTEROP}/common.py": (),
    f"{_INTEROP}/pettingzoo.py": ("numpy", "pettingzoo"),
    f"{_INTEROP}/openspiel.py": ("numpy", "pyspiel"),
}

collect_ignore_glob = [
    "src/spieltisch/store/migrations/env.py",  # runs only inside Alembic
    *(
        pattern
        for pattern, modules in _NEEDS.items()
        if any(importlib.util.find_spec(m) is None for m in modules)
    ),
]

_PACKAGE = Path(__file__).resolve().parent / "src" / "spieltisch"

collect_ignore = (
    [str(source) for source in core_modules(_PACKAGE).values()] if core_build().compiled else []
)
