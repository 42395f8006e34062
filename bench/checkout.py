"""Another commit of this repository beside the working tree, for the before/after
benches: checked out into a temporary git worktree that is removed again however the bench
ends, its rules core compiled in place on request so that compiled is timed against
compiled (``setup.py build_ext --inplace``, about a minute and a half)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def checked_out(ref: str, *, build: bool = False) -> Iterator[Path]:
    """The root of ``ref``'s tree, for the duration of the ``with`` block."""
    with tempfile.TemporaryDirectory(prefix="bench-checkout-") as tmp:
        tree = Path(tmp) / "tree"
        git = ["git", "-C", str(ROOT), "worktree"]
        subprocess.run([*git, "add", "--detach", "--quiet", str(tree), ref], check=True)
        try:
            if build:
                print(f"compiling the rules core of {ref}", file=sys.stderr)
                subprocess.run(
                    [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"],
                    cwd=tree,
                    capture_output=True,
                    check=True,
                )
            yield tree
        finally:
            subprocess.run([*git, "remove", "--force", str(tree)], check=False)


def worker_json(script: str, src: Path, *args: str, **env: str) -> Any:
    """Run ``script --worker ARGS`` with the package imported from ``src`` (its rules core
    as built there: ``SPIELTISCH_PURE`` is dropped) and ``env`` added, and return the
    JSON it printed."""
    environ = {**os.environ, "PYTHONPATH": str(src), **env}
    environ.pop("SPIELTISCH_PURE", None)
    out = subprocess.run(
        [sys.executable, script, "--worker", *args],
        env=environ,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)
