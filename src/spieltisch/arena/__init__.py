"""Tournaments between bots: fair seating, many processes, statistics, replayable records."""

from .runner import (
    Budget,
    Task,
    Tournament,
    build_bot,
    parse_spec,
    play,
    read_records,
    write_records,
)
from .schedule import Seating, games_per_deal, lineups, rotations, schedule
from .stats import BotStats, HeadToHead, head_to_head, summarise, wilson, win_shares

__all__ = [
    "BotStats",
    "Budget",
    "HeadToHead",
    "Seating",
    "Task",
    "Tournament",
    "build_bot",
    "games_per_deal",
    "head_to_head",
    "lineups",
    "parse_spec",
    "play",
    "read_records",
    "rotations",
    "schedule",
    "summarise",
    "wilson",
    "win_shares",
    "write_records",
]
