"""Scoring: penalties of a deal (KA-R6, KA-R7), ring-game payout (KA-R8), club format.

Kept apart from the turn rules so the payout arithmetic can be checked against the
document's example on its own:

>>> [round(x, 2) for x in ring_payout(40.0, [0, 12, 47, 131], winner=0)]
[35.3, 2.93, 1.77, 0.0]
"""

from __future__ import annotations

from typing import Any

from spieltisch.engine import Result, ranks_from_keys

from .cards import penalty_of

KALOOKI_BONUS = 25
"""Extra penalty for every other player when the winner goes Kalooki (KA-R6)."""
RING_LOSER_CAP = 100
"""A loser with this many penalty points or more gets nothing back (KA-R8)."""
LOSERS_SHARE = 0.25
"""Part of the pot split among the losers at most; the winner keeps at least 75% (KA-R8)."""
CLUB_LIMIT = 150
"""A club-format player whose total passes this is out (KA-R8 option)."""


def deal_penalties(
    hands: list[list[int]], in_deal: list[bool], winner: int | None, kalooki: bool
) -> list[int]:
    """Penalty points of one deal per seat (0 for the winner and seats not in the deal).

    ``winner`` is None for a deal that ended without anybody going out (KA-R9): then every
    player in the deal scores his hand.
    """
    out = []
    for seat, counts in enumerate(hands):
        if not in_deal[seat] or seat == winner:
            out.append(0)
            continue
        p = penalty_of(counts)
        if kalooki and winner is not None:
            p += KALOOKI_BONUS
        out.append(p)
    return out


def ring_payout(
    pot: float, penalties: list[int], winner: int, resigned: tuple[int, ...] = ()
) -> list[float]:
    """What each seat receives from the pot in a ring game (KA-R8).

    A loser with penalty ``p < 100`` gets ``S * (100 - p) / 100`` where
    ``S = 25% of the pot / (players - 1)``; the winner gets the rest. Money is paid in
    whole cents: each loser's share is rounded to the cent and the winner takes what is
    left, so the payouts always add up to the pot exactly. A ``resigned`` seat gets
    nothing (KA-R12): its share stays with the winner.
    """
    n = len(penalties)
    pot_cents = round(pot * 100)
    share = LOSERS_SHARE * pot_cents / (n - 1)
    cents = [
        0
        if s == winner or s in resigned or p >= RING_LOSER_CAP
        else round(share * (RING_LOSER_CAP - p) / 100)
        for s, p in enumerate(penalties)
    ]
    cents[winner] = pot_cents - sum(cents)
    return [c / 100 for c in cents]


def split_pot(pot: float, winners: list[int], seats: int) -> list[float]:
    """The pot shared by ``winners`` in whole cents; odd cents go to the earliest seats."""
    pot_cents = round(pot * 100)
    each, odd = divmod(pot_cents, len(winners))
    cents = [0] * seats
    for i, s in enumerate(winners):
        cents[s] = each + (1 if i < odd else 0)
    return [c / 100 for c in cents]


def club_eliminated(totals: list[int], alive: list[bool]) -> list[int]:
    """Seats still in the game whose total has passed the club limit."""
    return [s for s, t in enumerate(totals) if alive[s] and t > CLUB_LIMIT]


def pot_winner(penalties: list[int], winner: int, resigned: tuple[int, ...]) -> int:
    """KA-R12: who takes the winner's share. A resigned seat can win nothing: when its
    stand-in went out, the player with the fewest penalty points who did not resign takes
    it (the earliest seat among equals)."""
    if winner not in resigned:
        return winner
    others = [s for s in range(len(penalties)) if s not in resigned]
    return min(others, key=lambda s: (penalties[s], s))


def ring_result(
    deal: dict[str, Any], stake: float, reason: str, resigned: tuple[int, ...] = ()
) -> Result:
    """A ring game's result (KA-R8): scores are money won, payout minus stake; a deal
    without a winner (KA-R9) is a wash, except that a resigned seat gets nothing back and
    the others share its stake (KA-R12)."""
    pens: list[int] = deal["penalties"]
    n = len(pens)
    winner = deal["winner"]
    if winner is None:
        keep = [s for s in range(n) if s not in resigned]
        pay = split_pot(stake * n, keep, n) if resigned else [stake] * n
        ranks: tuple[int, ...] = (1,) * n
    else:
        winner = pot_winner(pens, winner, resigned)
        pay = ring_payout(stake * n, pens, winner, resigned)
        ranks = ranks_from_keys(
            [(1.0, 0.0) if s == winner else (0.0, -float(p)) for s, p in enumerate(pens)]
        )
    details = {"penalties": pens, "payouts": [round(x, 2) for x in pay], "deals": 1}
    return Result(tuple(round(p - stake, 2) for p in pay), ranks, reason, details)


def club_result(
    deals: list[dict[str, Any]],
    alive: list[bool],
    totals: list[int],
    stake: float,
    reason: str,
    resigned: tuple[int, ...] = (),
) -> Result:
    """The club format's result: the players left share the pot; the others rank by how
    late they went out, then by total. A resigned seat wins nothing (KA-R12): the pot goes
    to the players left who did not resign, or, when none is, to the best placed player
    who did not resign."""
    n = len(alive)
    out_at = [len(deals) + 1] * n
    for d in deals:
        for s in d.get("eliminated", []):
            out_at[s] = d["deal"]
    keys: list[tuple[float, ...]] = [(float(out_at[s]), -float(totals[s])) for s in range(n)]
    winners = [s for s in range(n) if alive[s] and s not in resigned]
    if not winners:
        others = [s for s in range(n) if s not in resigned] or list(range(n))
        best = max(keys[s] for s in others)
        winners = [s for s in others if keys[s] == best]
    pay = split_pot(stake * n, winners, n)
    ranks = ranks_from_keys(keys)
    details = {"totals": list(totals), "payouts": [round(x, 2) for x in pay], "deals": len(deals)}
    return Result(tuple(round(p - stake, 2) for p in pay), ranks, reason, details)


def resigned_out_result(
    alive: list[bool],
    resigned: tuple[int, ...],
    stake: float,
    details: dict[str, Any],
    reason: str = "resigned",
) -> Result:
    """KA-R12: the result when resignations leave at most one player who can still win.
    He takes the whole pot; everybody else has lost his stake (money, as every Kalooki
    result). Ranks: the winner, then the players out by the club limit, then the resigners
    (the engine's order for resigned seats)."""
    n = len(alive)
    winners = [s for s in range(n) if alive[s] and s not in resigned]
    if not winners:
        winners = [s for s in range(n) if s not in resigned] or list(range(n))
    pay = split_pot(stake * n, winners, n)
    keys: list[tuple[float, ...]] = [
        (0.0 if s in resigned else 1.0, 1.0 if s in winners else 0.0) for s in range(n)
    ]
    out = {**details, "payouts": [round(x, 2) for x in pay], "resigned": list(resigned)}
    scores = tuple(round(p - stake, 2) for p in pay)
    return Result(scores, ranks_from_keys(keys), reason or "resigned", out)
