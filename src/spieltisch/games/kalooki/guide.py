"""Kalooki's rules panel: the rules page and our rulings in short, the melds, opening,
jokers and penalty points a player checks while playing, and the table's badges."""

from __future__ import annotations

from typing import Final

from spieltisch.engine.guide import Entry, Grid, Guide, Section
from spieltisch.engine.text import Text as T

GUIDE: Final = Guide(
    (
        Section(
            "summary",
            T("Kurz gefasst", "In short"),
            paragraphs=(
                T(
                    "106 Karten (zwei Blätter und zwei Joker), 2 bis 4 Spieler (5 oder 6 "
                    "mit der Option), je 13 Karten. Der Rest ist der Stapel, daneben liegt "
                    "offen der Abwurfstapel.",
                    "106 cards (two decks and two jokers), 2 to 4 players (5 or 6 with the "
                    "option), 13 cards each. "
                    "The rest is the stock, beside it the discard pile lies face up.",
                ),
                T(
                    "Ein Zug: eine Karte ziehen (vom Stapel oder die oberste des "
                    "Abwurfstapels), dann beliebig viele Gruppen auslegen, anbauen und "
                    "Joker auslösen, zuletzt eine Karte abwerfen. Ziehen und Abwerfen sind "
                    "Pflicht.",
                    "A turn: draw one card (from the stock or the top of the discard pile), "
                    "then lay any number of melds, build on melds and free jokers, finally "
                    "discard one card. Drawing and discarding are compulsory.",
                ),
                T(
                    "Wer zum ersten Mal auslegt, muss mit neuen Gruppen zusammen mindestens "
                    "51 Punkte auslegen; erst danach darf er anbauen und Joker auslösen.",
                    "Your first laying turn must put at least 51 points into new melds; only "
                    "then may you build on melds and free jokers.",
                ),
                T(
                    "Wer alle Karten bis auf eine auslegt und die letzte abwirft, geht aus: "
                    "das Spiel endet sofort, die anderen zählen die Karten in ihrer Hand als "
                    "Strafpunkte. Geht einer auf einmal aus, ohne vorher ausgelegt zu haben "
                    "(Kalooki), bekommen alle anderen 25 Punkte dazu.",
                    "Who lays all cards but one and discards the last goes out: the game ends "
                    "at once, the others count the cards in their hand as penalty points. "
                    "Who goes out all at once with nothing laid before (Kalooki) gives every "
                    "other player 25 more.",
                ),
            ),
            rules=("KA-R1", "KA §Zug", "KA-R3", "KA-R6"),
        ),
        Section(
            "melds",
            T("Gruppen", "Melds"),
            entries=(
                Entry(
                    T("Satz", "Set"),
                    T(
                        "3 oder 4 Karten gleichen Werts in verschiedenen Farben (7♥ 7♠ 7♦).",
                        "3 or 4 cards of one rank in different suits (7♥ 7♠ 7♦).",
                    ),
                    rule="KA-R2",
                ),
                Entry(
                    T("Sequenz", "Run"),
                    T(
                        "3 bis 13 aufeinanderfolgende Karten einer Farbe; das Ass ist niedrig "
                        "(A-2-3) oder hoch (Q-K-A), nie beides, kein K-A-2.",
                        "3 to 13 consecutive cards of one suit; the ace is low (A-2-3) or high "
                        "(Q-K-A), never both, no K-A-2.",
                    ),
                    rule="KA-R2",
                ),
                Entry(
                    T("Joker", "Joker"),
                    T(
                        "steht für eine Karte, die du nennst, und zählt ihren Wert; jede Gruppe "
                        "braucht eine echte Karte.",
                        "stands for a card you name and takes its value; every meld needs a "
                        "natural card.",
                    ),
                    rule="KA-R2",
                ),
                Entry(
                    T("Anbauen", "Building"),
                    T(
                        "eine Karte an ein Ende einer Sequenz oder in die fehlende Farbe eines "
                        "Satzes, an jede Gruppe auf dem Tisch. Umordnen gibt es nicht.",
                        "one card at an end of a run or in a missing suit of a set, on any meld "
                        "on the table. Nothing is rearranged.",
                    ),
                    rule="KA §Bauen",
                ),
                Entry(
                    T("Joker auslösen", "Freeing a joker"),
                    T(
                        "in einer Sequenz mit der Karte, für die er steht; in einem Dreiersatz "
                        "mit beiden fehlenden Karten. Der Joker muss im selben Zug wieder "
                        "ausgelegt werden.",
                        "in a run with the card it stands for; in a set of three with both "
                        "missing cards. The joker must be laid again in the same turn.",
                    ),
                    rule="KA-R5",
                ),
                Entry(
                    T("Abwurfstapel", "Discard pile"),
                    T(
                        "die genommene Karte darfst du im selben Zug nicht wieder abwerfen.",
                        "you may not discard the card you took from it in the same turn.",
                    ),
                    rule="KA-R4",
                ),
            ),
        ),
        Section(
            "values",
            T("Punkte", "Points"),
            grid=Grid(
                (
                    T("Karte", "Card"),
                    T("beim Auslegen", "when laid"),
                    T("Strafpunkte in der Hand", "penalty in hand"),
                ),
                (
                    (
                        T("2 bis 9", "2 to 9"),
                        T("Augenwert", "face value"),
                        T("Augenwert", "face value"),
                    ),
                    (
                        T("10, Bube, Dame, König", "10, jack, queen, king"),
                        T("10", "10"),
                        T("10", "10"),
                    ),
                    (
                        T("Ass", "Ace"),
                        T("1 niedrig in der Sequenz, sonst 11", "1 low in a run, else 11"),
                        T("11", "11"),
                    ),
                    (
                        T("Joker", "Joker"),
                        T("Wert der ersetzten Karte", "value of the card it stands for"),
                        T("25", "25"),
                    ),
                ),
            ),
            paragraphs=(
                T(
                    "Ringspiel: der Gewinner bekommt mindestens 75 % des Topfs; die übrigen "
                    "25 % gehen nach Strafpunkten an die anderen, solange sie unter 100 "
                    "haben. Klubspiel: Strafpunkte werden addiert, wer über 150 kommt, "
                    "scheidet aus; der Letzte gewinnt den Topf.",
                    "Ring game: the winner gets at least 75 % of the pot; the other 25 % go "
                    "to the others by their penalty points, as long as they have under 100. "
                    "Club game: penalties add up, who passes 150 is out; the last one left "
                    "wins the pot.",
                ),
            ),
            rules=("KA-R8",),
        ),
        Section(
            "resign",
            T("Aufgeben", "Resigning"),
            paragraphs=(
                T(
                    "Wer aufgibt, hat verloren und steht hinter allen anderen. Zu zweit endet "
                    "das Spiel sofort; sonst spielt ein Bot seine Hand zu Ende und der Topf "
                    "wird wie sonst verteilt.",
                    "Whoever resigns has lost and is ranked below everyone else. With two "
                    "players the game ends at once; otherwise a bot plays his hand to the end "
                    "and the pot is paid out as usual.",
                ),
            ),
            rules=("KA-R11",),
        ),
        Section(
            "legend",
            T("Zeichen am Tisch", "Marks at the table"),
            entries=(
                Entry(
                    T("eröffnet", "opened"),
                    T(
                        "hat seine 51 Punkte ausgelegt; darf anbauen und Joker auslösen.",
                        "has laid his 51 points; may build and free jokers.",
                    ),
                    rule="KA-R3",
                    mark="tag",
                ),
                Entry(
                    T("noch nicht eröffnet", "not opened yet"),
                    T(
                        "muss beim ersten Auslegen 51 Punkte erreichen.",
                        "must reach 51 points when laying first.",
                    ),
                    rule="KA-R3",
                    mark="tag",
                ),
                Entry(
                    T("Geber", "dealer"),
                    T(
                        "hat gegeben; der Spieler nach ihm beginnt.",
                        "dealt; the player after him begins.",
                    ),
                    rule="KA-R1",
                    mark="tag dealer",
                ),
                Entry(
                    T("Σ", "Σ"),
                    T("Klubspiel: Strafpunkte bisher.", "club game: penalty points so far."),
                    rule="KA-R8",
                    mark="tag",
                ),
                Entry(
                    T("im Spiel / ausgeschieden", "in play / eliminated"),
                    T(
                        "Klubspiel: noch unter 150 Punkten oder schon darüber.",
                        "club game: still under 150 points or already past it.",
                    ),
                    rule="KA-R8",
                    mark="tag",
                ),
                Entry(
                    T("Nummer an einer Gruppe", "Number on a meld"),
                    T(
                        "ihre Nummer zum Anbauen (build 2 4h).",
                        "its number for building (build 2 4h).",
                    ),
                    rule="KA §Bauen",
                ),
            ),
        ),
    )
)
