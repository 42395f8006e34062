"""Every Python block of docs/research.md runs as written, in order, in one namespace.

The blocks build on each other as a reader's session would (imports made once); they
run in a temporary directory, since the dataset example writes files. Shell blocks are
only checked to parse (``bash -n``): they install packages or run benchmarks.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _blocks(language: str) -> list[str]:
    return [body for lang, body in FENCE.findall(DOC.read_text()) if lang == language]


def test_the_page_has_python_blocks() -> None:
    assert len(_blocks("python")) >= 5


@pytest.mark.slow
def test_every_python_block_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "research_docs"}
    for number, body in enumerate(_blocks("python"), 1):
        try:
            exec(compile(body, f"{DOC.name} python block {number}", "exec"), namespace)
        except Exception as error:  # name the block in the failure
            raise AssertionError(f"python block {number} of {DOC.name} fails:\n{body}") from error


def test_every_shell_block_parses() -> None:
    for body in _blocks("sh"):
        subprocess.run(["bash", "-n"], input=body, text=True, check=True, env=dict(os.environ))
