"""Kalooki in the terminal: the table drawn from a view, events told.

One line per seat (cards in hand, opened or not, club total), the numbered table melds
(each joker shown with the card it stands for), the discard pile's top and its recent
cards, the stock size and the viewer's hand sorted by suit. Cards use the suit symbols;
red suits are red, jokers magenta.
"""

from __future__ import annotations

from typing import Any, Final

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from spieltisch.engine import Event, View
from spieltisch.terminal import Face

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Kalooki — deal {deal}, dealer: seat {dealer}, pot {pot}",
        "seat": "Seat",
        "cards": "Cards",
        "opened": "Opened",
        "total": "Total",
        "known": "Known",
        "melds": "Table",
        "pile": "Discard pile",
        "stock": "Stock: {n} cards (restocked {r}×)",
        "hand": "Your hand",
        "turn_info": "Opening so far: {v} of 51",
        "freed": "Freed joker: meld it before you discard",
        "your_turn": "Your turn ({phase})",
        "turn": "Seat {seat} to act",
        "over": "Deal over: {reason}",
        "yes": "yes",
        "no": "no",
        "out": "out",
        "draw": "Seat {seat} draws from the {src}{card}.",
        "meld": "Seat {seat} melds {cards} (meld {meld}).",
        "build": "Seat {seat} builds {card} on meld {meld}.",
        "swap": "Seat {seat} swaps a joker out of meld {meld}.",
        "discard": "Seat {seat} discards {card}.",
        "opened_ev": "Seat {seat} has opened with {value}.",
        "failed": "Seat {seat} falls short of 51 ({value}) and takes the melds back.",
        "restock": "The pile is turned over as the new stock ({n} cards).",
        "deal_end": "Deal {deal} over ({how}). Penalties: {pens}.",
    },
    "de": {
        "title": "Kalooki — Runde {deal}, Geber: Platz {dealer}, Pott {pot}",
        "seat": "Platz",
        "cards": "Karten",
        "opened": "Ausgelegt",
        "total": "Stand",
        "known": "Bekannt",
        "melds": "Tisch",
        "pile": "Abwurfstapel",
        "stock": "Stapel: {n} Karten ({r}× umgedreht)",
        "hand": "Deine Karten",
        "turn_info": "Auslage bisher: {v} von 51",
        "freed": "Ausgelöster Joker: vor dem Abwerfen auslegen",
        "your_turn": "Du bist dran ({phase})",
        "turn": "Platz {seat} ist dran",
        "over": "Runde vorbei: {reason}",
        "yes": "ja",
        "no": "nein",
        "out": "raus",
        "draw": "Platz {seat} zieht vom {src}{card}.",
        "meld": "Platz {seat} legt {cards} aus (Gruppe {meld}).",
        "build": "Platz {seat} legt {card} an Gruppe {meld} an.",
        "swap": "Platz {seat} löst einen Joker aus Gruppe {meld}.",
        "discard": "Platz {seat} wirft {card} ab.",
        "opened_ev": "Platz {seat} hat mit {value} ausgelegt.",
        "failed": "Platz {seat} erreicht keine 51 ({value}) und nimmt die Gruppen zurück.",
        "restock": "Der Abwurfstapel wird als neuer Stapel umgedreht ({n} Karten).",
        "deal_end": "Runde {deal} vorbei ({how}). Strafpunkte: {pens}.",
    },
}
SYMBOLS: Final = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def _w(lang: str, key: str, **values: Any) -> str:
    words = WORDS.get(lang, WORDS["en"])
    return words.get(key, WORDS["en"][key]).format(**values)


def card_text(name: str) -> Text:
    """``7h`` as ``7♥`` in red; ``JK=7h`` as a magenta ``J★(7♥)``; ``JK`` as ``J★``."""
    if name.upper().startswith("JK"):
        inner = name[3:] if "=" in name else ""
        label = "J★" + (f"({inner[:-1]}{SYMBOLS[inner[-1].lower()]})" if inner else "")
        return Text(label, "bold magenta")
    suit = name[-1].lower()
    return Text(name[:-1] + SYMBOLS[suit], "red" if suit in "dh" else "")


def _cards(names: list[str]) -> Text:
    return Text(" ").join(card_text(n) for n in names)


def render(view: View, lang: str = "en") -> RenderableType:
    """Seats, table melds, pile, stock and the viewer's hand."""
    parts: list[RenderableType] = [
        Text(_w(lang, "title", deal=view["deal"], dealer=view["dealer"], pot=view["pot"]), "bold")
    ]
    seats = Table(box=None, pad_edge=False)
    for key in ("seat", "cards", "opened", "total", "known"):
        seats.add_column(_w(lang, key), justify="left" if key == "known" else "right")
    for s in range(view["players"]):
        label = f"{s}*" if s == view["seat"] else str(s)
        opened = _w(lang, "yes" if view["opened"][s] else "no")
        if not view["alive"][s]:
            opened = _w(lang, "out")
        seats.add_row(
            Text(label, "bold" if s == view["to_move"] else ""),
            str(view["hand_sizes"][s]),
            opened,
            str(view["totals"][s]),
            _cards(view["known_cards"][s]),
        )
    parts.append(seats)
    if view["melds"]:
        melds = Table(title=_w(lang, "melds"), box=None, pad_edge=False, title_justify="left")
        melds.add_column("#", justify="right")
        melds.add_column("")
        melds.add_column(_w(lang, "seat"), justify="right")
        for m in view["melds"]:
            mark = " (closed)" if m["closed"] else ""
            melds.add_row(str(m["id"]), _cards(m["cards"]) + Text(mark, "dim"), str(m["owner"]))
        parts.append(melds)
    pile = view["discard_pile"]
    parts.append(Text(_w(lang, "pile") + ": ") + _cards(pile[-8:]))
    parts.append(Text(_w(lang, "stock", n=view["stock_size"], r=view["restocks"]), "dim"))
    if view["hand"]:
        parts.append(Text(_w(lang, "hand") + ": ") + _cards(view["hand"]))
    seat = view["seat"]
    if view["over"]:
        parts.append(Text(_w(lang, "over", reason=view["reason"]), "bold"))
    elif seat is not None and view["to_move"] == seat:
        if not view["opened"][seat] and view["turn"]["opening_value"]:
            parts.append(Text(_w(lang, "turn_info", v=view["turn"]["opening_value"])))
        if view["turn"]["freed_jokers"]:
            parts.append(Text(_w(lang, "freed"), "bold magenta"))
        parts.append(Text(_w(lang, "your_turn", phase=view["phase"]), "bold reverse"))
    else:
        parts.append(Text(_w(lang, "turn", seat=view["to_move"])))
    return Group(*parts)


def describe(event: Event, lang: str, seat: int | None) -> str | None:
    """One line per event; events never carry hidden cards."""
    kind = event["type"]
    if kind == "draw":
        src = (
            event["from"]
            if lang == "en"
            else ("Abwurfstapel" if event["from"] == "discard" else "Stapel")
        )
        card = f" ({event['card']})" if "card" in event else ""
        return _w(lang, "draw", seat=event["seat"], src=src, card=card)
    if kind == "meld":
        return _w(lang, "meld", seat=event["seat"], cards=event["cards"], meld=event["meld"])
    if kind == "build":
        return _w(lang, "build", seat=event["seat"], card=event["card"], meld=event["meld"])
    if kind == "swap":
        return _w(lang, "swap", seat=event["seat"], meld=event["meld"])
    if kind == "discard":
        return _w(lang, "discard", seat=event["seat"], card=event["card"])
    if kind == "opened":
        return _w(lang, "opened_ev", seat=event["seat"], value=event["value"])
    if kind == "opening_failed":
        return _w(lang, "failed", seat=event["seat"], value=event["value"])
    if kind == "restock":
        return _w(lang, "restock", n=event["stock"])
    if kind == "deal_end":
        pens = " / ".join(str(p) for p in event["penalties"])
        return _w(lang, "deal_end", deal=event["deal"], how=event["how"], pens=pens)
    return None


FACE = Face.of(render, describe)
"""How Kalooki is drawn and told in the terminal."""
