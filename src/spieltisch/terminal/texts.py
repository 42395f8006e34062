"""The terminal's words in English and German, looked up by key.

One small table instead of a translation framework: the terminal says little, and a
missing German entry falls back to English rather than failing.
"""

from __future__ import annotations

from typing import Final

LANGS: Final = ("en", "de")

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "welcome": "{title}: you play seat {seat} against {bots} bot(s) of level {level!r}. "
        "Type a move, 'help' or 'quit'.",
        "bot": "Bot",
        "you": "You",
        "prompt": "Your move",
        "thinking": "{who} is thinking ...",
        "help_title": "Legal moves",
        "help_syntax": "Type a move in notation, 'help' for this list, 'board' to redraw, "
        "'quit' to stop.",
        "unreadable": "Cannot read {text!r}: {message}",
        "illegal": "Not allowed ({rule}): {message}",
        "not_legal": "{text!r} is not one of your legal moves now; type 'help' for the list.",
        "quit": "Game abandoned.",
        "eof": "Input ended; game abandoned.",
        "plays": "{who}: {action}",
        "final": "Final result",
        "seat": "Seat",
        "score": "Score",
        "rank": "Rank",
        "match_won": "You win!",
        "match_lost": "You lose.",
        "match_draw": "A draw.",
        "no_seat": "{game} has seats 0 to {last}; there is no seat {seat}.",
        "bench_title": "Random playouts ({games} games each, seed {seed})",
        "game": "Game",
        "games": "Games",
        "plies": "Plies/game",
        "playouts": "Playouts/s",
        "steps": "Steps/s",
        "players": "Players",
        "options": "Options (default)",
        "levels": "Bot levels",
    },
    "de": {
        "welcome": "{title}: Du spielst Platz {seat} gegen {bots} Bot(s) der Stufe {level!r}. "
        "Gib einen Zug ein, 'help' oder 'quit'.",
        "bot": "Bot",
        "you": "Du",
        "prompt": "Dein Zug",
        "thinking": "{who} denkt nach ...",
        "help_title": "Erlaubte Züge",
        "help_syntax": "Zug in Notation eingeben, 'help' zeigt diese Liste, 'board' zeichnet "
        "neu, 'quit' beendet.",
        "unreadable": "{text!r} ist nicht lesbar: {message}",
        "illegal": "Nicht erlaubt ({rule}): {message}",
        "not_legal": "{text!r} ist jetzt kein erlaubter Zug; 'help' zeigt die Liste.",
        "quit": "Spiel abgebrochen.",
        "eof": "Eingabe beendet; Spiel abgebrochen.",
        "plays": "{who}: {action}",
        "final": "Endergebnis",
        "seat": "Platz",
        "score": "Punkte",
        "rank": "Rang",
        "match_won": "Du gewinnst!",
        "match_lost": "Du verlierst.",
        "match_draw": "Unentschieden.",
        "no_seat": "{game} hat die Plätze 0 bis {last}; Platz {seat} gibt es nicht.",
    },
}


def text(lang: str, key: str, **values: object) -> str:
    """The string ``key`` in ``lang`` (English if missing), formatted with ``values``."""
    template = TEXTS.get(lang, {}).get(key) or TEXTS["en"][key]
    return template.format(**values)
