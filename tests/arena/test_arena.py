"""The arena: fair seating, the interval and rating maths, reproducible replayable records."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch.arena import (
    Budget,
    Tournament,
    build_bot,
    head_to_head,
    lineups,
    read_records,
    schedule,
    summarise,
    wilson,
    win_shares,
    write_records,
)
from spieltisch.bots.ismcts import ISMCTSBot
from spieltisch.bots.rollout import RolloutBot
from spieltisch.engine import SpieltischError

SINGLE = {"match": "single"}


@settings(max_examples=40, deadline=None)
@given(
    bots=st.lists(st.sampled_from("abcdef"), min_size=1, max_size=6, unique=True),
    players=st.integers(min_value=2, max_value=6),
    games=st.integers(min_value=1, max_value=40),
)
def test_every_bot_sits_in_every_seat_equally_often(bots: list[str], players: int, games: int):
    plan = schedule(bots, players, games, seed=1)
    assert len(plan) >= games
    assert [s.index for s in plan] == list(range(len(plan)))
    seat_counts = Counter((bot, seat) for s in plan for seat, bot in enumerate(s.seats))
    for bot in bots:
        per_seat = {seat_counts[(bot, seat)] for seat in range(players)}
        assert len(per_seat) == 1, f"{bot} is not seated evenly: {seat_counts}"
    # every deal is played by every rotation of every lineup, on one seed
    per_deal = len(lineups(bots, players)) * players
    deals: dict[int, list[tuple[str, ...]]] = {}
    for s in plan:
        deals.setdefault(s.deal, []).append(s.seats)
    for deal, tables in deals.items():
        assert len(tables) == per_deal
        assert len({s.seed for s in plan if s.deal == deal}) == 1
    assert len({s.seed for s in plan}) == len(deals)


def test_more_bots_than_seats_meet_in_every_pairing() -> None:
    plan = schedule(["a", "b", "c"], 2, 6, seed=0)
    pairs = Counter(frozenset(s.seats) for s in plan)
    assert pairs == {frozenset("ab"): 2, frozenset("ac"): 2, frozenset("bc"): 2}


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    # reference values: Wilson score interval, z = 1.96 (Newcombe 1998, table I)
    [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611)],
)
def test_wilson_interval_matches_published_values(wins: int, n: int, low: float, high: float):
    lo, hi = wilson(wins, n)
    assert lo == pytest.approx(low, abs=6e-4)
    assert hi == pytest.approx(high, abs=6e-4)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(min_value=1, max_value=500), data=st.data())
def test_wilson_interval_contains_the_rate_and_shrinks(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(min_value=0, max_value=n))
    lo, hi = wilson(k, n)
    assert 0 <= lo <= k / n <= hi <= 1
    lo4, hi4 = wilson(4 * k, 4 * n)
    assert hi4 - lo4 < hi - lo


def test_shared_first_places_split_the_win() -> None:
    assert win_shares([1, 1]) == [0.5, 0.5]
    assert win_shares([2, 1, 3]) == [0.0, 1.0, 0.0]


def _fake(index: int, seats: list[str], ranks: list[int]) -> dict[str, object]:
    scores = [float(10 - r) for r in ranks]
    return {"index": index, "seats": seats, "result": {"ranks": ranks, "scores": scores}}


def test_summary_counts_wins_scores_and_rates_the_winner_higher() -> None:
    games = [
        _fake(i, ["a", "b"] if i % 2 else ["b", "a"], [1, 2] if i % 2 else [2, 1])
        for i in range(20)
    ]
    a, b = summarise(["a", "b"], games)
    assert (a.seats, a.wins, a.win_rate) == (20, 20.0, 1.0)
    assert (b.seats, b.wins, b.mean_score) == (20, 0.0, 8.0)
    assert a.by_seat == b.by_seat == {0: 10, 1: 10}
    assert a.mu > b.mu and a.ordinal > b.ordinal
    # the rating does not depend on the order the games finished in
    again = summarise(["a", "b"], list(reversed(games)))
    assert again[0].mu == a.mu


def test_rating_is_not_the_last_games_one() -> None:
    # ``a`` wins the first twenty meetings, ``b`` the next twenty: the same record either
    # way, so the averaged rating puts them close where the tournament's own order alone
    # favours whoever won last.
    games = [_fake(i, ["a", "b"], [1, 2] if i < 20 else [2, 1]) for i in range(40)]
    once_a, once_b = summarise(["a", "b"], games, orders=1)
    a, b = summarise(["a", "b"], games)
    assert abs(a.mu - b.mu) < abs(once_a.mu - once_b.mu) / 3
    assert a.games == b.games == 40 and a.wins == b.wins == 20


def test_budget_and_spec_parsing() -> None:
    assert Budget.parse("300") == Budget(iterations=300)
    assert Budget.parse("40ms") == Budget(time_ms=40.0)
    with pytest.raises(SpieltischError):
        Budget.parse("fast")
    game = spieltisch.load("halali")
    bot = build_bot(game, "ismcts@7", seed=1)
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 7
    rollouts = build_bot(game, "strong@30", seed=1)
    assert isinstance(rollouts, RolloutBot) and rollouts.rollouts == 30
    timed = build_bot(game, "expert@50ms", seed=1)
    assert isinstance(timed, RolloutBot) and timed.time_ms == 50.0
    with pytest.raises(SpieltischError, match="no budget"):
        build_bot(game, "random@7", seed=1)
    with pytest.raises(SpieltischError, match="no bot level"):
        build_bot(game, "grandmaster", seed=1)


def _run(tmp: Path, name: str, jobs: int) -> list[dict[str, object]]:
    tournament = Tournament("halali", ["random", "rules"], 4, seed=5, jobs=jobs, options=SINGLE)
    records = list(tournament.run())
    write_records(tmp / name, records)
    return records


def test_same_seed_same_tournament_on_any_number_of_processes(tmp_path: Path) -> None:
    _run(tmp_path, "one.jsonl", jobs=1)
    _run(tmp_path, "two.jsonl", jobs=2)
    one = (tmp_path / "one.jsonl").read_text()
    assert one == (tmp_path / "two.jsonl").read_text()
    assert len(one.splitlines()) == 4


def test_records_replay_to_the_recorded_result(tmp_path: Path) -> None:
    _run(tmp_path, "t.jsonl", jobs=1)
    lines = read_records(tmp_path / "t.jsonl")
    assert [line["index"] for line in lines] == [0, 1, 2, 3]
    # one deal, two rotations: the same seed with the bots swapped
    assert lines[0]["seed"] == lines[1]["seed"]
    assert lines[0]["seats"] == list(reversed(lines[1]["seats"]))
    for line in lines:
        state = spieltisch.replay(json.loads(json.dumps(line["record"])))
        assert state.is_over()
        result = state.result()
        assert result is not None and result.to_json() == line["result"]


def test_refuses_unknown_bots_and_player_counts_up_front() -> None:
    with pytest.raises(SpieltischError):
        Tournament("halali", ["random", "nobody"], 2)
    with pytest.raises(SpieltischError):
        Tournament("halali", ["random"], 2, players=3)


def test_a_games_own_level_named_like_a_search_level_is_not_a_search() -> None:
    """Halli Galli's ``expert`` is a reaction model: a budget for it is refused."""
    if "halligalli" not in spieltisch.game_names():
        pytest.skip("Halli Galli is not registered")
    game = spieltisch.load("halligalli")
    assert not isinstance(build_bot(game, "expert", seed=1, budget=Budget(5)), ISMCTSBot)
    with pytest.raises(SpieltischError, match="no budget"):
        build_bot(game, "expert@5", seed=1)


def test_head_to_head_counts_seat_pairs_and_resamples_whole_deals() -> None:
    # Five seats, a-b-a-b-a: a finishes first and third, b second and fourth, a fifth.
    games = [
        {
            "index": i,
            "deal": i // 5,
            "seats": ["a", "b", "a", "b", "a"],
            "result": {"ranks": [1, 2, 3, 4, 5], "scores": [5.0, 4.0, 3.0, 2.0, 1.0]},
        }
        for i in range(20)
    ]
    (h,) = head_to_head(["a", "b"], games)
    assert (h.bot, h.other, h.deals, h.meetings) == ("a", "b", 4, 20 * 6)
    assert h.ahead == pytest.approx(3 / 6)  # a1 beats both, a3 beats b4, a5 none
    assert h.ahead_ci == pytest.approx((0.5, 0.5))  # every deal alike
    assert h.score_diff == pytest.approx(3.0 - 3.0)


def test_head_to_head_interval_covers_the_rate_and_ties_count_half() -> None:
    games = [
        _fake(i, ["a", "b"] if i % 2 else ["b", "a"], [1, 1] if i % 3 == 0 else [1, 2])
        for i in range(60)
    ]
    (h,) = head_to_head(["a", "b"], games, seed=3)
    assert h.deals == 60  # records without a deal are their own deal
    low, high = h.ahead_ci
    assert low < h.ahead < high
    assert low >= 0.0 and high <= 1.0
    assert head_to_head(["a", "b"], games, seed=3) == [h]
    assert head_to_head(["a", "c"], games) == []


def test_tables_written_to_a_file_keep_every_column_whole() -> None:
    """Output piped into a file (as in a benchmark log) is not cut to the 80 columns of a
    default console: the head-to-head intervals stay readable."""
    import re

    from typer.testing import CliRunner

    from spieltisch.cli import app

    args = ["arena", "halali", "--bots", "random,rules", "--games", "4", "--jobs", "1"]
    out = CliRunner().invoke(app, args, env={"COLUMNS": "60"})
    assert out.exit_code == 0, out.output
    pair = [line for line in out.output.splitlines() if line.startswith("│ random │ rules")]
    assert len(pair) == 1 and "…" not in pair[0]
    assert len(re.findall(r"–", pair[0])) == 2  # both intervals, whole
