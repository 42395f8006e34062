"""What each Halli-Galli-Extreem rule id says, in German (after the house rules) and
English: the words a refused move or a wrong ring shows beside its rule id."""

from __future__ import annotations

from typing import Final

from spieltisch.engine.text import ENGINE_RULE_TEXTS, Text

RULE_TEXTS: Final = {
    **ENGINE_RULE_TEXTS,
    "HG §1.1": Text(
        "Gespielt wird zu dritt bis zu sechst; am besten zu sechst.",
        "Three to six players; six is best.",
    ),
    "HG §2.3": Text(
        "Es wird im Uhrzeigersinn gelegt: aufdecken darf, wer an der Reihe ist.",
        "Cards are flipped clockwise: the player whose turn it is flips.",
    ),
    "HG-R1": Text(
        "Gespielt wird mit Classic- und Extreem-Karten; empfohlen ist, 2 Einfrucht-Karten pro "
        "Sorte zu entfernen (120 statt 128 Karten).",
        "The classic and the extreme cards are played together; removing 2 one-fruit cards "
        "per fruit is recommended (120 cards instead of 128).",
    ),
    "HG-R3": Text(
        "Geklingelt wird nur bei einer gültigen Kombination: genau 5 Früchte einer Sorte, ein "
        "Affe mit Früchten ohne Limetten, ein Elefant mit Früchten ohne Erdbeeren, oder ein "
        "Schwein; mehrere Paare gelten nur in ungerader Zahl.",
        "Ring only on a valid combination: exactly 5 fruits of one kind, a monkey with fruit "
        "but no limes, an elephant with fruit but no strawberries, or a pig; several pairs "
        "count only in an odd number.",
    ),
    "HG-R4": Text(
        "Wer zuerst auf eine gültige Kombination klingelt, gewinnt alle gelegten Karten; ein "
        "späteres Klingeln auf dieselbe Runde kommt zu spät.",
        "The first to ring on a valid combination wins every card laid; a later ring on the "
        "same round comes too late.",
    ),
    "HG-R6": Text(
        "Wer seine letzte Karte gelegt hat, schwimmt: er deckt nicht mehr auf, darf aber bis "
        "zum Ende der Runde klingeln.",
        "Who has laid his last card is swimming: he flips no more but may ring until the "
        "round ends.",
    ),
    "HG-R7": Text(
        "Was liegt, das liegt: ein Zwischenwurf bleibt liegen und gilt; bringt er dem "
        "Zwischenwerfer selbst ein gültiges Paar, ist dessen Klingeln ein Fehler. Ohne "
        "Zwischenwürfe wird streng der Reihe nach aufgedeckt.",
        "What lies, lies: a stray card stays and counts; if it makes a valid combination, its "
        "own thrower's ring is a mistake. Without stray cards, cards are flipped strictly in "
        "turn.",
    ),
    "HG-R8": Text(
        "Geklingelt wird auf die Karten, die auf dem Tisch zu sehen sind.",
        "You ring on the cards that are shown on the table.",
    ),
    "HG-R9": Text(
        "Handicap: eine vereinbarte Klingelverzögerung für starke Spieler, in Millisekunden "
        "pro Platz (0 bis 5000).",
        "Handicap: an agreed ring delay for strong players, in milliseconds per seat (0 to 5000).",
    ),
    "HG-R10": Text(
        "Finale: der Spieler mit dem kleineren Stapel setzt den Einsatz (1 bis alle seine "
        "Karten), dann werfen beide gleichzeitig Stein, Schere oder Papier; bei Gleichstand "
        "wird noch einmal geworfen.",
        "Finale: the player with the smaller pile sets the stake (1 to all of his cards), "
        "then both throw rock, paper or scissors at once; a draw is thrown again.",
    ),
    "HG-R10a": Text(
        "Haben beide gleich viele Karten, setzt den Einsatz, wer den letzten Wurf nicht "
        "gewonnen hat (vor dem ersten Wurf: wer die letzte Runde nicht gewonnen hat).",
        "With equal card counts, the stake is set by the player who did not win the last "
        "throw (before the first throw: who did not win the last round).",
    ),
    "HG-R13": Text(
        "Wer zuerst aufdeckt, wird ausgelost oder als Platz am Tisch festgelegt.",
        "Who flips first is drawn by lot or fixed as a seat at the table.",
    ),
    "HG-R15": Text(
        "Wer schon ausgeschieden ist, kann nicht aufgeben: sein Platz steht fest. Bleibt nur "
        "ein Spieler im Spiel, der nicht aufgegeben hat, ist das Ergebnis entschieden und "
        "das Spiel endet sofort, auch mitten im Finale.",
        "A player who is out already cannot resign: his place is fixed. When only one player "
        "still in the game has not resigned, the result is decided and the game ends at "
        "once, in the middle of a finale too.",
    ),
    "HG-R14": Text(
        "Aufgeben: Wer aufgibt, hat verloren und wird Letzter. Bleiben zwei oder mehr "
        "Spieler, spielt ein Bot seine Karten weiter; bleibt nur einer, gewinnt er sofort.",
        "Resigning: whoever resigns has lost and is ranked last. While two or more players "
        "remain, a bot plays his cards on; when one is left, he wins at once.",
    ),
}
