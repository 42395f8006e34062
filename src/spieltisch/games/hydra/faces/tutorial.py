"""Hydra's guided first game: the cards and the Hydra, the declarations, the contracts,
following suit, trumps and the scoring of one game (HY 2.1..HY-R9).

The learner sits at seat 0 of five; the positions come from two real deals.
"""

from __future__ import annotations

from typing import Any, Final

from spieltisch.engine.lesson import Lesson, Reply, Step
from spieltisch.engine.text import Text as T

HEALTHY: Final = [
    "DJ DA H10 S9 SK SA CK C10 CA HY",
    "DJ DA HA HA S9 SJ S10 C9 CJ CA",
    "DQ DQ DK D10 HJ HJ SJ SK CQ CK",
    "D9 DK H9 HK HK H10 SQ SQ C9 CQ",
    "D9 D10 H9 HQ HQ S10 SA CJ C10 HY",
]
"""A deal for a healthy game: the learner holds a Hydra and no plain heart."""

STRONG: Final = [
    "HY HY CQ CQ SQ SQ H10 H10 DA DA",
    "S10 SJ DJ HA CA S9 CJ C9 S9 DK",
    "HQ CJ CK SA D10 SJ DJ DK HJ DQ",
    "D9 SK HA C9 HK HJ DQ SK CK H9",
    "C10 H9 D10 HQ SA D9 C10 S10 HK CA",
]
"""A deal for a solo: the learner holds both Hydras and the best queens."""

PLAYING: Final[dict[str, Any]] = {
    "dealer": 3,
    "phase": "play",
    "turn": 0,
    "said": ["valeo"] * 5,
    "party": [1, 1, 0, 0, 1],
}
"""The healthy game after everyone said Valeo; seat 4 leads."""

LESSON: Final = Lesson(
    seat=0,
    options={"games": 1},
    title=T("Hydra: ein Spiel zum Kennenlernen", "Hydra: a first game"),
    steps=(
        Step(
            "cards",
            {"hands": HEALTHY, "dealer": 4},
            T(
                "Hydra spielen fünf mit 50 Karten: 9 bis Ass in jeder Farbe doppelt und "
                "zwei Hydren. Die Hydra ist der höchste Trumpf, dann ♥10, die Damen, die "
                "Buben und ♦A. Du hast eine Hydra und keinen Vorbehalt: sage „valeo“.",
                "Five play Hydra with 50 cards: 9 to ace in each suit twice, and two "
                "Hydras. The Hydra is the highest trump, then ♥10, the queens, the jacks "
                "and ♦A. You hold a Hydra and have no reservation: say “valeo”.",
            ),
            rule="HY 2.2.2",
            point=T(
                "Alle sagten Valeo: ein gesundes Spiel. Wer die Kreuz-Damen hält und wer "
                "die Pik-Damen, zeigt sich erst, wenn sie fallen.",
                "Everyone said Valeo: a healthy game. Who holds the queens of clubs and who "
                "the queens of spades shows only when they are played.",
            ),
            allowed=("valeo",),
            hint=T(
                "Mit diesem Blatt gibt es keinen Vorbehalt: sage „valeo“.",
                "With this hand there is no reservation: say “valeo”.",
            ),
            replies=tuple(Reply(seat, "valeo") for seat in (1, 2, 3, 4)),
        ),
        Step(
            "morbus",
            {"hands": STRONG, "dealer": 4},
            T(
                "Ein neues Blatt: beide Hydren, beide ♥10, vier Damen. Damit spielst du "
                "allein gegen vier! Melde einen Vorbehalt: sage „morbus“.",
                "A new hand: both Hydras, both ♥10, four queens. With this you play alone "
                "against four! Declare a reservation: say “morbus”.",
            ),
            rule="HY 2.2.2",
            point=T(
                "Die anderen sagten Valeo. Jetzt nennst du, welcher Vorbehalt es ist.",
                "The others said Valeo. Now you name which reservation it is.",
            ),
            allowed=("morbus",),
            hint=T(
                "Mit so vielen hohen Trümpfen lohnt ein Solo: sage „morbus“.",
                "With so many high trumps a solo pays: say “morbus”.",
            ),
            replies=tuple(Reply(seat, "valeo") for seat in (1, 2, 3, 4)),
        ),
        Step(
            "reservation",
            {
                "hands": STRONG,
                "dealer": 4,
                "phase": "specify",
                "said": ["morbus", "valeo", "valeo", "valeo", "valeo"],
            },
            T(
                "Ein Vorbehalt ist ein Solo (du gegen vier) oder ein Antrag (mit beiden "
                "Kreuz- oder Pik-Damen suchst du dir einen Partner). Ein Solo geht vor. "
                "Wähle „solo“.",
                "A reservation is a Solo (you against four) or an Antrag (with both queens "
                "of clubs or of spades you look for a partner). A Solo goes first. Choose "
                "“solo”.",
            ),
            rule="HY 2.3.4",
            point=T(
                "Solo! Jetzt nennst du die Art des Solos.",
                "Solo! Now you name the kind of solo.",
            ),
            allowed=("solo",),
            hint=T(
                "Für diese Übung: wähle das Solo.",
                "For this exercise: choose the solo.",
            ),
        ),
        Step(
            "contract",
            {
                "hands": STRONG,
                "dealer": 4,
                "phase": "solo_type",
                "said": ["morbus", "valeo", "valeo", "valeo", "valeo"],
                "spec": ["solo", None, None, None, None],
            },
            T(
                "Beim Normalsolo bleiben die Trümpfe wie im gesunden Spiel. Beim Farbsolo "
                "ist eine Farbe Trumpf, beim Trumpfsolo ein Rang (zum Beispiel alle Damen). "
                "Mit deinen Damen und ♥10 passt das Normalsolo: wähle es.",
                "In a normal solo the trumps stay as in the healthy game. In a suit solo "
                "one suit is trumps, in a rank solo one rank (all queens, say). With your "
                "queens and ♥10 the normal solo fits: choose it.",
            ),
            rule="HY-R2",
            point=T(
                "Gewählt. Der Solist braucht 121 der 240 Augen; gewinnt er, zahlt ihm jeder "
                "der vier Gegner.",
                "Chosen. The soloist needs 121 of the 240 points; if he wins, each of the "
                "four opponents pays him.",
            ),
            allowed=("normalsolo",),
            hint=T(
                "Deine Trümpfe sind Hydren, ♥10 und Damen: nimm das Normalsolo.",
                "Your trumps are Hydras, ♥10 and queens: take the normal solo.",
            ),
        ),
        Step(
            "follow",
            {
                "hands": [*HEALTHY[:4], "D9 D10 H9 HQ HQ S10 CJ C10 HY"],
                **PLAYING,
                "trick": [[4, "SA"]],
            },
            T(
                "Zurück zum gesunden Spiel. ♠A wurde ausgespielt. Du musst "
                "die ausgespielte Farbe bedienen, solange du kannst: spiele ein Pik.",
                "Back to the healthy game. ♠A was led. You must follow the suit led while "
                "you can: play a spade.",
            ),
            rule="HY-R5",
            point=T(
                "Bedient. Wer nicht bedienen kann, darf jede Karte spielen – auch einen Trumpf.",
                "Followed. Whoever cannot follow may play any card – a trump as well.",
            ),
            allowed=("S9", "SK", "SA"),
            hint=T("Spiele eine Pik-Karte.", "Play a spade."),
            replies=(Reply(1, "S9"), Reply(2, "SK"), Reply(3, "H9")),
        ),
        Step(
            "trumps",
            {
                "hands": [
                    "DJ DA H10 SK SA CK C10 CA HY",
                    "DJ DA HA HA SJ S10 C9 CJ CA",
                    "DQ DQ DK D10 HJ HJ SJ CQ CK",
                    "D9 DK HK HK H10 SQ SQ C9 CQ",
                    "D9 D10 HQ HQ S10 CJ C10 HY",
                ],
                **PLAYING,
                "trick": [[4, "H9"]],
                "tricks": [[4, [[4, "SA"], [0, "S9"], [1, "S9"], [2, "SK"], [3, "H9"]]]],
            },
            T(
                "♥9 wurde ausgespielt. ♥10 ist Trumpf, also hast du kein Herz: du darfst "
                "stechen. Eine Dame schlägt deine Buben und ♦A – steche mit der Hydra oder "
                "mit ♥10.",
                "♥9 was led. ♥10 is a trump, so you have no heart: you may trump. A queen "
                "beats your jacks and ♦A – trump with the Hydra or with ♥10.",
            ),
            rule="HY-R5",
            point=T(
                "Der höchste Trumpf gewinnt den Stich: er gehört dir, mit dem ♥A darin (11 Augen).",
                "The highest trump wins the trick: it is yours, with the ♥A in it (11 points).",
            ),
            allowed=("HY", "H10"),
            hint=T(
                "Diese Karte verliert gegen die ♦Dame, die noch kommt: nimm Hydra oder ♥10.",
                "This card loses to the queen of diamonds still to come: take the Hydra or ♥10.",
            ),
            replies=(Reply(1, "HA"), Reply(2, "DQ"), Reply(3, "HK")),
        ),
        Step(
            "scoring",
            {
                "hands": ["CA", "", "", "", ""],
                **PLAYING,
                "trick": [[1, "CJ"], [2, "CQ"], [3, "CQ"], [4, "HY"]],
                "tricks": [
                    [4, [[4, "SA"], [0, "S9"], [1, "S9"], [2, "SK"], [3, "H9"]]],
                    [2, [[4, "H9"], [0, "DA"], [1, "HA"], [2, "DQ"], [3, "HK"]]],
                    [3, [[2, "DQ"], [3, "H10"], [4, "HQ"], [0, "DJ"], [1, "DJ"]]],
                    [1, [[3, "D9"], [4, "D9"], [0, "C10"], [1, "DA"], [2, "DK"]]],
                    [0, [[1, "HA"], [2, "D10"], [3, "HK"], [4, "D10"], [0, "H10"]]],
                    [2, [[0, "SK"], [1, "S10"], [2, "HJ"], [3, "DK"], [4, "S10"]]],
                    [0, [[2, "HJ"], [3, "SQ"], [4, "HQ"], [0, "HY"], [1, "SJ"]]],
                    [3, [[0, "SA"], [1, "C9"], [2, "SJ"], [3, "SQ"], [4, "CJ"]]],
                    [1, [[3, "C9"], [4, "C10"], [0, "CK"], [1, "CA"], [2, "CK"]]],
                ],
            },
            T(
                "Der letzte Stich. Die Kreuz-Damen lagen bei Platz 3 und 4 – die beiden sind "
                "eine Partei, du gehörst zu den anderen. Spiele deine letzte Karte.",
                "The last trick. The queens of clubs were with seats 3 and 4 – they are "
                "one party, you belong to the others. Play your last card.",
            ),
            rule="HY-R5",
            point=T(
                "Abrechnung: die Parteien zählen ihre Augen (Ass 11, Zehn 10, König 4, Dame "
                "3, Bube 2). Deine Partei hat mehr als 120 und gewinnt; dazu kommen "
                "Sonderpunkte wie „gegen die Alten“ oder ein Doppelkopf.",
                "Scoring: the parties count their points (ace 11, ten 10, king 4, queen 3, "
                "jack 2). Your party has more than 120 and wins; specials such as “against "
                "the old ones” or a Doppelkopf are added.",
            ),
            allowed=("CA",),
            hint=T("Spiele dein ♣A.", "Play your ♣A."),
        ),
    ),
    finale=T(
        "Du kennst jetzt Karten, Ansagen, Solo, Bedienen, Stechen und die Abrechnung. Jetzt "
        "ein echtes Spiel gegen den Regel-Bot, mit Tipps.",
        "You now know the cards, the declarations, the solo, following suit, trumping and "
        "the scoring. Now a real game against the rules bot, with tips.",
    ),
)
