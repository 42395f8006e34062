"""Halali in the terminal: the forest drawn from a view, events told, the match summed up.

The board is the 9×9 frame of the Brettspielnetz notation (HA-R1): the forest b2–h8,
the exits a5, i5, e9, e1 in yellow, files a–i and ranks 1–9 around it. Each square is
two lines of five characters: face-down tiles show only their back, face-up tiles their
kind on the colour of their side (blue, brown, green) and a hunter its gun's arrow.
"""

from __future__ import annotations

import re
from typing import Any, Final

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from spieltisch.engine import Event, View
from spieltisch.games.halali.board import (
    EXITS,
    FILES,
    IS_FOREST,
    KIND_BY_NAME,
    KIND_NAMES,
    KIND_NAMES_DE,
    OWNER,
    parse_square,
    square,
    square_name,
)
from spieltisch.terminal import Face
from spieltisch.terminal.texts import text

WIDTH: Final = 6
"""Characters per forest square; the frame files a and i are narrower (exits only)."""
FRAME_WIDTH: Final = 4


def _width(sq: int) -> int:
    return FRAME_WIDTH if sq % 9 in (0, 8) else WIDTH


ARROWS: Final = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
EXIT_ARROWS: Final = {"a5": "←", "i5": "→", "e9": "↑", "e1": "↓"}
SIDE_STYLE: Final = (
    ("bold bright_white on blue3", "bold bright_white on dodger_blue3"),
    ("bold bright_white on orange4", "bold bright_white on dark_orange3"),
    ("bold bright_white on dark_green", "bold bright_white on green4"),
)
"""Blue, brown and neutral (green) tiles, as on the tile backs; squares alternate in
shade like a chessboard so that neighbouring tiles stay apart without gaps."""
HIDDEN_STYLE: Final = ("grey50 on grey23", "grey62 on grey35")
EMPTY_STYLE: Final = ("grey35 on grey7", "grey42 on grey15")
EXIT_STYLE: Final = "bold black on yellow"
MARK_STYLE: Final = "bold black on bright_yellow"
"""The lower half of the squares of the opponent's last action."""
SQUARE_RE: Final = re.compile(r"\b[a-i][1-9]\b")
PANEL_MIN: Final = 22
"""Narrowest side panel worth putting beside the board."""

SHORT: Final = {
    "en": ("Bear", "Fox", "Wood", "Hunt", "Pheas", "Duck", "Tree"),
    "de": ("Bär", "Fuchs", "Holz", "Jäger", "Fasan", "Ente", "Baum"),
}
WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "blue": "Blue",
        "brown": "Brown",
        "sides": "bears & foxes|woodcutters & hunters",
        "title": "Halali! — game {n}/{of}",
        "you_play": "You play {colour} ({side}).",
        "spectator": "Spectator view.",
        "your_turn": "Your turn",
        "to_move": "{colour} to move",
        "over": "Match over",
        "points": "{colour}: {points} points",
        "won": "won",
        "out": "out",
        "face_down": "Face down: {n}",
        "end_phase": "End phase: {n} moves left",
        "locked": "{square}: bird locked for you this turn (HA-R5)",
        "exit": "EXIT",
        "flip": "flips {square}: {tile}",
        "gun": " (gun {arrow})",
        "move": "moves the {tile} {move}",
        "capture": "{move}: {tile} takes {captured} (+{points})",
        "leave": "{move}: {tile} leaves the forest (+{points})",
        "pass": "passes",
        "end_start": "All tiles are face up: the end phase begins, {n} moves left.",
        "game_over": "Game {n} over ({reason}): {scores}.",
        "game_short": "Game {n}: {scores}",
        "game_start": "Game {n}: roles swapped, you now play {colour}.",
        "game_col": "Game",
        "colour_col": "You played",
        "you_col": "You",
        "opp_col": "Opponent",
        "reason_col": "Ended by",
        "total": "Match total",
        "tiles": "tiles won",
        "end_phase_over": "end phase over",
        "no_own_tiles": "a side has no tiles left",
        "no_moves": "no tile can move",
        "fifty_moves": "50 moves without reveal or capture",
        "agreed": "draw by agreement",
        "draw_offered": "Seat {n} offers a draw (HA-R11).",
        "draw_declined": "Seat {n} declines the draw.",
        "draw_accepted": "Seat {n} accepts the draw.",
        "draw_offer_lapsed": "Seat {n}'s draw offer has lapsed.",
    },
    "de": {
        "blue": "Blau",
        "brown": "Braun",
        "sides": "Bären & Füchse|Holzfäller & Jäger",
        "title": "Halali! — Partie {n}/{of}",
        "you_play": "Du spielst {colour} ({side}).",
        "spectator": "Zuschaueransicht.",
        "your_turn": "Du bist am Zug",
        "to_move": "{colour} ist am Zug",
        "over": "Match beendet",
        "points": "{colour}: {points} Punkte",
        "won": "erbeutet",
        "out": "hinaus",
        "face_down": "Verdeckt: {n}",
        "end_phase": "Endphase: noch {n} Züge",
        "locked": "{square}: Vogel ist diesen Zug für dich gesperrt (HA-R5)",
        "exit": "AUSG",
        "flip": "deckt {square} auf: {tile}",
        "gun": " (Gewehr {arrow})",
        "move": "zieht {tile} {move}",
        "capture": "{move}: {tile} schlägt {captured} (+{points})",
        "leave": "{move}: {tile} verlässt den Wald (+{points})",
        "pass": "passt",
        "end_start": "Alle Kärtchen sind aufgedeckt: die Endphase beginnt, noch {n} Züge.",
        "game_over": "Partie {n} beendet ({reason}): {scores}.",
        "game_short": "Partie {n}: {scores}",
        "game_start": "Partie {n}: Rollen getauscht, du spielst jetzt {colour}.",
        "game_col": "Partie",
        "colour_col": "Deine Farbe",
        "you_col": "Du",
        "opp_col": "Gegner",
        "reason_col": "Ende durch",
        "total": "Summe",
        "tiles": "Kärtchen",
        "end_phase_over": "Endphase vorbei",
        "no_own_tiles": "eine Seite hat keine Kärtchen mehr",
        "no_moves": "kein Kärtchen kann ziehen",
        "fifty_moves": "50 Züge ohne Aufdecken oder Schlagen",
        "agreed": "Remis nach Einigung",
        "draw_offered": "Platz {n} bietet Remis an (HA-R11).",
        "draw_declined": "Platz {n} lehnt das Remis ab.",
        "draw_accepted": "Platz {n} nimmt das Remis an.",
        "draw_offer_lapsed": "Das Remis-Angebot von Platz {n} ist verfallen.",
    },
}


def _w(lang: str, key: str, **values: Any) -> str:
    words = WORDS.get(lang, WORDS["en"])
    return words.get(key, WORDS["en"][key]).format(**values)


def _kind(name: str, lang: str) -> str:
    """A tile kind's full name in ``lang``."""
    names = KIND_NAMES_DE if lang == "de" else KIND_NAMES
    return names[KIND_BY_NAME[name]]


def _colour(name: str | None, lang: str) -> str:
    return _w(lang, name) if name in ("blue", "brown") else "-"


# -- the board ---------------------------------------------------------------------------
def _cell(sq: int, view: View, lang: str, marked: bool) -> tuple[Text, Text]:
    """The two lines of one square; a ``marked`` square gets a yellow lower half."""
    top, bottom = _plain_cell(sq, view, lang)
    if marked:
        bottom = Text(bottom.plain, MARK_STYLE)
    return top, bottom


def _plain_cell(sq: int, view: View, lang: str) -> tuple[Text, Text]:
    name = square_name(sq)
    width = _width(sq)
    if sq in EXITS:
        label = _w(lang, "exit")
        return (
            Text(label.center(width), EXIT_STYLE),
            Text(EXIT_ARROWS[name].center(width), EXIT_STYLE),
        )
    if not IS_FOREST[sq]:
        return Text(" " * width), Text(" " * width)
    shade = (sq % 9 + sq // 9) % 2
    cell = view["board"].get(name)
    if cell is None:
        style = EMPTY_STYLE[shade]
        return Text("·".center(width), style), Text(" " * width, style)
    if cell.get("hidden"):
        style = HIDDEN_STYLE[shade]
        back = "░" * (width - 2)
        return Text(f" {back} ", style), Text(f" {back} ", style)
    kind = KIND_BY_NAME[cell["tile"]]
    style = SIDE_STYLE[OWNER[kind]][shade]
    top = SHORT.get(lang, SHORT["en"])[kind].center(width)
    bottom = ARROWS[cell["gun"]] if "gun" in cell else ""
    if view.get("locked") == name:
        bottom = "×"
    return Text(top, style), Text(bottom.center(width), style)


def board(view: View, lang: str = "en", last: str | None = None) -> Text:
    """The 9×9 frame with the forest, labelled a–i and 1–9 (rank 9 at the top); the
    squares named in the action ``last`` are marked."""
    marked = {parse_square(m) for m in SQUARE_RE.findall(last or "")}
    files = "   " + "".join(f.center(_width(i)) for i, f in enumerate(FILES)) + "\n"
    out = Text(files, "bold")
    for rank in range(8, -1, -1):
        cells = [_cell(sq, view, lang, sq in marked) for sq in (square(f, rank) for f in range(9))]
        for line in (0, 1):
            label = f" {rank + 1} " if line == 0 else "   "
            out.append(label, "bold")
            for pair in cells:
                out.append_text(pair[line])
            out.append(label.rstrip() if line == 0 else "", "bold")
            out.append("\n")
    out.append(files.rstrip("\n"), "bold")
    return out


# -- the side panel ----------------------------------------------------------------------
def _tile_list(names: list[str], lang: str) -> str:
    """Won tiles as counts in the documents' order: ``Duck×3 Fox``."""
    short = SHORT.get(lang, SHORT["en"])
    counts = [0] * len(short)
    for n in names:
        counts[KIND_BY_NAME[n]] += 1
    return " ".join(short[k] + (f"×{n}" if n > 1 else "") for k, n in enumerate(counts) if n)


def panel(view: View, lang: str = "en") -> Table:
    """Who plays what, whose turn, points and won tiles, face-down tiles, end phase."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column()
    grid.add_row(Text(_w(lang, "title", n=view["game_number"], of=view["games_in_match"]), "bold"))
    colour = view.get("colour")
    if colour:
        side = _w(lang, "sides").split("|")[0 if colour == "blue" else 1]
        grid.add_row(
            Text(_w(lang, "you_play", colour=_colour(colour, lang), side=side), _side(colour))
        )
    else:
        grid.add_row(_w(lang, "spectator"))
    if view["over"]:
        grid.add_row(Text(_w(lang, "over"), "bold"))
    elif view.get("active_seat") == view.get("seat"):
        grid.add_row(Text(_w(lang, "your_turn"), "bold reverse"))
    else:
        grid.add_row(_w(lang, "to_move", colour=_colour(view["to_move"], lang)))
    grid.add_row("")
    for c in ("blue", "brown"):
        grid.add_row(
            Text(_w(lang, "points", colour=_colour(c, lang), points=view["points"][c]), _side(c))
        )
        won, out = view["won"][c], view["exited"][c]
        if won:
            grid.add_row(Text(f"  {_w(lang, 'won')}: {_tile_list(won, lang)}", "dim"))
        if out:
            grid.add_row(Text(f"  {_w(lang, 'out')}: {_tile_list(out, lang)}", "dim"))
    grid.add_row("")
    hidden: dict[str, int] = view["hidden_tiles"]
    if hidden:
        grid.add_row(_w(lang, "face_down", n=sum(hidden.values())))
        short = SHORT.get(lang, SHORT["en"])
        parts = [f"{short[KIND_BY_NAME[k]]} {n}" for k, n in hidden.items()]
        for i in range(0, len(parts), 2):
            grid.add_row(Text("  " + ", ".join(parts[i : i + 2]), "dim"))
    moves_left = view.get("end_phase_moves_left")
    if moves_left is not None:
        grid.add_row(Text(_w(lang, "end_phase", n=moves_left), "bold yellow"))
    locked = view.get("locked")
    if locked and view.get("active_seat") == view.get("seat") and not view["over"]:
        grid.add_row(Text(_w(lang, "locked", square=locked), "dim"))
    for g in view.get("finished_games", []):
        grid.add_row(Text(_game_line(g, lang, short=True), "dim"))
    return grid


def _side(colour: str) -> str:
    return "bold blue" if colour == "blue" else "bold dark_orange3"


class _BoardAndPanel:
    """The panel beside the board when the terminal is wide enough, else below it."""

    def __init__(self, board: Text, panel: Table) -> None:
        self.board = board
        self.panel = panel

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        board_width = Measurement.get(console, options, self.board).maximum
        panel_width = Measurement.get(console, options, self.panel).maximum
        if board_width + 2 + min(panel_width, PANEL_MIN) <= options.max_width:
            layout = Table.grid(padding=(0, 2))
            layout.add_column(no_wrap=True)
            layout.add_column()
            layout.add_row(self.board, self.panel)
            yield layout
        else:
            yield self.board
            yield self.panel


def render(view: View, lang: str = "en", *, last: str | None = None) -> RenderableType:
    """The board with the panel beside it (or below it on a narrow terminal)."""
    return _BoardAndPanel(board(view, lang, last), panel(view, lang))


# -- events and the final score ----------------------------------------------------------
def _game_line(summary: dict[str, Any], lang: str, short: bool = False) -> str:
    """A finished game's points per colour (with the reason unless ``short``)."""
    scores = ", ".join(
        f"{_colour(c, lang)} {p}"
        for c, p in zip(summary["colours"], summary["points"], strict=True)
    )
    if short:
        return _w(lang, "game_short", n=summary["game"], scores=scores)
    reason = _w(lang, summary["reason"])
    return _w(lang, "game_over", n=summary["game"], reason=reason, scores=scores)


def describe(event: Event, lang: str, seat: int | None) -> str | None:
    """One line telling what happened."""
    kind = event["type"]
    move = f"{event.get('from')}-{event.get('to')}"
    if kind == "flip":
        line = _w(lang, "flip", square=event["square"], tile=_kind(event["tile"], lang))
        if "gun" in event:
            line += _w(lang, "gun", arrow=ARROWS[event["gun"]])
        return line
    if kind == "move":
        return _w(lang, "move", tile=_kind(event["tile"], lang), move=move)
    if kind == "capture":
        return _w(
            lang,
            "capture",
            move=move,
            tile=_kind(event["tile"], lang),
            captured=_kind(event["captured"], lang),
            points=event["points"],
        )
    if kind == "exit":
        return _w(lang, "leave", move=move, tile=_kind(event["tile"], lang), points=event["points"])
    if kind == "pass":
        return _w(lang, "pass")
    if kind.startswith("draw_"):
        return _w(lang, kind, n=event["seat"] + 1)
    if kind == "end_phase":
        return _w(lang, "end_start", n=event["moves_left"])
    if kind == "game_end":
        return _game_line(event, lang)
    if kind == "game_start" and seat is not None:
        colours = event.get("colours")  # per seat (HA-R10: a rematch may swap them)
        colour = colours[seat] if colours else "brown" if (seat + event["game"] - 1) % 2 else "blue"
        return _w(lang, "game_start", n=event["game"], colour=_colour(colour, lang))
    return None


def result(view: View, lang: str, seat: int | None) -> RenderableType:
    """Each game's points for both sides and the match total, then the verdict."""
    table = Table(title=text(lang, "final"), title_style="bold")
    for key in ("game_col", "colour_col", "you_col", "opp_col", "reason_col"):
        table.add_column(
            _w(lang, key), justify="right" if key in ("you_col", "opp_col") else "left"
        )
    me = 0 if seat is None else seat
    them = 1 - me
    for g in view.get("finished_games", []):
        table.add_row(
            str(g["game"]),
            Text(_colour(g["colours"][me], lang), _side(g["colours"][me])),
            str(g["points"][me]),
            str(g["points"][them]),
            _w(lang, g["reason"]),
        )
    res: dict[str, Any] = view.get("result") or {}
    scores = res.get("scores", [0, 0])
    tiles = res.get("details", {}).get("tiles", [0, 0])
    table.add_section()
    table.add_row(
        Text(_w(lang, "total"), "bold"),
        f"{_w(lang, 'tiles')}: {tiles[me]}–{tiles[them]}",
        Text(f"{scores[me]:g}", "bold"),
        Text(f"{scores[them]:g}", "bold"),
        "",
    )
    ranks = res.get("ranks", [1, 1])
    if ranks[me] == ranks[them]:
        verdict = text(lang, "match_draw")
    elif ranks[me] < ranks[them]:
        verdict = text(lang, "match_won")
    else:
        verdict = text(lang, "match_lost")
    return Group(table, Text(verdict, "bold"))


FACE = Face.of(render, describe, result)
"""How Halali is drawn and told in the terminal."""

__all__ = ["FACE", "board", "describe", "panel", "render", "result"]
