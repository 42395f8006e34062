"""Notation and JSON of every action kind; the parser reads or refuses any text."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.engine import InvalidNotation
from spieltisch.games.kalooki import Kalooki
from spieltisch.games.kalooki.actions import Build, Discard, Draw, Meld, Swap, parse_action

GAME = Kalooki()

EXAMPLES = [
    "draw stock",
    "draw discard",
    "meld 7h 8h 9h",
    "meld Qc Qd JK=Qs",
    "meld Qh Kh Ah",
    "build 2 4h",
    "build 1 JK=10d",
    "swap 2 6h",
    "swap 3 10c 10d",
    "discard Ks",
    "discard JK",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_KA_notation_round_trips(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(str(action)) == action
    assert GAME.action_from_json(json.loads(json.dumps(action.to_json()))) == action


def test_KA_notation_reads_the_issue_examples_in_any_case_and_order() -> None:
    assert parse_action("meld QS QD JK=QC") == parse_action("meld JK=qc qd qs")
    assert str(parse_action("meld 9H 7h jk=8H")) == "meld 7h JK=8h 9h"
    assert str(parse_action("discard KS")) == "discard Ks"
    assert parse_action("meld Th Jh Qh") == parse_action("meld 10h Jh Qh")
    assert isinstance(parse_action("draw stock"), Draw)
    assert isinstance(parse_action("build 2 4h"), Build)
    assert isinstance(parse_action("swap 2 6h"), Swap)
    assert isinstance(parse_action("discard KS"), Discard)
    assert isinstance(parse_action("meld 7h 8h 9h"), Meld)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "draw",
        "draw pile",
        "meld",
        "meld 7x",
        "build 0 4h",
        "build x 4h",
        "swap 2 JK",
        "discard",
        "discard 1h",
        "meld 7h 8h JK",
        "swap 2 JK=6h",
        "dance",
    ],
)
def test_KA_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(InvalidNotation):
        parse_action(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_KA_parser_reads_or_refuses_any_text(text: str) -> None:
    try:
        action = parse_action(text)
    except InvalidNotation:
        return
    assert parse_action(str(action)) == action


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["type", "cards", "card", "meld", "from"]),
        st.one_of(st.text(max_size=5), st.integers(), st.lists(st.text(max_size=4))),
    )
)
def test_KA_action_json_reads_or_refuses_any_object(data: dict[str, object]) -> None:
    try:
        action = GAME.action_from_json(data)
    except InvalidNotation:
        return
    assert GAME.action_from_json(action.to_json()) == action
