"""Scoring one Hydra game: card points, special points, game value, settlement.

Pure functions over the finished tricks, so the rules can be tested on hand-made tricks.
Sources: HY-R6 (card points), HY-R7 (two parties), HY-R8 (three parties), HY-R9
(zero-sum settlement). Doppelkopf names are used for the special points: *Doppelkopf*
(a trick of 40 or more), *Fuchs* (a caught ♦A), *Karlchen* (last trick won by ♣J) and
*gegen die Alten* (the non-playing side wins).

Party ids: in a two-party game 0 is the playing side (soloist, Antrag pair, queen party)
and 1 the other side; in a three-party game 0 is the Pik party, 1 the Kreuz party and 2
the rest. -1 marks a seat that sits out (HY-R10).
"""

from __future__ import annotations

from typing import Any

from .cards import CJ, CQ, DA, POINTS, SQ, STANDARD, SUIT, TRUMP

Trick = tuple[int, tuple[tuple[int, int], ...]]
"""A finished trick: ``(winner, ((seat, card), ...))`` in the order played."""

PIK, KREUZ, REST = 0, 1, 2
PLAYING, OTHER = 0, 1


def seat_points(tricks: list[Trick], players: int) -> tuple[list[int], list[int]]:
    """Card points and number of tricks taken per seat (HY-R6)."""
    points = [0] * players
    count = [0] * players
    for winner, cards in tricks:
        for _, c in cards:
            points[winner] += POINTS[c]
        count[winner] += 1
    return points, count


def special_points(tricks: list[Trick], party: list[int], contract: int) -> list[dict[str, Any]]:
    """Doppelkopf, Fuchs and Karlchen of a game outside a solo (HY-R7).

    Each entry names the earning party and, for a Fuchs, the party it was caught from.
    """
    out: list[dict[str, Any]] = []
    fox_counts = contract == STANDARD and SUIT[contract][DA] == TRUMP
    for n, (winner, cards) in enumerate(tricks):
        earner = party[winner]
        pts = 0
        for _, c in cards:
            pts += POINTS[c]
        if pts >= 40:
            out.append({"name": "doppelkopf", "party": earner, "trick": n + 1})
        if fox_counts:
            for seat, c in cards:
                if c == DA and party[seat] != earner:
                    out.append({"name": "fuchs", "party": earner, "from": party[seat]})
    if tricks:
        winner, cards = tricks[-1]
        if dict(cards)[winner] == CJ:
            out.append({"name": "karlchen", "party": party[winner]})
    return out


def _settle(value: int, winners: list[int], losers: list[int], settlement: list[int]) -> None:
    """HY-R9: each winner receives ``value`` from each loser."""
    for s in winners:
        settlement[s] += value * len(losers)
    for s in losers:
        settlement[s] -= value * len(winners)


def _levels(loser_points: int, loser_tricks: int) -> list[str]:
    out = ["won"]
    out += [f"under {x}" for x in (90, 60, 30) if loser_points < x]
    if loser_tricks == 0:
        out.append("no trick")
    return out


def score_two(
    party: list[int],
    tricks: list[Trick],
    *,
    solo: bool,
    contract: int,
    tally: tuple[list[int], list[int]] | None = None,
) -> dict[str, Any]:
    """HY-R7: the playing side needs 121; game value with 90/60/30 levels and specials.

    ``tally`` is ``seat_points(tricks)`` when the caller kept it during the play."""
    players = len(party)
    points, count = tally or seat_points(tricks, players)
    side_points = [0, 0]
    side_tricks = [0, 0]
    for s in range(players):
        p = party[s]
        if p == 0 or p == 1:
            side_points[p] += points[s]
            side_tricks[p] += count[s]
    winner = PLAYING if side_points[PLAYING] >= 121 else OTHER
    loser = 1 - winner
    reasons = _levels(side_points[loser], side_tricks[loser])
    value = len(reasons)
    specials: list[dict[str, Any]] = []
    if not solo:
        specials = special_points(tricks, party, contract)
        if winner == OTHER:
            specials.insert(0, {"name": "gegen die Alten", "party": OTHER})
        for sp in specials:
            value += 1 if sp["party"] == winner else -1
    settlement = [0] * players
    _settle(
        value,
        [s for s in range(players) if party[s] == winner],
        [s for s in range(players) if party[s] == loser],
        settlement,
    )
    return {
        "parties": 2,
        "party_points": side_points,
        "party_tricks": side_tricks,
        "winner": winner,
        "value": value,
        "levels": reasons,
        "specials": specials,
        "settlement": settlement,
    }


def _duel_winner(a: int, b: int, pts: list[int]) -> int | None:
    if pts[a] != pts[b]:
        return a if pts[a] > pts[b] else b
    if REST in (a, b):
        return REST
    return None


def score_three(
    party: list[int],
    tricks: list[Trick],
    *,
    contract: int,
    tally: tuple[list[int], list[int]] | None = None,
) -> dict[str, Any]:
    """HY-R8: three duels Pik–Kreuz, Pik–rest, Kreuz–rest, each settled on its own.

    ``tally`` is ``seat_points(tricks)`` when the caller kept it during the play."""
    players = len(party)
    points, count = tally or seat_points(tricks, players)
    pts = [sum(points[s] for s in range(players) if party[s] == p) for p in range(3)]
    ntr = [sum(count[s] for s in range(players) if party[s] == p) for p in range(3)]
    specials = special_points(tricks, party, contract)
    settlement = [0] * players
    duels = []
    for a, b in ((PIK, KREUZ), (PIK, REST), (KREUZ, REST)):
        w = _duel_winner(a, b, pts)
        duel: dict[str, Any] = {"parties": [a, b], "winner": w, "value": 0, "levels": []}
        if w is not None:
            lo = b if w == a else a
            levels = ["won"] + (["no trick"] if ntr[lo] == 0 else [])
            if w == REST:
                levels.append("gegen die Alten")
            value = len(levels)
            for sp in specials:
                if sp["name"] == "fuchs" and {sp["party"], sp["from"]} != {a, b}:
                    continue
                if sp["party"] in (a, b):
                    value += 1 if sp["party"] == w else -1
            duel.update(value=value, levels=levels)
            _settle(
                value,
                [s for s in range(players) if party[s] == w],
                [s for s in range(players) if party[s] == lo],
                settlement,
            )
        duels.append(duel)
    return {
        "parties": 3,
        "party_points": pts,
        "party_tricks": ntr,
        "duels": duels,
        "specials": specials,
        "settlement": settlement,
    }


def healthy_parties(hands: list[list[int]], seats: list[int], players: int) -> list[int]:
    """HY 2.4.4: parties from the black queens; merged if one seat holds both colours.

    Two parties: 0 the (merged) queen party, 1 everyone else. Three parties: 0 Pik,
    1 Kreuz, 2 the rest. Seats not in ``seats`` (the dealer sitting out) get -1.
    """
    pik = {s for s in seats if SQ in hands[s]}
    kreuz = {s for s in seats if CQ in hands[s]}
    party = [-1] * players
    if pik & kreuz:
        for s in seats:
            party[s] = PLAYING if s in pik | kreuz else OTHER
    else:
        for s in seats:
            party[s] = PIK if s in pik else KREUZ if s in kreuz else REST
    return party


def is_three_party(party: list[int]) -> bool:
    return REST in party


def without_resigners(totals: list[int], resigned: tuple[int, ...]) -> list[int]:
    """HY-R12: match points in which a resigned seat wins nothing. A resigner's positive
    total (his stand-in's play) is cut to 0 and the points go, in equal whole shares, to
    the seats that did not resign (odd points to the earliest seats), so the match stays
    zero-sum; a negative total stands.

    >>> without_resigners([5, -2, -3], (0,))
    [0, 1, -1]
    """
    out = list(totals)
    others = [s for s in range(len(totals)) if s not in resigned]
    if not others:
        return out
    for s in resigned:
        if out[s] > 0:
            each, odd = divmod(out[s], len(others))
            for i, o in enumerate(others):
                out[o] += each + (1 if i < odd else 0)
            out[s] = 0
    return out
