"""Hydra in the terminal: the table drawn from a view, events told, the match summed up.

One line per seat (what it said, cards left, points and tricks taken, match total, the
black queens known to the viewer), the trick on the table, the last trick, and the
viewer's hand sorted trumps first with the trumps highlighted. Cards use the suit
symbols; red suits are red.
"""

from __future__ import annotations

from typing import Any, Final

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from spieltisch.engine import Event, View
from spieltisch.games.hydra.cards import card_symbol, parse_card
from spieltisch.terminal import Face
from spieltisch.terminal.texts import text

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Hydra — game {n}/{of}, dealer: seat {dealer}",
        "phase": "Phase: {phase}",
        "healthy": "healthy game",
        "antrag": "Antrag",
        "solo": "Solo",
        "declarer": "{kind} of seat {seat}",
        "partner": "partner: seat {seat}",
        "your_turn": "Your turn",
        "turn": "Seat {seat} to act",
        "over": "Match over",
        "seat": "Seat",
        "said": "Said",
        "cards": "Cards",
        "points": "Points",
        "tricks": "Tricks",
        "total": "Total",
        "queens": "Queens",
        "trick": "Trick",
        "last": "Last trick",
        "hand": "Your hand",
        "face_up": "Antrag: face-up card {card}",
        "given": "given back: {cards}",
        "play": "plays {card}",
        "won": "Seat {seat} takes the trick ({points} points).",
        "say": "says {word}",
        "antrag_ev": "proposes an Antrag, face up: {card}",
        "answer": "{word}s the Antrag",
        "give": "gives a card back",
        "armut": "Seat {seat} calls Armut: redeal.",
        "game_end": "Game {n} over: {verdict} Settlement: {money}.",
        "duels": "three parties",
        "winner": "{side} win, value {value}.",
        "playing": "the playing side",
        "others": "the others",
        "game_col": "Game",
        "kind_col": "Type",
        "you_col": "You",
    },
    "de": {
        "title": "Hydra — Spiel {n}/{of}, Geber: Platz {dealer}",
        "phase": "Phase: {phase}",
        "healthy": "gesundes Spiel",
        "declarer": "{kind} von Platz {seat}",
        "partner": "Partner: Platz {seat}",
        "your_turn": "Du bist dran",
        "turn": "Platz {seat} ist dran",
        "over": "Match beendet",
        "seat": "Platz",
        "said": "Ansage",
        "cards": "Karten",
        "points": "Augen",
        "tricks": "Stiche",
        "total": "Stand",
        "queens": "Damen",
        "trick": "Stich",
        "last": "Letzter Stich",
        "hand": "Deine Karten",
        "face_up": "Antrag: offene Karte {card}",
        "given": "zurückgegeben: {cards}",
        "play": "spielt {card}",
        "won": "Platz {seat} nimmt den Stich ({points} Augen).",
        "say": "sagt {word}",
        "antrag_ev": "stellt einen Antrag, offen: {card}",
        "answer": "Antrag: {word}",
        "give": "gibt eine Karte zurück",
        "armut": "Platz {seat} sagt Armut an: neu geben.",
        "game_end": "Spiel {n} vorbei: {verdict} Abrechnung: {money}.",
        "duels": "drei Parteien",
        "winner": "{side} gewinnt, Wert {value}.",
        "playing": "die spielende Partei",
        "others": "die Gegenpartei",
        "game_col": "Spiel",
        "kind_col": "Art",
        "you_col": "Du",
    },
}


def _w(lang: str, key: str, **values: Any) -> str:
    words = WORDS.get(lang, WORDS["en"])
    return words.get(key, WORDS["en"][key]).format(**values)


def card_text(name: str, trumps: list[str] | None = None) -> Text:
    """A card in symbols, red for ♥ ♦, bold on a highlight when it is a trump."""
    symbol = card_symbol(parse_card(name))
    red = name[0] in "DH" and name != "HY"
    style = "red" if red else ""
    if trumps is not None and name in trumps:
        style = ("bold red" if red else "bold") + " on grey19"
    if name == "HY":
        style = "bold magenta on grey19"
    return Text(symbol, style)


def _cards(names: list[str], trumps: list[str] | None = None) -> Text:
    return Text(" ").join(card_text(n, trumps) for n in names)


def _trick(pairs: list[list[Any]]) -> Text:
    return Text("  ").join(Text(f"{s}:") + card_text(c) for s, c in pairs)


def _kind(view: View, lang: str) -> str:
    kind = view["kind"]
    if kind is None:
        return "-"
    name = _w(lang, kind)
    if view["contract"]:
        name = view["contract"]
    if view["declarer"] is not None and kind != "healthy":
        name = _w(lang, "declarer", kind=name, seat=view["declarer"])
    if view["partner"] is not None:
        name += ", " + _w(lang, "partner", seat=view["partner"])
    return name


def render(view: View, lang: str = "en") -> RenderableType:
    """The seats, the trick, the last trick and the viewer's hand."""
    parts: list[RenderableType] = []
    n = view["game_number"]
    parts.append(
        Text(_w(lang, "title", n=n, of=view["games_in_match"], dealer=view["dealer"]), "bold")
    )
    parts.append(Text(_w(lang, "phase", phase=view["phase"]) + " — " + _kind(view, lang)))
    table = Table(box=None, pad_edge=False)
    for key in ("seat", "said", "cards", "points", "tricks", "total", "queens"):
        table.add_column(_w(lang, key), justify="right" if key != "said" else "left")
    for s in range(view["players"]):
        said = " ".join(w for w in (view["said"][s], view["reservations"][s]) if w)
        if s not in view["seats_in_game"]:
            said = "(dealer, out)" if lang == "en" else "(Geber, setzt aus)"
        label = f"{s}*" if s == view["seat"] else str(s)
        table.add_row(
            Text(label, "bold" if s == view["turn"] else ""),
            said,
            str(view["hand_sizes"][s]),
            str(view["points"][s]),
            str(view["tricks_won"][s]),
            str(view["totals"][s]),
            _cards(view["queens"][s]),
        )
    parts.append(table)
    antrag = view["antrag"]
    if antrag:
        line = _w(lang, "face_up", card=card_symbol(parse_card(antrag["face_up"])))
        if antrag["given"]:
            line += "; " + _w(lang, "given", cards=" ".join(antrag["given"]))
        parts.append(Text(line))
    if view["trick"]:
        parts.append(Text(_w(lang, "trick") + ": ") + _trick(view["trick"]))
    if view["tricks"]:
        last = view["tricks"][-1]
        parts.append(Text(_w(lang, "last") + ": ", "dim") + _trick(last["cards"]))
    if view["hand"] is not None and view["hand"]:
        parts.append(Text(_w(lang, "hand") + ": ") + _cards(view["hand"], view["trumps"]))
    if view["over"]:
        parts.append(Text(_w(lang, "over"), "bold"))
    elif view["turn"] == view["seat"]:
        parts.append(Text(_w(lang, "your_turn"), "bold reverse"))
    else:
        parts.append(Text(_w(lang, "turn", seat=view["turn"])))
    return Group(*parts)


def _verdict(summary: dict[str, Any], lang: str) -> str:
    if summary["parties"] == 3:
        return _w(lang, "duels") + "."
    side = _w(lang, "playing" if summary["winner"] == 0 else "others")
    return _w(lang, "winner", side=side, value=summary["value"])


def describe(event: Event, lang: str, seat: int | None) -> str | None:
    """One line telling what happened; secret parts are never in events."""
    kind = event["type"]
    if kind == "play":
        return _w(lang, "play", card=card_symbol(parse_card(event["card"])))
    if kind == "trick":
        return _w(lang, "won", seat=event["winner"], points=event["points"])
    if kind in ("say", "reservation"):
        return _w(lang, "say", word=event["word"])
    if kind == "antrag":
        return _w(lang, "antrag_ev", card=card_symbol(parse_card(event["face_up"])))
    if kind == "answer":
        return _w(lang, "answer", word=event["word"])
    if kind == "give":
        return _w(lang, "give")
    if kind == "armut":
        return _w(lang, "armut", seat=event["seat"])
    if kind == "solo":
        return str(event["contract"])
    if kind == "game_end":
        money = ", ".join(f"{s}: {v:+d}" for s, v in enumerate(event["settlement"]))
        return _w(lang, "game_end", n=event["game"], verdict=_verdict(event, lang), money=money)
    return None


def result(view: View, lang: str, seat: int | None) -> RenderableType:
    """Each game's settlement per seat and the match totals."""
    table = Table(title=text(lang, "final"), title_style="bold")
    table.add_column(_w(lang, "game_col"))
    table.add_column(_w(lang, "kind_col"))
    for s in range(view["players"]):
        table.add_column(_w(lang, "you_col") if s == seat else str(s), justify="right")
    for g in view["finished_games"]:
        kind = g["contract"] or _w(lang, g["kind"])
        table.add_row(str(g["game"]), kind, *(f"{v:+d}" for v in g["settlement"]))
    table.add_row(
        Text(_w(lang, "total"), "bold"), "", *(Text(f"{t:+d}", "bold") for t in view["totals"])
    )
    res = view.get("result") or {}
    verdict = ""
    if seat is not None and res:
        best = min(res["ranks"])
        mine = res["ranks"][seat]
        key = (
            "match_lost"
            if mine != best
            else "match_draw"
            if res["ranks"].count(best) > 1
            else "match_won"
        )
        verdict = text(lang, key)
    return Group(table, Text(verdict, "bold"))


FACE = Face.of(render, describe, result)
"""How Hydra is drawn and told in the terminal."""
