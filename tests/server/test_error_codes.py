"""Every wire error code is an ErrorCode member with German and English text."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from spieltisch.engine import InvalidPlayers, SpieltischError, Text
from spieltisch.server.errors import INFO, ApiError, ErrorCode, from_engine

SRC = Path(str(resources.files("spieltisch")))
DOCS = SRC.parents[1] / "docs"

CODE = re.compile(
    r"""["'`]((?:game|action|state|bot|table|replay|auth|message|request|server|hint|seat)"""
    r"""/[a-z_]+)["'`]"""
)
"""A namespaced code written as a literal in Python or JavaScript."""


def codes_in_source() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in [*SRC.rglob("*.py"), *SRC.rglob("*.js")]:
        for code in CODE.findall(path.read_text(encoding="utf-8")):
            found.setdefault(code, set()).add(str(path.relative_to(SRC)))
    return found


def test_every_code_written_in_the_source_is_an_error_code() -> None:
    known = {c.value for c in ErrorCode}
    missing = {code: where for code, where in codes_in_source().items() if code not in known}
    assert not missing, f"codes without an ErrorCode member: {missing}"


def test_every_engine_error_class_has_an_error_code() -> None:
    pending = list(SpieltischError.__subclasses__())
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        assert cls.code in {c.value for c in ErrorCode}, cls


@pytest.mark.parametrize("code", list(ErrorCode))
def test_every_code_has_a_status_and_texts_in_both_languages(code: ErrorCode) -> None:
    info = INFO[code]
    assert 400 <= info.status < 600
    assert info.text.de.strip() and info.text.en.strip() and info.text.de != info.text.en


def test_the_docs_list_every_code() -> None:
    text = (DOCS / "api.md").read_text(encoding="utf-8")
    assert [c for c in ErrorCode if f"`{c.value}`" not in text] == []


def test_the_wire_form_carries_the_code_text_unless_the_engine_has_a_better_one() -> None:
    plain = ApiError(ErrorCode.TABLE_FULL, "every seat is taken").to_json()
    assert plain["text"] == {"de": "Alle Plätze sind besetzt", "en": "Every seat is taken"}
    assert plain["code"] == "table/full" and plain["message"] == "every seat is taken"

    specific = from_engine(InvalidPlayers(Text("Zu viele", "Too many"))).to_json()
    assert specific["text"] == {"de": "Zu viele", "en": "Too many"}
    assert specific["code"] == "game/invalid_players"
