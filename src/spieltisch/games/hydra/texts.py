"""What each Hydra rule id says, in German (after the official rule document, whose
numbers the ids are) and English: the words a refused move shows beside its rule id."""

from __future__ import annotations

from typing import Final

from spieltisch.engine.text import ENGINE_RULE_TEXTS, Text

RULE_TEXTS: Final = {
    **ENGINE_RULE_TEXTS,
    "HY 1.0.1": Text(
        "Hydra ist ein Kartenspiel für fünf Spieler; zu sechst setzt der Geber aus.",
        "Hydra is a card game for five players; with six, the dealer sits out.",
    ),
    "HY 1.2.2": Text(
        "Werden mehrere Spiele gespielt, wandert der Geber nach jedem Spiel einen Platz im "
        "Uhrzeigersinn weiter.",
        "When several games are played, the dealer moves one seat clockwise after each game.",
    ),
    "HY 1.2.3": Text(
        "Gespielt wird im Uhrzeigersinn, immer der Reihe nach: warte, bis du an der Reihe bist.",
        "Play goes clockwise, one player after the other: wait until it is your turn.",
    ),
    "HY 2.2": Text(
        "Nach dem Austeilen sagen die Spieler der Reihe nach an, beginnend beim Spieler nach "
        "dem Geber; jede Ansage hat ihren Zeitpunkt.",
        "After the deal the players declare in turn, starting after the dealer; each "
        "declaration has its moment.",
    ),
    "HY 2.2.2": Text(
        "Angesagt wird Morbus (ein Vorbehalt), Valeo (kein Vorbehalt) oder Armut.",
        "You declare Morbus (a reservation), Valeo (none) or Armut.",
    ),
    "HY 2.2.3": Text(
        "Armut darf nur ansagen, wer höchstens einen Standardtrumpf oder mindestens fünf "
        "Neunen auf der Hand hat.",
        "Armut may be declared only with at most one standard trump or at least five nines "
        "in hand.",
    ),
    "HY 2.2.4": Text(
        "Armut muss angesagt werden, bevor der Spieler Morbus oder Valeo ansagt.",
        "Armut must be declared before the player says Morbus or Valeo.",
    ),
    "HY 2.3.4": Text(
        "Wer Morbus angesagt hat, nennt der Reihe nach die Art seines Vorbehalts: Solo oder "
        "Antrag.",
        "Each player who said Morbus names his reservation in turn: Solo or Antrag.",
    ),
    "HY 2.3.5": Text(
        "Antrag kann nur ansagen, wer zwei Pik-Damen oder zwei Kreuz-Damen auf der Hand hat.",
        "Antrag may be declared only with both queens of spades or both queens of clubs in hand.",
    ),
    "HY 2.3.8": Text(
        "Der Antragsteller legt beide Pik-Damen oder beide Kreuz-Damen verdeckt ab und eine "
        "dritte Karte seiner Hand offen dazu.",
        "The Antragsteller lays both queens of spades or both queens of clubs face down and "
        "a third card of his hand face up beside them.",
    ),
    "HY 2.3.9": Text(
        "Reihum sagt jeder Spieler an, ob er den Antrag annimmt oder ablehnt.",
        "In turn, each player says whether he accepts or declines the Antrag.",
    ),
    "HY 2.3.10": Text(
        "Wer den Antrag annimmt, nimmt die drei Karten auf und gibt dem Antragsteller drei "
        "Karten seiner Hand zurück.",
        "Who accepts the Antrag takes up the three cards and gives three cards of his hand "
        "back to the Antragsteller.",
    ),
    "HY-R2": Text(
        "Der Solist wählt sein Solo: Normalsolo, Farbsolo (Karo, Herz, Pik oder Kreuz) oder "
        "Trumpfsolo (9, 10, Bube, Dame, König oder Ass).",
        "The soloist chooses his solo: normal solo, suit solo (diamonds, hearts, spades or "
        "clubs) or rank solo (9, 10, jack, queen, king or ace).",
    ),
    "HY-R5": Text(
        "Gespielt wird nur eine Karte der eigenen Hand; die ausgespielte Farbe muss bedient "
        "werden (Trumpf, wenn Trumpf ausgespielt ist), solange man kann.",
        "You play only a card of your hand and must follow the suit led (trumps when a trump "
        "was led) while you can.",
    ),
    "HY-R12": Text(
        "Wer aufgegeben hat, gewinnt nichts: ein positiver Punktestand seines Ersatzspielers "
        "wird auf 0 gesetzt und zu gleichen Teilen an die anderen verteilt; er wird Letzter.",
        "A player who resigned wins nothing: a positive total earned by his stand-in is cut "
        "to 0 and shared equally among the others; he ranks last.",
    ),
    "HY-R11": Text(
        "Aufgeben: Wer aufgibt, hat verloren und steht am Ende hinter allen anderen. Ein "
        "Bot spielt seine Karten und seinen Platz in der Partei zu Ende; abgerechnet wird "
        "weiter nach HY-R9.",
        "Resigning: whoever resigns has lost and is ranked below everyone else at the end. "
        "A bot plays his cards and his place in the party to the end; settlement goes on "
        "by HY-R9.",
    ),
}
