"""Kalooki's guided first game: one turn that draws, opens with 51, melds with a joker,
lays off and goes out, and the penalties and the pot that follow (KA-R2..KA-R8).

Two players; the learner (seat 0) holds a hand that can go out in one turn, the
Kalooki, so the lesson ends on the scoring.
"""

from __future__ import annotations

from typing import Any, Final

from spieltisch.engine.lesson import Lesson, Step
from spieltisch.engine.text import Text as T

OTHER: Final = "2c 3c 4c Ad 8d 9d 10d Kd 6h 4s 9s Qs Ks"
"""The opponent's hand: 96 points, left in his hand when the learner goes out."""

RUN: Final = {"owner": 0, "cards": "10h Jh Qh Kh", "closed": False}
SEVENS: Final = {"owner": 0, "cards": "7c 7d 7h 7s", "closed": False}
FIVES: Final = {"owner": 0, "cards": "5c 5d JK=5h 5s", "closed": False}


def _turn(hand: str, melds: list[dict[str, Any]], value: int) -> dict[str, Any]:
    """The learner's turn after taking the 7h from the discard pile."""
    return {
        "hands": [hand, OTHER],
        "melds": melds,
        "opened": [value >= 51, False],
        "known": ["7h" if value < 51 else "", ""],
        "dealer": 1,
        "to_move": 0,
        "phase": "play",
        "taken": "7h",
        "locked": value < 51,
        "turn_value": value,
        "new_from": 0,
        "opened_start": False,
        "discard_pile": "Jc",
    }


LESSON: Final = Lesson(
    seat=0,
    title=T("Kalooki in einem Zug", "Kalooki in one turn"),
    steps=(
        Step(
            "draw",
            {
                "hands": ["5c 7c 5d 7d 9h 10h Jh Qh Kh 3s 5s 7s JK", OTHER],
                "dealer": 1,
                "to_move": 0,
                "phase": "draw",
                "discard_pile": "Jc 7h",
            },
            T(
                "Jeder Zug beginnt mit einer Karte vom Stapel oder der obersten vom "
                "Ablagestapel. Oben liegt ♥7 – sie passt zu deinen drei Siebenen. Nimm sie.",
                "Every turn starts with a card from the stock or the top of the discard "
                "pile. On top lies the 7♥ – it fits your three sevens. Take it.",
            ),
            rule="KA §Zug",
            point=T(
                "Genommen. Eine Karte vom Ablagestapel darfst du in diesem Zug nicht "
                "wieder abwerfen.",
                "Taken. A card from the discard pile may not be discarded again this turn.",
            ),
            allowed=("draw discard",),
            hint=T(
                "Die ♥7 auf dem Ablagestapel passt zu deinen Siebenen: nimm sie.",
                "The 7♥ on the discard pile fits your sevens: take it.",
            ),
        ),
        Step(
            "run",
            _turn("5c 7c 5d 7d 7h 9h 10h Jh Qh Kh 3s 5s 7s JK", [], 0),
            T(
                "Kombinationen: eine Folge (3 oder mehr aufeinanderfolgende Karten einer "
                "Farbe) oder ein Satz (3 oder 4 gleiche Werte in verschiedenen Farben). "
                "Lege die Folge ♥10 ♥B ♥D ♥K aus.",
                "Melds: a run (3 or more consecutive cards of one suit) or a set (3 or 4 of "
                "one rank in different suits). Lay the run 10♥ J♥ Q♥ K♥.",
            ),
            rule="KA-R2",
            point=T(
                "40 Punkte (Bilder zählen 10). Zum ersten Auslegen brauchst du 51.",
                "40 points (court cards count 10). To open you need 51.",
            ),
            allowed=("meld 10h Jh Qh Kh",),
            hint=T(
                "Beginne mit der ganzen Herz-Folge von der 10 bis zum König.",
                "Start with the whole heart run from the 10 to the king.",
            ),
        ),
        Step(
            "open",
            _turn("5c 7c 5d 7d 7h 9h 3s 5s 7s JK", [RUN], 40),
            T(
                "Würdest du jetzt abwerfen, nähmst du die Folge zurück: 40 ist unter 51. "
                "Lege noch die vier Siebenen als Satz aus.",
                "Were you to discard now, you would take the run back: 40 is under 51. Lay "
                "the four sevens as a set as well.",
            ),
            rule="KA-R3",
            point=T(
                "40 + 28 = 68: du bist eröffnet und darfst jetzt auch anlegen.",
                "40 + 28 = 68: you have opened and may now lay off too.",
            ),
            allowed=("meld 7c 7d 7h 7s",),
            hint=T(
                "Erst 51 erreichen: lege die vier Siebenen aus.",
                "Reach 51 first: lay the four sevens.",
            ),
        ),
        Step(
            "joker",
            _turn("5c 5d 9h 3s 5s JK", [RUN, SEVENS], 68),
            T(
                "Der Joker ersetzt eine fehlende Karte; du sagst, welche. Lege die Fünfen "
                "mit dem Joker als ♥5 aus.",
                "The joker stands in for a missing card; you say which. Lay the fives with "
                "the joker as the 5♥.",
            ),
            rule="KA-R2",
            point=T(
                "Der Joker zählt wie die Karte, die er ersetzt. Wer die ♥5 hat, kann ihn "
                "später befreien.",
                "The joker counts as the card it stands for. Whoever holds the 5♥ can free "
                "it later.",
            ),
            allowed=("meld 5c 5d JK=5h 5s",),
            hint=T(
                "Lege ♣5, ♦5, ♠5 und den Joker als ♥5 zusammen aus.",
                "Lay 5♣, 5♦, 5♠ and the joker as 5♥ together.",
            ),
        ),
        Step(
            "lay-off",
            _turn("9h 3s", [RUN, SEVENS, FIVES], 68),
            T(
                "Anlegen: eine Karte an ein Ende einer Folge oder in einen Satz, auf "
                "jeder Kombination am Tisch. Lege ♥9 an deine Herz-Folge an (Kombination 1).",
                "Laying off: one card at an end of a run or into a set, on any meld on the "
                "table. Lay the 9♥ off on your heart run (meld 1).",
            ),
            rule="KA §Bauen",
            point=T(
                "Die Folge reicht jetzt von ♥9 bis ♥K. Nur noch eine Karte in der Hand.",
                "The run now goes from 9♥ to K♥. One card left in your hand.",
            ),
            allowed=("build 1 9h",),
            hint=T(
                "Die ♥9 passt unten an die Herz-Folge: lege sie an.",
                "The 9♥ fits below the heart run: lay it off.",
            ),
        ),
        Step(
            "out",
            _turn("3s", [{**RUN, "cards": "9h 10h Jh Qh Kh"}, SEVENS, FIVES], 68),
            T(
                "Wer alle Karten bis auf eine auslegt und die letzte abwirft, geht aus. "
                "Wirf die ♠3 ab.",
                "Whoever lays all cards but one and discards the last goes out. Discard the 3♠.",
            ),
            rule="KA-R6",
            point=T(
                "Aus – und zwar auf einmal, ohne vorher ausgelegt zu haben: Kalooki! Der "
                "Gegner zählt seine Handkarten als Strafpunkte (96) und zahlt 25 extra. Der "
                "Sieger bekommt mindestens 75 % des Topfes, der Rest geht an Spieler unter "
                "100 Punkten – hier gehört dir der ganze Topf.",
                "Out – all at once, with nothing laid before: Kalooki! Your opponent counts "
                "the cards in his hand as penalty points (96) and pays 25 more. The winner "
                "gets at least 75 % of the pot, the rest goes to players under 100 points – "
                "here the whole pot is yours.",
            ),
            allowed=("discard 3s",),
            hint=T("Wirf deine letzte Karte ab.", "Discard your last card."),
        ),
    ),
    finale=T(
        "Ziehen, 51 zum Eröffnen, Joker, Anlegen, Ausgehen und die Abrechnung: mehr "
        "braucht es nicht. Jetzt ein echtes Spiel gegen den Regel-Bot, mit Tipps.",
        "Drawing, 51 to open, jokers, laying off, going out and the scoring: that is all "
        "it takes. Now a real game against the rules bot, with tips.",
    ),
)
