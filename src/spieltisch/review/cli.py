"""``spieltisch review``: one seat's decisions of a recorded game, judged, in a terminal.

It prints what the browser's analysis shows: a table of the seat's decisions with their
marks (``?!`` inaccuracy, ``?`` mistake, ``??`` blunder), the better move and both
values with their standard errors, and a text curve of the seat's chance to win. The
same record, seat, seed and worlds print the same review; the CPU time it took goes to
standard error, so standard output is reproducible byte for byte.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Final

import typer
from rich.console import Console
from rich.table import Table

from spieltisch.engine import SpieltischError

from . import review_record
from .model import Decision, Estimate, Review

LANGS: Final = ("de", "en")

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Review of seat {seat} — {game}, {worlds} worlds per decision, seed {seed}",
        "title_realtime": "Review of seat {seat} — {game}",
        "ply": "Ply",
        "move": "Move",
        "class": "Judgement",
        "better": "Better",
        "taken": "Win % (move)",
        "alt": "Win % (better)",
        "loss": "Loss (points)",
        "forced": "forced",
        "best": "best",
        "good": "good",
        "inaccuracy": "inaccuracy",
        "mistake": "mistake",
        "blunder": "blunder",
        "summary": "{decisions} actions: {best} best, {good} good, {inaccuracy} inaccuracies, "
        "{mistake} mistakes, {blunder} blunders, {forced} forced",
        "curve": "Chance to win",
        "final": "end: {win}",
        "unfinished": "unfinished",
        "cpu": "CPU time: {seconds:.1f} s",
        "no_game": "the file has no game number {index} (it has {count})",
        "no_seat": "--seat must be between 0 and {last}",
        "bad_lang": "--lang must be one of de, en",
        "rings": "{rings} rings: {right} right, {wrong} wrong; {missed} bells missed "
        "(another seat rang first); {flips} flips, {strays} out of turn",
        "ring_ply": "Ply",
        "ring_kind": "What",
        "ring_tops": "Top cards",
        "ring_note": "Coach / note",
        "right": "right ring, {cards} cards",
        "wrong": "wrong ring ({rule})",
        "missed": "missed: seat {by} rang",
        "coach": "coach: {chance} that the next card makes it right",
        "lag": "{plies} actions after the table turned right",
        "times": "The record holds the order of the actions, not their times: reaction "
        "times in milliseconds are not part of it.",
    },
    "de": {
        "title": "Analyse von Platz {seat} — {game}, {worlds} Welten je Entscheidung, "
        "Startwert {seed}",
        "title_realtime": "Analyse von Platz {seat} — {game}",
        "ply": "Zug",
        "move": "Gespielt",
        "class": "Urteil",
        "better": "Besser",
        "taken": "Sieg-% (Zug)",
        "alt": "Sieg-% (besser)",
        "loss": "Verlust (Punkte)",
        "forced": "erzwungen",
        "best": "bester",
        "good": "gut",
        "inaccuracy": "Ungenauigkeit",
        "mistake": "Fehler",
        "blunder": "grober Fehler",
        "summary": "{decisions} Aktionen: {best} beste, {good} gute, {inaccuracy} "
        "Ungenauigkeiten, {mistake} Fehler, {blunder} grobe Fehler, {forced} erzwungen",
        "curve": "Siegchance",
        "final": "Ende: {win}",
        "unfinished": "nicht beendet",
        "cpu": "Rechenzeit (CPU): {seconds:.1f} s",
        "no_game": "die Datei hat kein Spiel Nummer {index} (sie hat {count})",
        "no_seat": "--seat muss zwischen 0 und {last} liegen",
        "bad_lang": "--lang muss de oder en sein",
        "rings": "{rings}-mal geklingelt: {right} richtig, {wrong} falsch; {missed} Glocken "
        "verpasst (ein anderer klingelte zuerst); {flips} Karten aufgedeckt, {strays} "
        "außer der Reihe",
        "ring_ply": "Zug",
        "ring_kind": "Was",
        "ring_tops": "Oberste Karten",
        "ring_note": "Trainer / Hinweis",
        "right": "richtig geklingelt, {cards} Karten",
        "wrong": "falsch geklingelt ({rule})",
        "missed": "verpasst: Platz {by} klingelte",
        "coach": "Trainer: {chance}, dass die nächste Karte passt",
        "lag": "{plies} Aktionen, nachdem der Tisch passte",
        "times": "Der Spielbericht hält die Reihenfolge der Aktionen fest, nicht ihre "
        "Zeiten: Reaktionszeiten in Millisekunden stehen nicht darin.",
    },
}

STYLES: Final = {
    "forced": "dim",
    "best": "green",
    "good": "",
    "inaccuracy": "yellow",
    "mistake": "dark_orange",
    "blunder": "bold red",
}
BARS: Final = "▁▂▃▄▅▆▇█"


def text(lang: str, key: str, **values: Any) -> str:
    template = TEXTS.get(lang, TEXTS["en"]).get(key) or TEXTS["en"][key]
    return template.format(**values)


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.0f} %"


def _win(estimate: Estimate | None) -> str:
    if estimate is None:
        return ""
    return f"{100 * estimate.win:.1f} ± {100 * estimate.win_se:.1f}"


def curve_line(points: list[dict[str, Any]], width: int = 60) -> str:
    """The chance-to-win curve as one line of block characters (0 % low, 100 % high)."""
    wins = [float(p["win"]) for p in points if p.get("win") is not None]
    if not wins:
        return ""
    if len(wins) > width:
        step = len(wins) / width
        wins = [wins[int(i * step)] for i in range(width)]
    return "".join(BARS[min(len(BARS) - 1, int(w * len(BARS)))] for w in wins)


def render(review: Review, lang: str, console: Console) -> None:
    """Print ``review`` as the browser shows it."""
    title = "title" if review.realtime is None else "title_realtime"
    console.print(
        text(
            lang, title, seat=review.seat, game=review.game, worlds=review.worlds, seed=review.seed
        ),
        highlight=False,
    )
    if review.realtime is not None:
        _render_rings(review.realtime, lang, console)
        return
    table = Table()
    for key in ("ply", "move", "class", "better", "taken", "alt", "loss"):
        table.add_column(
            text(lang, key), justify="right" if key in ("ply", "taken", "alt", "loss") else "left"
        )
    for decision in review.decisions:
        table.add_row(*_row(decision, lang), style=STYLES.get(decision.kind, ""))
    console.print(table)
    console.print(text(lang, "summary", **review.summary()), highlight=False)
    points = review.curve()
    if points:
        start = _percent(points[0]["win"])
        end = (
            text(lang, "final", win=_percent(review.final_win))
            if review.final_win is not None
            else text(lang, "unfinished")
        )
        console.print(f"{text(lang, 'curve')}: {start} {curve_line(points)} {end}", highlight=False)


def _row(decision: Decision, lang: str) -> list[str]:
    better = ""
    loss = ""
    if decision.alternative is not None and decision.kind not in ("best", "forced"):
        better = decision.alternative.action
    if decision.loss is not None and better:
        loss = f"{100 * decision.loss.win:+.1f} ± {100 * decision.loss.win_se:.1f}"
    move = f"{decision.action}{decision.mark}"
    return [
        str(decision.ply),
        move,
        text(lang, decision.kind),
        better,
        _win(decision.taken),
        _win(decision.alternative) if better else "",
        loss,
    ]


def _render_rings(section: dict[str, Any], lang: str, console: Console) -> None:
    console.print(
        text(
            lang,
            "rings",
            rings=section["rings"],
            right=len(section["right"]),
            wrong=len(section["wrong"]),
            missed=len(section["missed"]),
            flips=section["flips"],
            strays=section["strays"],
        ),
        highlight=False,
    )
    rows: list[tuple[int, str, str, str, str]] = []
    for ring in section["right"]:
        lag = ring.get("plies_after_valid")
        note = "" if lag is None else text(lang, "lag", plies=lag)
        rows.append((ring["ply"], text(lang, "right", cards=ring["cards"]), "", note, "green"))
    for ring in section["wrong"]:
        chance = ring.get("coach")
        note = "" if chance is None else text(lang, "coach", chance=_percent(chance))
        tops = " ".join(t for t in ring["tops"] if t)
        rows.append((ring["ply"], text(lang, "wrong", rule=ring["rule"]), tops, note, "bold red"))
    for miss in section["missed"]:
        tops = " ".join(t for t in miss["tops"] if t)
        rows.append((miss["ply"], text(lang, "missed", by=miss["by"]), tops, "", "yellow"))
    table = Table()
    for key in ("ring_ply", "ring_kind", "ring_tops", "ring_note"):
        table.add_column(text(lang, key))
    for ply, what, tops, note, style in sorted(rows, key=lambda r: r[0]):
        table.add_row(str(ply), what, tops, note, style=style)
    console.print(table)
    console.print(text(lang, "times"), highlight=False)


def review(
    record_file: Annotated[str, typer.Argument(help="JSON Lines of records or exported games.")],
    seat: Annotated[int, typer.Option("--seat", help="The seat to review (0-based).")],
    game_index: Annotated[
        int, typer.Option("--game-index", help="Which game of the file (0-based).")
    ] = 0,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the sampled worlds.")] = 0,
    worlds: Annotated[
        int | None, typer.Option("--worlds", help="Worlds per decision (default: the game's).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
    lang: Annotated[str, typer.Option("--lang", "-l", help="Language: de or en.")] = "en",
) -> None:
    """Judge every decision of one seat in a recorded game (chance to win, marks)."""
    from spieltisch.interop.dataset import records_in

    errors = Console(stderr=True)
    if lang not in LANGS:
        errors.print(f"[bold red]error:[/] {text('en', 'bad_lang')}", highlight=False)
        raise typer.Exit(2)
    try:
        records = list(records_in(record_file))
        if not 0 <= game_index < len(records):
            raise SpieltischError(text(lang, "no_game", index=game_index, count=len(records)))
        record = records[game_index]
        if not 0 <= seat < int(record["players"]):
            raise SpieltischError(text(lang, "no_seat", last=int(record["players"]) - 1))
        result = review_record(record, seat, seed=seed, worlds=worlds)
    except (SpieltischError, OSError) as exc:
        errors.print(f"[bold red]error:[/] {exc}", highlight=False)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(result.to_json(), ensure_ascii=False, indent=1))
        return
    render(result, lang, Console(width=120))
    errors.print(text(lang, "cpu", seconds=result.cpu_seconds), highlight=False)


__all__ = ["TEXTS", "curve_line", "render", "review"]
