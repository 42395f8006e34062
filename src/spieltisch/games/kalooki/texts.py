"""What each Kalooki rule id says, in German (after the German rules page) and English:
the words a refused move shows beside its rule id."""

from __future__ import annotations

from typing import Final

from spieltisch.engine.text import ENGINE_RULE_TEXTS, Text

RULE_TEXTS: Final = {
    **ENGINE_RULE_TEXTS,
    "KA §Zug": Text(
        "Ein Zug besteht aus drei Teilen: eine Karte ziehen (vom Stapel oder vom "
        "Abwurfstapel), Gruppen auslegen oder anlegen, eine Karte abwerfen – und nur mit "
        "Karten der eigenen Hand.",
        "A turn has three parts: draw a card (from the stock or the discard pile), meld or "
        "build, discard a card – and only with cards of your own hand.",
    ),
    "KA §Bauen": Text(
        "Angelegt wird an Gruppen, die auf dem Tisch liegen: die fehlende Karte eines Satzes "
        "oder eine weitere Karte an eine Sequenz.",
        "You build on melds lying on the table: a set's missing card or one more card at a "
        "run's end.",
    ),
    "KA-R1": Text(
        "Kalooki spielen 2 bis 4 Spieler, mit der Option „Fünf oder sechs Spieler“ auch 5 oder 6.",
        "Kalooki is for 2 to 4 players, 5 or 6 with the option “Five or six players”.",
    ),
    "KA-R2": Text(
        "Ein Satz sind 3 oder 4 Karten eines Werts in verschiedenen Farben, eine Sequenz 3 "
        "oder mehr aufeinanderfolgende Karten einer Farbe; ein Joker ersetzt eine fehlende "
        "Karte.",
        "A set is 3 or 4 cards of one rank in different suits, a run 3 or more consecutive "
        "cards of one suit; a joker stands in for a missing card.",
    ),
    "KA-R3": Text(
        "Wer zum ersten Mal auslegt, muss mit neuen Gruppen mindestens 51 Punkte erzielen; "
        "erst danach darf er anlegen und Joker tauschen.",
        "Your first melds must be worth 51 points or more together; only after that may you "
        "build and swap jokers.",
    ),
    "KA-R4": Text(
        "Die oberste Karte des Abwurfstapels darf man immer nehmen, aber nicht im selben Zug "
        "wieder abwerfen. Ist der Stapel leer, wird der Abwurfstapel umgedreht.",
        "The top card of the discard pile may always be taken, but not discarded again in the "
        "same turn. When the stock is empty, the discard pile is turned over.",
    ),
    "KA-R5": Text(
        "Ein Joker wird ausgelöst, wenn die Karte, die er ersetzt, an seine Stelle kommt (im "
        "Drei-Karten-Satz beide fehlenden Karten); ein ausgelöster Joker muss im selben Zug "
        "wieder ausgelegt werden.",
        "A joker is freed by putting the card it stands for in its place (in a three-card set "
        "both missing cards); a freed joker must be melded again in the same turn.",
    ),
    "KA-R6": Text(
        "Auch wer ausgeht, muss am Ende seines Zuges eine Karte abwerfen.",
        "Even a player going out must discard a card at the end of his turn.",
    ),
    "KA-R8": Text(
        "Ringspiel: eine Runde pro Pott, der Gewinner erhält mindestens 75 %; Club: Runden, "
        "bis nur einer unter 150 Strafpunkten bleibt. Jeder setzt denselben Einsatz.",
        "Ring game: one deal per pot, the winner gets at least 75 %; club: deals until only "
        "one player stays under 150 penalty points. Everyone puts in the same stake.",
    ),
    "KA-R9": Text(
        "Ist der Talon aufgebraucht, wird der Abwurfstapel so oft wie nötig umgedreht. Eine "
        "Runde endet ohne Gewinner nur, wenn niemand mehr auslegen kann, nach 300 Zügen "
        "hintereinander ohne neue Karte auf dem Tisch, oder nach dem am Tisch eingestellten "
        "Höchstmaß an Umdrehungen.",
        "When the stock runs out, the discard pile is turned over as often as needed. A deal "
        "ends without a winner only when nobody can lay a card any more, after 300 turns in a "
        "row that put nothing new on the table, or after the table's restock limit.",
    ),
    "KA-R12": Text(
        "Wer aufgegeben hat, gewinnt nichts: geht sein Ersatzspieler aus, erhält der "
        "Spieler mit den wenigsten Strafpunkten den Gewinneranteil. Bleibt nur ein Spieler "
        "im Spiel, der nicht aufgegeben hat, gewinnt er sofort den ganzen Pott. Wer schon "
        "ausgeschieden ist, kann nicht aufgeben.",
        "A player who resigned wins nothing: if his stand-in goes out, the player with the "
        "fewest penalty points takes the winner's share. When only one player still in the "
        "game has not resigned, he wins the whole pot at once. A player who is out already "
        "cannot resign.",
    ),
    "KA-R11": Text(
        "Aufgeben: Wer aufgibt, hat verloren und wird Letzter. Bleiben zwei oder mehr "
        "Spieler, spielt ein Bot seine Hand weiter; bleibt nur einer, gewinnt er sofort.",
        "Resigning: whoever resigns has lost and is ranked last. While two or more players "
        "remain, a bot plays his hand on; when one is left, he wins at once.",
    ),
}
