"""Halli-Galli-Extreem's rules panel: the house rules and our rulings in short, the bell
rule a player checks before ringing, the penalty scale, and the table's marks."""

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
                    "3 bis 6 Spieler. Alle Karten werden verdeckt verteilt; jeder spielt von "
                    "seinem Stapel. Reihum (im Uhrzeigersinn) dreht der Spieler am Zug seine "
                    "oberste Karte auf seine offene Ablage. Es zählt immer nur die oberste "
                    "Karte jeder Ablage.",
                    "3 to 6 players. All cards are dealt face down; everyone plays from his "
                    "own pile. In turn (clockwise) the player to move turns his top card "
                    "onto his face-up pile. Only the top card of each face-up pile counts.",
                ),
                T(
                    "Liegt eine gültige Kombination, schlägt man auf die Glocke: wer zuerst "
                    "klingelt, gewinnt alle offenen Karten, legt sie unter seinen Stapel und "
                    "beginnt die nächste Runde. Wer falsch klingelt, gibt jedem Mitspieler "
                    "Karten ab.",
                    "When a valid combination lies, you hit the bell: who rings first wins "
                    "all face-up cards, puts them under his pile and starts the next round. "
                    "Who rings wrongly gives every other player cards.",
                ),
                T(
                    "Wer seine letzte Karte gelegt hat, schwimmt bis zum Ende der Runde: "
                    "gewinnt er sie nicht, scheidet er aus. Der erste Schwimmer, der "
                    "ausscheiden würde, bekommt stattdessen die beim Austeilen übrigen Karten "
                    "(falls es welche gibt). Sind nur noch zwei Spieler übrig, entscheidet "
                    "das Finale: wer weniger Karten hat, setzt den Einsatz, der andere zieht "
                    "nach, Stein-Schere-Papier gewinnt ihn; das geht so weiter, bis einer "
                    "alle Karten hat.",
                    "Who has laid his last card swims until the round ends: if he does not "
                    "win it, he is out. The first swimmer who would be out gets the cards "
                    "left over at the deal instead (if there are any). When only two "
                    "players are left, the finale decides: who has fewer cards sets the "
                    "stake, the other matches it, rock-paper-scissors wins it; this goes on "
                    "until one holds all cards.",
                ),
            ),
            rules=("HG §1.1", "HG §2.3", "HG-R4", "HG-R6", "HG-R10"),
        ),
        Section(
            "bell",
            T("Wann klingeln?", "When to ring"),
            paragraphs=(
                T(
                    "Gezählt werden nur die obersten Karten. Jedes Paar zählt; gültig ist "
                    "eine ungerade Zahl von Paaren (1, 3, …). Zwei Paare heben sich auf "
                    "(Doppelpaar) – außer ein Schwein liegt.",
                    "Only the top cards count. Every pair counts; an odd number of pairs "
                    "(1, 3, …) is valid. Two pairs cancel out (double pair) – unless a pig "
                    "lies.",
                ),
            ),
            entries=(
                Entry(
                    T("5 Früchte einer Sorte", "5 fruits of one kind"),
                    T(
                        "ein Paar (10 einer Sorte sind zwei Paare, 15 drei).",
                        "one pair (10 of a kind are two pairs, 15 three).",
                    ),
                    rule="HG-R3",
                ),
                Entry(
                    T("Affe", "Monkey"),
                    T(
                        "ein Paar, wenn mindestens eine Fruchtkarte liegt und keine Limette.",
                        "one pair if at least one fruit card lies and no lime.",
                    ),
                    rule="HG-R3",
                ),
                Entry(
                    T("Elefant", "Elephant"),
                    T(
                        "ein Paar, wenn mindestens eine Fruchtkarte liegt und keine Erdbeere.",
                        "one pair if at least one fruit card lies and no strawberry.",
                    ),
                    rule="HG-R3",
                ),
                Entry(
                    T("Schwein", "Pig"),
                    T(
                        "immer gültig, auch bei Doppelpaaren.",
                        "always valid, even on double pairs.",
                    ),
                    rule="HG-R3",
                ),
                Entry(
                    T("Eigene Streukarte", "Your own stray card"),
                    T(
                        "macht erst deine außer der Reihe geworfene Karte die Kombination "
                        "gültig, ist dein Klingeln darauf ein Fehler.",
                        "if the card you threw out of turn made the table valid, your ring on "
                        "it is wrong.",
                    ),
                    rule="HG-R7",
                ),
            ),
        ),
        Section(
            "penalty",
            T("Falsch geklingelt", "A wrong ring"),
            grid=Grid(
                (
                    T("Spieler im Spiel", "Players in the game"),
                    T("Karten an jeden Mitspieler", "Cards to each other player"),
                ),
                (
                    (T("6", "6"), T("1", "1")),
                    (T("5", "5"), T("2", "2")),
                    (T("4", "4"), T("3", "3")),
                    (T("3", "3"), T("4", "4")),
                    (T("2", "2"), T("5", "5")),
                ),
            ),
            paragraphs=(
                T(
                    "Die offenen Karten bleiben liegen; weiter geht es beim nächsten Spieler "
                    "nach dem, der falsch geklingelt hat. Wer schwimmend falsch klingelt, "
                    "scheidet aus.",
                    "The face-up cards stay; play goes on with the next player after the "
                    "wrong ringer. Who rings wrongly while swimming is out.",
                ),
            ),
            rules=("HG-R4", "HG-R6"),
        ),
        Section(
            "online",
            T("Am Online-Tisch", "At the online table"),
            entries=(
                Entry(
                    T("Wer war zuerst?", "Who was first?"),
                    T(
                        "Der Server rechnet die Reaktionszeit jedes Spielers ab dem Moment, in "
                        "dem die Karte auf seinem Bildschirm erschien, und gleicht die "
                        "Leitungsverzögerung aus.",
                        "The server counts each player's reaction time from the moment the "
                        "card appeared on his screen, and makes up for network delay.",
                    ),
                    rule="HG-R8",
                ),
                Entry(
                    T("Handicap", "Handicap"),
                    T(
                        "eine vereinbarte Verzögerung je Platz in Millisekunden.",
                        "an agreed delay per seat in milliseconds.",
                    ),
                    rule="HG-R9",
                ),
                Entry(
                    T("Aufgeben", "Resigning"),
                    T(
                        "du hast verloren; deine Karten bleiben im Spiel, ein Bot spielt sie.",
                        "you have lost; your cards stay in play, a bot plays them.",
                    ),
                    rule="HG-R14",
                ),
            ),
        ),
        Section(
            "legend",
            T("Zeichen am Tisch", "Marks at the table"),
            entries=(
                Entry(T("du", "you"), T("dein Platz.", "your seat."), mark="badge hg-you"),
                Entry(
                    T("schwimmt", "swimming"),
                    T(
                        "keine Karte mehr im Stapel; klingeln darf er noch.",
                        "no card left in the pile; he may still ring.",
                    ),
                    rule="HG-R6",
                    mark="hg-tag swim",
                ),
                Entry(
                    T("ausgeschieden", "out"),
                    T("nicht mehr im Spiel.", "no longer in the game."),
                    rule="HG-R6",
                    mark="hg-tag out",
                ),
                Entry(
                    T("Zahl am Stapel", "Number on a pile"),
                    T(
                        "so viele Karten hat der Spieler noch verdeckt.",
                        "how many face-down cards the player still has.",
                    ),
                    rule="HG-R1",
                    mark="pile",
                ),
                Entry(
                    T("Rückseite klassisch / Extreme", "Back classic / extreme"),
                    T(
                        "aus welcher Ausgabe die nächste Karte des Stapels stammt.",
                        "which edition the pile's next card comes from.",
                    ),
                    rule="HG-R1",
                    mark="backs",
                ),
                Entry(
                    T("Trainer", "Coach"),
                    T(
                        "wie wahrscheinlich die nächste Karte die Glocke richtig macht "
                        "(nur, wenn der Tisch es erlaubt).",
                        "how likely the next card makes the bell right (only if the table "
                        "allows it).",
                    ),
                    rule="HG-R3",
                ),
            ),
        ),
    )
)
