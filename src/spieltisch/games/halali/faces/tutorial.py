"""Halali's guided first game: flipping, who moves what, who captures whom, the hunter's
gun, the exits and the end phase, each on a small forest (HA-R1..HA-R7).

The learner plays Blue (bears and foxes), the seat that begins.
"""

from __future__ import annotations

from typing import Final

from spieltisch.engine.lesson import Lesson, Reply, Step
from spieltisch.engine.text import Text as T

LESSON: Final = Lesson(
    seat=0,
    options={"match": "single"},
    title=T("Halali! in fünf Zügen", "Halali! in five moves"),
    steps=(
        Step(
            "flip",
            {
                "board": """
                    .  .  .  .  .  .  .
                    .  .  .  .  .  .  .
                    .  .  ?HS .  ?F .  .
                    .  .  .  .  .  .  .
                    .  ?B .  .  ?D .  .
                    .  .  .  .  .  .  .
                    .  .  .  ?T .  .  .
                """
            },
            T(
                "Zu Beginn liegen alle Kärtchen verdeckt im Wald. Du spielst Blau: Bären "
                "und Füchse. Wer am Zug ist, deckt ein Kärtchen auf oder zieht. Tippe ein "
                "verdecktes Kärtchen an und decke es auf.",
                "At the start every tile lies face down in the forest. You play Blue: bears "
                "and foxes. On your turn you flip a tile or move one. Tap a face-down tile "
                "and flip it.",
            ),
            rule="HA-R3",
            point=T(
                "Aufgedeckt! Braun hat danach auch ein Kärtchen aufgedeckt. Verdeckte "
                "Kärtchen versperren den Weg, bis jemand sie umdreht.",
                "Flipped! Brown flipped one as well. Face-down tiles block the way until "
                "someone turns them over.",
            ),
            allowed=("flip c4", "flip f4", "flip d6", "flip f6"),
            hint=T(
                "Das Kärtchen auf e2 deckt gleich Braun auf: wähle ein anderes verdecktes.",
                "Brown is about to flip the tile on e2: pick another face-down one.",
            ),
            replies=(Reply(1, "flip e2"),),
        ),
        Step(
            "who-moves",
            {
                "board": """
                    ?  .  .  .  .  .  ?
                    .  .  .  .  .  .  .
                    .  .  HS .  .  .  .
                    .  .  .  .  .  .  .
                    .  B  .  .  D  .  .
                    .  .  .  .  .  .  .
                    .  .  .  .  .  .  W
                """
            },
            T(
                "Braune Kärtchen (Jäger, Holzfäller) zieht nur Braun, blaue (Bär, Fuchs) "
                "nur du; Ente und Fasan dürfen beide ziehen. Gezogen wird gerade über leere "
                "Felder, der Bär nur ein Feld. Ziehe die Ente auf f5.",
                "Brown tiles (hunters, woodcutters) are moved only by Brown, blue ones "
                "(bear, fox) only by you; ducks and pheasants by both. Tiles move straight "
                "over empty squares, the bear only one square. Move the duck to f5.",
            ),
            rule="HA §2",
            point=T(
                "Die Ente gehört niemandem: beide dürfen sie ziehen. Braun hat seinen "
                "Jäger nach d5 gezogen.",
                "The duck belongs to nobody: both may move it. Brown moved his hunter to d5.",
            ),
            allowed=("f4-f5",),
            hint=T(
                "Hier geht es um die Ente: ziehe sie von f4 nach f5.",
                "This step is about the duck: move it from f4 to f5.",
            ),
            replies=(Reply(1, "d6-d5"),),
        ),
        Step(
            "captures",
            {
                "board": """
                    ?  .  .  .  .  .  ?
                    .  .  .  .  .  .  .
                    .  .  .  .  .  .  .
                    .  .  .  .  .  .  .
                    .  B  .  .  .  .  .
                    .  HN .  .  .  .  .
                    .  .  .  .  .  .  W
                """
            },
            T(
                "Geschlagen wird, indem man auf das Feld eines Kärtchens zieht. Der Bär "
                "schlägt Jäger und Holzfäller, der Fuchs Enten und Fasane, der Jäger Tiere "
                "in Schussrichtung, der Holzfäller Bäume. Der Jäger auf c3 zielt nach "
                "Norden auf deinen Bären: schlage ihn zuerst!",
                "You capture by moving onto a tile's square. The bear captures hunters and "
                "woodcutters, the fox ducks and pheasants, the hunter animals where his gun "
                "points, the woodcutter trees. The hunter on c3 aims north at your bear: "
                "capture him first!",
            ),
            rule="HA-R4",
            point=T(
                "Der Jäger gehört jetzt dir und zählt seine Punkte für dich (Jäger: 5). "
                "Braun hat ein Kärtchen aufgedeckt.",
                "The hunter is yours now and scores his points for you (hunter: 5). Brown "
                "flipped a tile.",
            ),
            allowed=("c4-c3",),
            hint=T(
                "Der Bär steht direkt neben dem Jäger: ziehe mit dem Bären auf c3.",
                "The bear stands right next to the hunter: move the bear onto c3.",
            ),
            replies=(Reply(1, "flip h8"),),
        ),
        Step(
            "gun",
            {
                "board": """
                    ?  .  .  .  .  .  ?
                    .  .  .  .  .  .  .
                    .  .  HS .  .  .  .
                    .  .  .  .  .  .  .
                    .  .  F  .  .  .  .
                    .  .  .  .  .  .  .
                    .  .  .  .  .  .  W
                """
            },
            T(
                "Der Jäger auf d6 zielt nach Süden: dein Fuchs auf d4 steht in seiner "
                "Schusslinie. Ein Jäger schießt nur in Richtung seines Gewehrs. Ziehe den "
                "Fuchs aus der Linie, nach c4 oder weiter nach Osten.",
                "The hunter on d6 aims south: your fox on d4 stands in his line of fire. A "
                "hunter shoots only where his gun points. Move the fox out of the line, to "
                "c4 or further east.",
            ),
            rule="HA-R2",
            point=T(
                "Gerettet: neben oder hinter dem Gewehr ist der Fuchs sicher. Braun hat ein "
                "Kärtchen aufgedeckt.",
                "Saved: beside or behind the gun the fox is safe. Brown flipped a tile.",
            ),
            allowed=("d4-c4", "d4-b4", "d4-e4", "d4-f4", "d4-g4", "d4-h4"),
            hint=T(
                "In der Spalte d bleibt der Fuchs in der Schusslinie: ziehe ihn seitwärts.",
                "In the d file the fox stays in the line of fire: move it sideways.",
            ),
            replies=(Reply(1, "flip h8"),),
        ),
        Step(
            "exit",
            {
                "board": """
                    .  .  .  .  .  .  .
                    .  .  .  .  .  .  .
                    .  .  .  .  .  .  .
                    F  .  .  .  .  .  .
                    .  .  .  .  .  .  .
                    .  .  .  .  .  .  .
                    .  .  .  .  .  .  W
                """,
                "end_phase_moves_left": 6,
            },
            T(
                "Alle Kärtchen sind aufgedeckt: die Endphase läuft (10 Züge ab dem letzten "
                "Aufdecken, hier noch 6). "
                "Nur jetzt dürfen eigene Kärtchen durch einen Ausgang (a5, i5, e9, e1) den "
                "Wald verlassen und zählen dann wie geschlagene. Ziehe deinen Fuchs durch "
                "den Ausgang a5.",
                "Every tile is face up: the end phase is on (10 moves from the last flip, 6 "
                "left here). Only now may "
                "your own tiles leave the forest through an exit (a5, i5, e9, e1); they then "
                "score like captured ones. Move your fox out through the exit a5.",
            ),
            rule="HA-R6",
            point=T(
                "Der Fuchs ist in Sicherheit (5 Punkte). Du hast kein blaues Kärtchen mehr "
                "im Wald, also endet das Spiel sofort: die höhere Summe gewinnt.",
                "The fox is safe (5 points). You have no blue tile left in the forest, so "
                "the game ends at once: the higher total wins.",
            ),
            allowed=("b5-a5",),
            hint=T(
                "Der Ausgang a5 liegt direkt links vom Fuchs: ziehe b5 nach a5.",
                "The exit a5 is right to the left of the fox: move b5 to a5.",
            ),
        ),
    ),
    finale=T(
        "Das war's: aufdecken, ziehen, schlagen, dem Gewehr ausweichen und am Ende durch "
        "die Ausgänge flüchten. Jetzt ein echtes Spiel gegen den Regel-Bot, mit Tipps.",
        "That's it: flip, move, capture, dodge the gun and escape through the exits at the "
        "end. Now a real game against the rules bot, with tips.",
    ),
)
