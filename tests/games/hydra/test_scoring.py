"""Game value and settlement (HY-R6..HY-R9) on hand-made tricks."""

from __future__ import annotations

from typing import Any

from spieltisch.games.hydra.cards import STANDARD
from spieltisch.games.hydra.scoring import Trick, score_three, score_two, special_points

from .helpers import cards, make_trick, tricks_for

SEATS = [0, 1, 2, 3, 4]
QUEEN_PAIR = [0, 0, 1, 1, 1]  # seats 0 and 1 are the playing side


def two(tricks: list[Trick], party: list[int] = QUEEN_PAIR, solo: bool = False) -> Any:
    return score_two(party, tricks, solo=solo, contract=STANDARD)


def split(points_a: int, seat_a: int = 0, seat_b: int = 2, tricks_a: int = 5):
    """10 tricks, ``tricks_a`` to ``seat_a`` worth ``points_a``, the rest to ``seat_b``;
    every trick under 40 so no Doppelkopf arises."""

    def parts(total: int, k: int) -> list[int]:
        base = [total // k] * k
        for i in range(total % k):
            base[i] += 1
        return base

    tricks = {seat_a: parts(points_a, tricks_a) if tricks_a else []}
    tricks[seat_b] = parts(240 - points_a, 10 - tricks_a) if tricks_a < 10 else []
    return tricks_for(tricks, SEATS)


def test_HY_R7_playing_side_wins_with_121():
    s = two(split(121))
    assert s["winner"] == 0 and s["value"] == 1 and s["levels"] == ["won"]
    assert s["settlement"] == [3, 3, -2, -2, -2]


def test_HY_R7_other_side_wins_with_120_and_gets_gegen_die_alten():
    s = two(split(120))
    assert s["winner"] == 1
    assert [sp["name"] for sp in s["specials"]] == ["gegen die Alten"]
    assert s["value"] == 2
    assert s["settlement"] == [-6, -6, 4, 4, 4]


def test_HY_R7_levels_under_90_60_30():
    assert two(split(151))["value"] == 2  # losers 89
    assert two(split(150))["value"] == 1  # losers 90
    assert two(split(181))["levels"] == ["won", "under 90", "under 60"]
    s = two(split(211, tricks_a=8))
    assert s["levels"] == ["won", "under 90", "under 60", "under 30"] and s["value"] == 4


def test_HY_R7_trickless_side():
    tricks = tricks_for({0: [24] * 10}, SEATS)
    s = two(tricks)
    assert s["levels"] == ["won", "under 90", "under 60", "under 30", "no trick"]
    assert s["value"] == 5


def test_HY_R7_special_points_doppelkopf_fuchs_karlchen_are_netted():
    tricks = split(130)
    tricks[0] = make_trick(0, 40, SEATS)  # Doppelkopf for the playing side
    d_a, c_j = cards("DA CJ")
    # seat 2 (other side) plays the ♦A into a trick seat 1 wins: Fuchs for the playing side
    tricks[1] = (1, ((0, c_j), (1, cards("HQ")[0]), (2, d_a), (3, 6), (4, 6)))
    # the other side wins the last trick with the ♣J: Karlchen for them
    tricks[-1] = (3, ((3, c_j), (4, 0), (0, 0), (1, 0), (2, 0)))
    names = [(sp["name"], sp["party"]) for sp in special_points(tricks, QUEEN_PAIR, STANDARD)]
    assert names == [("doppelkopf", 0), ("fuchs", 0), ("karlchen", 1)]
    s = two(tricks)
    assert s["party_points"] == [134, 106 - 16]
    assert s["winner"] == 0 and s["value"] == 1 + 2 - 1


def test_HY_R7_fuchs_from_own_party_does_not_count():
    d_a = cards("DA")[0]
    tricks = split(130)
    tricks[1] = (1, ((0, d_a), (1, 6), (2, 0), (3, 0), (4, 0)))
    assert [sp["name"] for sp in special_points(tricks, QUEEN_PAIR, STANDARD)] == []


def test_HY_R7_no_special_points_in_a_solo_HY_R9_solo_pays_four_times():
    party = [1, 1, 0, 1, 1]
    tricks = split(181, seat_a=2, seat_b=0)
    tricks[0] = make_trick(2, 40, SEATS)
    s = two(tricks, party=party, solo=True)
    assert s["specials"] == [] and s["value"] == 3  # won, under 90, under 60
    assert s["settlement"] == [-3, -3, 12, -3, -3]
    lost = two(split(100, seat_a=2, seat_b=0), party=party, solo=True)
    assert lost["winner"] == 1 and lost["value"] == 1  # no "gegen die Alten" in a solo
    assert lost["settlement"] == [1, 1, -4, 1, 1]


def test_HY_R7_net_value_can_turn_against_the_winner():
    tricks = split(125)
    for i in (5, 6, 7):  # three Doppelkopf for the losing side: 1 - 3 = -2
        tricks[i] = make_trick(2, 40, SEATS)
    tricks[8] = make_trick(2, 0, SEATS)
    tricks[9] = make_trick(2, 0, SEATS)
    s = two(tricks)
    pts = s["party_points"]
    assert pts[0] >= 121 and s["winner"] == 0 and s["value"] == -2
    assert sum(s["settlement"]) == 0 and s["settlement"][0] == -6


def test_HY_R8_three_parties_example_100_90_50():
    party = [0, 0, 1, 1, 2]  # Pik: 0, 1; Kreuz: 2, 3; rest: 4
    tricks = tricks_for({0: [25, 25, 25, 25], 2: [30, 30, 30], 4: [25, 25]}, SEATS)
    tricks.append(make_trick(1, 0, SEATS))
    s = score_three(party, tricks, contract=STANDARD)
    assert s["party_points"] == [100, 90, 50]
    assert s["settlement"] == [3, 3, -1, -1, -4]


def test_HY_R8_rest_wins_ties_queen_tie_is_zero_and_rest_bonus():
    party = [0, 1, 2, 2, 2]  # Pik: 0; Kreuz: 1; rest: 2, 3, 4
    tricks = tricks_for({0: [20, 20, 20, 20], 1: [20, 20, 20, 20], 2: [20, 20]}, SEATS)
    tricks = tricks[:8] + tricks_for({2: [39, 39]}, SEATS)
    s = score_three(party, tricks, contract=STANDARD)
    assert s["party_points"] == [80, 80, 78]
    duels = {tuple(d["parties"]): d for d in s["duels"]}
    assert duels[(0, 1)]["winner"] is None and duels[(0, 1)]["value"] == 0
    assert duels[(0, 2)]["winner"] == 0 and duels[(0, 2)]["value"] == 1
    tie = tricks_for({0: [20, 20, 20, 20], 1: [20, 20, 20, 20], 2: [40, 40]}, SEATS)
    s = score_three(party, tie, contract=STANDARD)
    duels = {tuple(d["parties"]): d for d in s["duels"]}
    # 80 : 80 against the rest: the rest wins ties, +1 for the rest winning,
    # and its two Doppelkopf count in both of its duels
    assert duels[(0, 2)]["winner"] == 2 and duels[(0, 2)]["value"] == 1 + 1 + 2
    assert sum(s["settlement"]) == 0


def test_HY_R8_fuchs_counts_only_against_the_owner_party():
    party = [0, 1, 2, 2, 2]
    d_a = cards("DA")[0]
    tricks = tricks_for({0: [30] * 4, 1: [20] * 3, 2: [20] * 3}, SEATS)
    tricks[0] = (0, ((1, d_a), (0, 6), (2, 6), (3, 0), (4, 3 * 6 + 1)))
    s = score_three(party, tricks, contract=STANDARD)
    duels = {tuple(d["parties"]): d for d in s["duels"]}
    assert duels[(0, 1)]["value"] == 2  # won + Fuchs from Kreuz
    assert duels[(0, 2)]["value"] == 1  # the Fuchs does not count against the rest
    assert sum(s["settlement"]) == 0


def test_HY_R8_trickless_loser_in_a_duel():
    party = [0, 1, 2, 2, 2]
    tricks = tricks_for({0: [24] * 5, 2: [24] * 5}, SEATS)
    s = score_three(party, tricks, contract=STANDARD)
    duels = {tuple(d["parties"]): d for d in s["duels"]}
    assert duels[(0, 1)]["levels"] == ["won", "no trick"]
    assert duels[(1, 2)]["levels"] == ["won", "no trick", "gegen die Alten"]
