"""Positions as public API: every game builds a state from a readable position and writes
it back; impossible positions and impossible stored states are refused by name."""

from __future__ import annotations

import random
from typing import Any

import pytest

import spieltisch
from spieltisch.engine import IllegalAction, InvalidNotation, NoRecord, State

GAMES = ("halali", "halligalli", "hydra", "kalooki")


def played(name: str, plies: int, seed: int = 3) -> State:
    """A state some random plies into a game."""
    state = spieltisch.load(name).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            break
        seat = rng.choice(state.active_seats())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("plies", [0, 7, 40])
def test_positions_round_trip(name: str, plies: int) -> None:
    state = played(name, plies)
    position = state.position()
    again = state.game.state_from_position(position)
    assert again.position() == position
    for seat in range(state.players):
        assert again.active_seats() == state.active_seats()
        if name != "halligalli":  # a ring names the table version, which restarts at 0
            assert again.legal_actions(seat) == state.legal_actions(seat)


@pytest.mark.parametrize("name", GAMES)
def test_a_state_from_a_position_has_no_record(name: str) -> None:
    state = played(name, 5)
    built = state.game.state_from_position(state.position())
    with pytest.raises(NoRecord, match="built from a position"):
        built.record()
    assert state.game.state_from_json(built.to_json()).origin == "position"
    with pytest.raises(NoRecord):
        state.game.state_from_json(built.to_json()).record()


# -- Halali ---------------------------------------------------------------------------------

FOREST = "\n".join(["8 ?  .  .  .  .  .  ."] + ["  .  .  .  .  .  .  ."] * 6)


FRAME = """
    9  .  .  .  .  .  .  .  .  .
    8  .  ?  .  .  .  .  .  .  .
    7  .  .  .  .  .  .  .  .  .
    6  .  .  .  .  .  .  .  .  .
    5  F  .  .  .  .  .  .  .  .
    4  .  .  .  .  .  .  .  .  .
    3  .  .  .  .  .  .  .  .  .
    2  .  .  .  .  .  .  .  .  .
    1  .  .  .  .  .  .  .  .  .
       a  b  c  d  e  f  g  h  i
"""


def test_halali_position_from_the_whole_frame() -> None:
    game = spieltisch.load("halali", match="single")
    board = FRAME.replace("5  F  .  .", "5  .  HW .").replace("8  .  ?  .", "8  .  ?  D")
    state = game.state_from_position({"board": board, "to_move": "brown", "locked": "c8"})
    view = state.view(None)
    assert view["board"]["b5"] == {"tile": "hunter", "gun": "W"}
    assert view["locked"] == "c8" and view["to_move"] == "brown"
    assert view["hidden_tiles"] == {"tree": 1}
    assert {"flip b8", "b5-b6"} <= {str(a) for a in state.legal_actions(1)}
    events = state.apply(1, state.game.parse_action("b5-b6"))
    assert events[0]["type"] == "move" and state.active_seats() == (0,)


@pytest.mark.parametrize(
    ("position", "why"),
    [
        ({"board": FRAME}, "F on a5: .* never on the frame"),
        ({"board": FOREST.replace("8 ?  .  .  .", "8 ?  B  B  B")}, "3 tiles of kind bear"),
        ({"board": FOREST.replace("8 ?  .", "8 ?  X")}, "unknown Halali tile 'X'"),
        ({"board": FOREST, "end_phase_moves_left": 4}, "after the last reveal"),
        ({"board": FOREST.replace("8 ?", "8 F")}, "end phase has begun"),
        ({"board": FOREST, "to_move": "green"}, "'blue' or 'brown'"),
        ({"board": ". . . . . . ."}, "7 ranks"),
        ({"to_move": "blue"}, "missing field 'board'"),
    ],
)
def test_halali_refuses_impossible_positions(position: dict[str, Any], why: str) -> None:
    with pytest.raises(InvalidNotation, match=why):
        spieltisch.load("halali").state_from_position(position)


def test_halali_restore_refuses_a_tile_on_a_frame_square() -> None:
    state = spieltisch.load("halali").new_state(seed=1)
    data = state.to_json()
    data["state"]["board"][4 * 9] = data["state"]["board"][9 + 1]  # a5: an exit
    with pytest.raises(InvalidNotation, match="frame square a5"):
        state.game.state_from_json(data)


# -- Hydra ----------------------------------------------------------------------------------


def test_hydra_position_from_hands() -> None:
    state = played("hydra", 0)
    hands = state.position()["hands"]
    built = state.game.state_from_position({"hands": hands})
    assert built.active_seats() == (0,) and built.view(0)["phase"] == "declare"
    assert built.view(0)["hand"] == state.view(0)["hand"]


def test_hydra_refuses_a_wrong_card_count_in_a_position_and_in_a_stored_state() -> None:
    state = played("hydra", 0)
    hands = list(state.position()["hands"])
    hands[0] = " ".join(hands[0].split()[:3])  # 43 cards
    with pytest.raises(InvalidNotation, match="43 cards"):
        state.game.state_from_position({"hands": hands})
    data = state.to_json()
    data["state"]["hands"][1] = data["state"]["hands"][1][:3]
    with pytest.raises(InvalidNotation, match="43 cards"):
        state.game.state_from_json(data)


def test_hydra_refuses_a_card_more_often_than_the_deck_has_it() -> None:
    state = played("hydra", 0)
    hands = [h.split() for h in state.position()["hands"]]
    hands[0][0] = hands[1][0] = hands[2][0] = "HY"
    hands[3][0] = "HY"
    with pytest.raises(InvalidNotation, match="more often than the deck"):
        state.game.state_from_position({"hands": [" ".join(h) for h in hands]})


def test_hydra_refuses_an_unreadable_card() -> None:
    with pytest.raises(InvalidNotation, match="not a Hydra card"):
        spieltisch.load("hydra").state_from_position({"hands": ["Q7"] * 5})


# -- Kalooki --------------------------------------------------------------------------------

OTHER = "2c 3c 4c 5c 6c 7d 8d 9d 10d Jd Qs Ks 9s"


def test_kalooki_position_with_table_melds() -> None:
    game = spieltisch.load("kalooki")
    state = game.state_from_position(
        {
            "hands": ["Ah 7c 8c JK 5s", OTHER],
            "discard_pile": "9h",
            "melds": [{"owner": 1, "cards": "3h 4h JK=5h 6h"}],
            "phase": "play",
        }
    )
    view = state.view(0)
    assert view["melds"][0]["cards"] == ["3h", "4h", "JK=5h", "6h"]
    assert view["opened"] == [False, True] and view["stock_size"] == 106 - 18 - 1 - 4
    assert state.game.state_from_position(state.position()).position() == state.position()


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"hands": ["Ah Ah Ah 5s 6s", OTHER]}, "more often than the pack"),
        ({"melds": [{"owner": 1, "cards": "3h 4h 6h"}]}, "consecutive ranks"),
        ({"phase": "bidding"}, "a phase is one of"),
        ({"hands": ["Ah 1x", OTHER]}, "not a card"),
        ({"colour": "red"}, "unknown fields"),
    ],
)
def test_kalooki_refuses_impossible_positions(change: dict[str, Any], why: str) -> None:
    position = {"hands": ["Ah 7c 8c JK 5s", OTHER], "discard_pile": "9h", **change}
    with pytest.raises(InvalidNotation, match=why):
        spieltisch.load("kalooki").state_from_position(position)


def test_kalooki_restore_checks_the_card_multiset() -> None:
    state = played("kalooki", 4)
    data = state.to_json()
    hand = data["state"]["hands"][0]
    face = next(f for f, n in enumerate(hand) if n)
    hand[face] -= 1
    hand[(face + 1) % 52] += 1
    with pytest.raises(InvalidNotation, match="106 cards"):
        state.game.state_from_json(data)


# -- Halli Galli ----------------------------------------------------------------------------


def test_halligalli_position_needs_exactly_the_deck() -> None:
    state = played("halligalli", 10)
    position = state.position()
    position["draw"] = [" ".join(p.split()[1:]) for p in position["draw"]]
    with pytest.raises(InvalidNotation, match="exactly the 120 cards"):
        state.game.state_from_position(position)
    with pytest.raises(InvalidNotation, match="not a Halli Galli card"):
        state.game.state_from_position({**state.position(), "aside": "7X"})


def test_halligalli_position_from_piles() -> None:
    game = spieltisch.load("halligalli")
    deck = game.new_state(players=3, seed=4).position()["draw"]
    cards = " ".join(deck).split()
    state = game.state_from_position(
        {
            "draw": ["", " ".join(cards[:60]), " ".join(cards[62:])],
            "table": [cards[60], cards[61], ""],
        }
    )
    view = state.view(None)
    assert view["status"] == ["swimming", "in", "in"] and view["to_flip"] == 1
    assert view["tops"] == [cards[60], cards[61], None]
    assert state.game.state_from_position(state.position()).position() == state.position()


def test_halligalli_restore_recomputes_the_bell_instead_of_trusting_a_flag() -> None:
    state = played("halligalli", 10)
    data = state.to_json()
    valid = data["state"]["chain"][-1][1]
    data["state"]["chain"][-1][1] = 1 - valid
    with pytest.raises(InvalidNotation, match="disagrees with the face-up cards"):
        state.game.state_from_json(data)


# -- refusals carry their context -------------------------------------------------------------


def test_an_illegal_action_carries_game_ply_seat_and_action_but_no_seed() -> None:
    state = played("halali", 3, seed=12345)
    seat = state.active_seats()[0]
    with pytest.raises(IllegalAction) as caught:
        state.apply(1 - seat, state.game.parse_action("pass"))
    context = caught.value.context
    assert context == {
        "game": "halali",
        "options": dict(state.game.options),
        "players": 2,
        "ply": 3,
        "seat": 1 - seat,
        "action": "pass",
    }
    assert "12345" not in caught.value.describe()
    assert "ply 3" in caught.value.describe()
    assert caught.value.to_json() == {
        "code": "action/illegal",
        "rule": caught.value.rule,
        "message": caught.value.message,
    }


def test_an_unknown_seat_is_refused_with_context_too() -> None:
    state = played("kalooki", 2)
    with pytest.raises(IllegalAction) as caught:
        state.apply(9, state.legal_actions(state.active_seats()[0])[0])
    assert caught.value.rule == "ENGINE-SEAT"
    assert caught.value.context is not None and caught.value.context["seat"] == 9
    assert caught.value.context["ply"] == 2
