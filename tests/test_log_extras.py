"""No log call passes a reserved ``LogRecord`` key in ``extra``.

``logging`` raises ``KeyError`` for ``extra={"process": ...}`` (or ``name``, ``msg``,
``thread`` ...) when the record is made, so such a call crashes whatever it sits in,
only at the levels that are logged: the cluster's housekeeping once died this way,
before it detached a dead process's sockets. Checked on the source, every call.
"""

from __future__ import annotations

import ast
import logging
from collections.abc import Iterator
from pathlib import Path

import spieltisch

SRC = Path(spieltisch.__file__).parent
RESERVED = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime"}


def extra_keys() -> Iterator[tuple[str, str]]:
    """``(place, key)`` for every literal key of every ``extra={...}`` in the source."""
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            for keyword in node.keywords:
                if keyword.arg == "extra" and isinstance(keyword.value, ast.Dict):
                    for key in keyword.value.keys:
                        if isinstance(key, ast.Constant) and isinstance(key.value, str):
                            yield f"{path.relative_to(SRC)}:{node.lineno}", key.value


def test_the_scan_sees_the_log_calls() -> None:
    keys = {key for _place, key in extra_keys()}
    assert {"table", "seat"} <= keys


def test_no_log_call_passes_a_reserved_key() -> None:
    bad = [f"{place} {key!r}" for place, key in extra_keys() if key in RESERVED]
    assert bad == []
