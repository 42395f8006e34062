"""Halli-Galli-Extreem's guided first game: when to ring, what a wrong ring costs, the
animals, a stray card and the finale (HG-R3..HG-R10), at a table of three.

The cards come slowly at first and then at the table's pace (``Step.pace_ms``). Each
position deals the whole deck (HG-R1): the cards a step shows are set, the rest of the
deck lies under the draw piles.
"""

from __future__ import annotations

from typing import Any, Final

from spieltisch.engine.lesson import Lesson, Reply, Step
from spieltisch.engine.text import Text as T

from ..cards import NAMES, deck

SLOW: Final = 2000
FAST: Final = 500


def _position(
    table: list[str],
    nexts: list[str],
    to_flip: int,
    shares: tuple[int, ...] = (1, 1, 1),
    **rest: Any,
) -> dict[str, Any]:
    """Three seats with ``table`` face up and ``nexts`` the cards each flips next (the
    last first); the rest of the deck lies under the draw piles, ``shares`` parts each."""
    left = [NAMES[c] for c in deck(False)]
    for word in " ".join([*table, *nexts]).split():
        left.remove(word)
    cut = [len(left) * sum(shares[:seat]) // sum(shares) for seat in range(4)]
    piles = [left[cut[seat] : cut[seat + 1]] for seat in range(3)]
    draw = [" ".join([*piles[seat], *nexts[seat].split()]) for seat in range(3)]
    return {"draw": draw, "table": table, "to_flip": to_flip, **rest}


RING_HINT: Final = T(
    "Auf dem Tisch liegt etwas Gültiges: läute die Glocke!",
    "Something valid lies on the table: ring the bell!",
)
WAIT_HINT: Final = T(
    "Hier liegt nichts Gültiges: nicht läuten, sondern umdrehen.",
    "Nothing valid lies here: do not ring, flip instead.",
)

LESSON: Final = Lesson(
    seat=0,
    title=T("Halli Galli Schritt für Schritt", "Halli Galli step by step"),
    bot="beginner",
    hints={"coach": True},
    steps=(
        Step(
            "five",
            _position(["3B", "2B", "1S"], ["1L", "1P", "1S"], 0),
            T(
                "Jeder dreht reihum seine oberste Karte um; es zählen nur die obersten "
                "Karten. Liegen genau 5 Früchte einer Sorte, läutet man. Hier: 3 + 2 "
                "Bananen. Läute!",
                "Everyone in turn flips his top card; only the top cards count. When "
                "exactly 5 fruits of one kind lie, you ring. Here: 3 + 2 bananas. Ring!",
            ),
            rule="HG-R3",
            point=T(
                "Richtig! Wer zuerst richtig läutet, gewinnt alle ausliegenden Karten.",
                "Right! Whoever rings first on a valid table wins every card laid out.",
            ),
            allowed=("ring@0",),
            hint=RING_HINT,
            pace_ms=SLOW,
        ),
        Step(
            "flip",
            _position(["3B", "1S", "2P"], ["3S 2S", "3S", "1B"], 0),
            T(
                "3 Bananen, 1 Erdbeere, 2 Pflaumen: nichts Gültiges. Du bist dran: drehe "
                "deine Karte um und schau, was die anderen umdrehen.",
                "3 bananas, 1 strawberry, 2 plums: nothing valid. Your turn: flip your card "
                "and watch what the others flip.",
            ),
            rule="HG-R3",
            point=T(
                "Deine 2 Erdbeeren und die 3 Erdbeeren von Platz 2: genau 5!",
                "Your 2 strawberries and the 3 strawberries of seat 2: exactly 5!",
            ),
            allowed=("flip",),
            hint=WAIT_HINT,
            replies=(Reply(1, "flip"),),
            pace_ms=SLOW,
        ),
        Step(
            "wrong",
            _position(["3B", "1S", "2P"], ["1L", "1L", "1B"], 0),
            T(
                "Nichts Gültiges auf dem Tisch. Läute trotzdem einmal, um zu sehen, was ein "
                "Fehler kostet.",
                "Nothing valid on the table. Ring anyway, once, to see what a mistake costs.",
            ),
            rule="HG-R3",
            point=T(
                "Falsch geläutet: du gibst jedem anderen Spieler Karten (zu dritt je 4). "
                "Die ausliegenden Karten bleiben liegen.",
                "A wrong ring: you give every other player cards (4 each with three "
                "players). The cards laid out stay.",
            ),
            allowed=("ring@0",),
            hint=T(
                "Diesmal läuten, damit du siehst, was es kostet.",
                "Ring this time, so you see what it costs.",
            ),
            pace_ms=SLOW,
        ),
        Step(
            "monkey",
            _position(["MONKEY", "1B", "2P"], ["1L", "1S", "1B"], 1),
            T(
                "Tiere: der Affe zählt, wenn Obst liegt, aber keine Limette. Hier Bananen "
                "und Pflaumen, keine Limette: läute!",
                "Animals: the monkey counts when fruit lies but no lime. Here bananas and "
                "plums, no lime: ring!",
            ),
            rule="HG-R3",
            point=T(
                "Affe ohne Limette: gültig. Der Elefant zählt genauso, aber nur ohne Erdbeere.",
                "A monkey and no lime: valid. The elephant counts likewise, but only "
                "without strawberries.",
            ),
            allowed=("ring@0",),
            hint=RING_HINT,
            pace_ms=FAST,
        ),
        Step(
            "elephant",
            _position(["ELEPHANT", "1S", "3P"], ["1B", "1P", "PIG"], 0),
            T(
                "Ein Elefant – aber da liegt eine Erdbeere, also zählt er nicht. Drehe um; "
                "jetzt kommen die Karten schneller.",
                "An elephant – but a strawberry lies, so it does not count. Flip; the "
                "cards come faster now.",
            ),
            rule="HG-R3",
            point=T(
                "Schnell geschaut? Platz 3 hat ein Schwein umgedreht!",
                "Looked quickly? Seat 3 flipped a pig!",
            ),
            allowed=("flip",),
            hint=WAIT_HINT,
            replies=(Reply(1, "flip"), Reply(2, "flip")),
            pace_ms=FAST,
        ),
        Step(
            "pig",
            _position(["1B", "1P", "PIG"], ["1L", "1L", "2L"], 0),
            T(
                "Das Schwein gilt immer, sogar bei zwei Paaren. Läute schnell!",
                "The pig is always valid, even on two pairs. Ring fast!",
            ),
            rule="HG-R3",
            point=T("Gewonnen: der Stapel gehört dir.", "Won: the pile is yours."),
            allowed=("ring@0",),
            hint=RING_HINT,
            pace_ms=FAST,
        ),
        Step(
            "stray",
            _position(["1S", "2L", "1P"], ["3L", "1S", "1B"], 1),
            T(
                "Platz 2 ist dran. Wer zu früh umdreht, wirft eine Streukarte: sie bleibt "
                "liegen und zählt. Wirf deine 3 Limetten zu früh ab und schau, was passiert.",
                "Seat 2 is to flip. Whoever flips too early throws a stray card: it stays "
                "and counts. Throw your 3 limes too early and see what happens.",
            ),
            rule="HG-R7",
            point=T(
                "Deine Streukarte machte 5 Limetten – Platz 2 läutete und gewann. Auf "
                "die eigene Streukarte darfst du nicht läuten.",
                "Your stray card made 5 limes – seat 2 rang and won. You may not ring on "
                "your own stray card.",
            ),
            allowed=("flip",),
            hint=T(
                "Für diese Übung: drehe jetzt, außer der Reihe, um.",
                "For this exercise: flip now, out of turn.",
            ),
            replies=(Reply(1, "ring"),),
            pace_ms=FAST,
        ),
        Step(
            "finale",
            {
                **_position(["", "", ""], ["", "", ""], 0, shares=(2, 3, 0)),
                "out": [0, 0, 1],
                "out_count": 1,
                "finale": {
                    "players": [0, 1],
                    "last_winner": 1,
                    "stake": 0,
                    "throws": {},
                    "history": [],
                },
            },
            T(
                "Finale: nur zwei sind übrig. Wer weniger Karten hat, setzt den Einsatz, "
                "dann wird Schere-Stein-Papier gespielt, bis einer alle Karten hat. Setze "
                "5 Karten.",
                "Finale: only two are left. Whoever has fewer cards sets the stake, then "
                "both play rock-paper-scissors until one holds all cards. Stake 5 cards.",
            ),
            rule="HG-R10",
            point=T(
                "Gesetzt. Jetzt werfen beide gleichzeitig Schere, Stein oder Papier; der "
                "Sieger bekommt den Einsatz.",
                "Staked. Now both throw rock, paper or scissors at once; the winner takes "
                "the stake.",
            ),
            allowed=("stake 5",),
            hint=T("Setze für diese Übung 5 Karten.", "For this exercise stake 5 cards."),
        ),
    ),
    finale=T(
        "Du weißt jetzt, wann man läutet, was ein Fehler kostet, wie Tiere und Streukarten "
        "zählen und wie das Finale geht. Jetzt ein echtes Spiel gegen den Regel-Bot.",
        "You now know when to ring, what a mistake costs, how animals and stray cards count "
        "and how the finale goes. Now a real game against the rules bot.",
    ),
)
