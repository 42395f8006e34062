"""``spieltisch arena``: a tournament from the command line, with a progress bar and a table."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
from rich.table import Table

from spieltisch.engine import SpieltischError, game_class

from .runner import Budget, Tournament, write_records
from .stats import BotStats, HeadToHead, head_to_head, summarise

app = typer.Typer(help="Tournaments between bots.")


def parse_options(game: str, pairs: list[str]) -> dict[str, Any]:
    """``["variant=brettspielnetz", "match=single"]`` as options typed by the game's metadata.

    :raises SpieltischError: for an unknown game or a malformed pair.
    """
    declared = {o.name: o.kind for o in game_class(game).info.options}
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = (part.strip() for part in pair.partition("="))
        if not sep:
            raise SpieltischError(f"{pair!r}: options are written key=value")
        kind = declared.get(key, str)
        value: Any = raw
        if kind is int:
            value = int(raw)
        elif kind is bool:
            value = raw.lower() in ("1", "true", "yes", "on")
        options[key] = value
    return options


def results_table(title: str, stats: list[BotStats]) -> Table:
    table = Table(title=title)
    for name in ("bot", "games", "seats", "win rate", "95% CI", "mean score", "rating"):
        table.add_column(name, justify="left" if name == "bot" else "right")
    for s in sorted(stats, key=lambda s: -s.ordinal):
        lo, hi = s.interval
        table.add_row(
            s.bot,
            str(s.games),
            str(s.seats),
            f"{s.win_rate:.3f}",
            f"{lo:.3f}–{hi:.3f}",
            f"{s.mean_score:.2f}",
            f"{s.mu:.1f} ± {s.sigma:.1f}",
        )
    return table


def head_to_head_table(pairs: list[HeadToHead]) -> Table:
    table = Table(title="head to head (95% CI: bootstrap over deals)")
    for name in ("bot", "vs", "deals", "meetings", "ahead", "95% CI", "score diff", "95% CI"):
        table.add_column(name, justify="left" if name in ("bot", "vs") else "right")
    for h in pairs:
        table.add_row(
            h.bot,
            h.other,
            str(h.deals),
            str(h.meetings),
            f"{h.ahead:.3f}",
            f"{h.ahead_ci[0]:.3f}–{h.ahead_ci[1]:.3f}",
            f"{h.score_diff:+.2f}",
            f"{h.score_ci[0]:+.2f}–{h.score_ci[1]:+.2f}",
        )
    return table


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="Game name, see `spieltisch games`.")],
    bots: Annotated[
        str,
        typer.Option(
            help="Comma-separated specs: random,rules,strong@500, or module:Class for an "
            "outside agent (a spieltisch.bots.Bot subclass)"
        ),
    ],
    games: Annotated[int, typer.Option(help="Games to play (rounded up to whole deals).")] = 100,
    seed: Annotated[int, typer.Option(help="Tournament seed: deals and bot seeds.")] = 0,
    jobs: Annotated[int, typer.Option(help="Worker processes.")] = os.cpu_count() or 1,
    budget: Annotated[
        str | None, typer.Option(help="Search budget for search bots: 500 or 250ms.")
    ] = None,
    players: Annotated[int | None, typer.Option(help="Seats (default: the game's).")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Rule option key=value.")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Write records as JSON Lines.")] = None,
    anchors: Annotated[
        Path | None,
        typer.Option(help="Write the levels' ratings as this game's anchors into this file."),
    ] = None,
) -> None:
    """Play a tournament with every bot in every seat on mirrored deals."""
    console = Console()
    if not console.is_terminal:  # piped into a file: keep every column of the tables
        console = Console(width=max(console.width, 160))
    specs = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        tournament = Tournament(
            game,
            specs,
            games,
            seed=seed,
            jobs=max(1, jobs),
            budget=Budget.parse(budget) if budget else None,
            players=players,
            options=parse_options(game, option or []),
        )
        tasks = tournament.tasks()
        records = []
        started = os.times()
        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
        ) as progress:
            bar = progress.add_task(f"{game}: {', '.join(specs)}", total=len(tasks))
            for record in tournament.run():
                records.append(record)
                progress.advance(bar)
    except SpieltischError as exc:
        console.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from exc
    unique = list(dict.fromkeys(specs))
    stats = summarise(unique, records)
    options = ", ".join(f"{k}={v}" for k, v in tournament.options.items())
    title = f"{game} ({options}), {len(records)} games, {tournament.players} seats, seed {seed}"
    console.print(results_table(title, stats))
    pairs = head_to_head(unique, records, seed=seed)
    if pairs:
        console.print(head_to_head_table(pairs))
    if out is not None:
        write_records(out, records)
        console.print(f"records: {out} (replay a line with spieltisch.replay(line['record']))")
    if anchors is not None:
        from .anchors import save_tournament_anchors

        save_tournament_anchors(anchors, tournament, stats, len(records), started)
        console.print(f"anchors of {game}: {anchors}")
