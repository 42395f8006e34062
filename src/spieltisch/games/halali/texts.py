"""What each Halali rule id says, in German (after the Kosmos rulebook and the
Brettspielnetz page) and English: the words a refused move shows beside its rule id."""

from __future__ import annotations

from typing import Final

from spieltisch.engine.text import ENGINE_RULE_TEXTS, Text

RULE_TEXTS: Final = {
    **ENGINE_RULE_TEXTS,
    "HA §Spielvorbereitungen": Text(
        "Der blaue Spieler hat den ersten Zug, danach geht es abwechselnd weiter.",
        "Blue moves first, then the players alternate.",
    ),
    "HA §Spielverlauf": Text(
        "Wer am Zug ist, dreht entweder ein verdecktes Kärtchen um oder bewegt ein "
        "aufgedecktes Kärtchen.",
        "On your turn you either flip a face-down tile or move a face-up tile.",
    ),
    "HA §1": Text(
        "Umgedreht wird ein beliebiges der noch verdeckt liegenden Kärtchen.",
        "You flip any tile that still lies face down.",
    ),
    "HA §2": Text(
        "Braune Kärtchen bewegt nur Braun, blaue nur Blau; Ente und Fasan dürfen beide "
        "Spieler bewegen.",
        "Brown tiles are moved only by Brown, blue tiles only by Blue; ducks and pheasants "
        "by either player.",
    ),
    "HA-R1": Text(
        "Gespielt wird im Wald b2–h8; die Ausgänge sind a5, i5, e9 und e1.",
        "Play happens in the forest b2–h8; the exits are a5, i5, e9 and e1.",
    ),
    "HA-R2": Text(
        "Das Gewehr eines Jägers zeigt nach Norden, Osten, Süden oder Westen; beim Aufdecken "
        "wird die Ausrichtung nicht verändert.",
        "A hunter's gun points north, east, south or west; revealing a tile never turns it.",
    ),
    "HA-R3": Text(
        "Verdeckte Kärtchen versperren den Weg, werden nicht bewegt und können nicht "
        "geschlagen werden – erst aufdecken.",
        "Tiles lying face down block the way, cannot be moved and cannot be captured – "
        "flip them first.",
    ),
    "HA-R4": Text(
        "Bewegt wird nur in gerader Richtung über leere Felder; Bär und Holzfäller nur 1 "
        "Feld, Bäume nie. Der Jäger schlägt Tiere nur in Schussrichtung, der Bär Holzfäller "
        "und Jäger, der Fuchs Fasane und Enten, der Holzfäller Bäume.",
        "Tiles move straight over empty squares; bear and woodcutter only 1 square, trees "
        "never. The hunter captures animals only where his gun points, the bear captures "
        "woodcutters and hunters, the fox pheasants and ducks, the woodcutter trees.",
    ),
    "HA-R5": Text(
        "Hin- und Herziehen ist verboten; eine Ente oder ein Fasan, die der andere Spieler "
        "gerade aufgedeckt oder bewegt hat, darf nicht sofort bewegt werden.",
        "No moving back and forth; a duck or pheasant the other player has just revealed or "
        "moved may not be moved right away.",
    ),
    "HA-R6": Text(
        "Erst in der Endphase dürfen Kärtchen der eigenen Farbe durch einen Ausgang aus dem "
        "Wald gezogen werden.",
        "Only in the end phase may tiles of your own colour leave the forest through an exit.",
    ),
    "HA-R7": Text(
        "Passen darf nur, wer keinen Zug machen kann.",
        "You may pass only when you have no move.",
    ),
    "HA-R8": Text(
        "Kosmos: zwei Spiele mit getauschten Rollen, Punkte zusammengezählt. Brettspielnetz: "
        "ein Spiel; 50 Züge ohne Aufdecken oder Schlagen sind unentschieden.",
        "Kosmos: two games with the roles swapped, points added. Brettspielnetz: one game; "
        "50 moves without a reveal or capture are a draw.",
    ),
    "HA-R9": Text(
        "Aufgeben: Wer aufgibt, verliert die ganze Partie (bei Kosmos beide Spiele); der "
        "Gegner gewinnt sofort, die Punkte bis dahin zählen nicht.",
        "Resigning: whoever resigns loses the whole match (both games under Kosmos rules); "
        "the opponent wins at once, the points so far do not count.",
    ),
    "HA-R10": Text(
        "Farbwechsel: Beim Rückspiel spielt Blau, wer in der letzten Partie im ersten Spiel "
        "Braun hatte.",
        "Colours alternate: in a rematch, whoever played Brown in the last match's first "
        "game plays Blue.",
    ),
    "HA-R11": Text(
        "Remis nach Einigung: Ein Spieler bietet Remis an, nur der Gegner kann annehmen "
        "oder ablehnen. Das Angebot verfällt, sobald einer der beiden zieht. Nur wenn der "
        "Tisch Remis-Angebote erlaubt (Brettspielnetz: ja).",
        "Draw by agreement: one player offers a draw, only the opponent can accept or "
        "decline it. The offer lapses as soon as either player moves. Only where the table "
        "allows draw offers (Brettspielnetz: yes).",
    ),
}
