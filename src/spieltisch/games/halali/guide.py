"""Halali's rules panel: the Kosmos rulebook and our rulings in short, the tile values and
who captures whom (the rulebook's own table), and what the board's marks mean."""

from __future__ import annotations

from typing import Final

from spieltisch.engine.guide import Entry, Grid, Guide, Section
from spieltisch.engine.text import Text as T

ANY = T("beliebig", "any")
NONE = T("–", "–")

GUIDE: Final = Guide(
    (
        Section(
            "summary",
            T("Kurz gefasst", "In short"),
            paragraphs=(
                T(
                    "Blau führt Bären und Füchse, Braun Holzfäller und Jäger; Enten, Fasane "
                    "und Bäume sind neutral. Alle 48 Kärtchen liegen zu Beginn verdeckt im "
                    "Wald, das Mittelfeld e5 bleibt leer. Blau beginnt, dann wird "
                    "abgewechselt.",
                    "Blue leads the bears and foxes, Brown the woodcutters and hunters; "
                    "ducks, pheasants and trees are neutral. All 48 tiles start face down in "
                    "the forest, the centre e5 stays empty. Blue begins, then the players "
                    "alternate.",
                ),
                T(
                    "Wer am Zug ist, deckt ein verdecktes Kärtchen auf oder bewegt ein "
                    "aufgedecktes: in gerader Richtung über beliebig viele leere Felder, Bär "
                    "und Holzfäller nur 1 Feld, Bäume nie. Eigene Kärtchen bewegt nur ihr "
                    "Spieler, Enten und Fasane beide Spieler.",
                    "On your turn you flip a face-down tile or move a face-up one: straight "
                    "over any number of empty squares, bear and woodcutter only 1 square, "
                    "trees never. Coloured tiles are moved only by their player, ducks and "
                    "pheasants by both.",
                ),
                T(
                    "Geschlagen wird, indem man auf das Feld des Kärtchens zieht; es gibt "
                    "keinen Schlagzwang. Das geschlagene Kärtchen gehört dem, der es "
                    "geschlagen hat, und zählt seine Punkte.",
                    "You capture by moving onto the tile's square; capturing is never "
                    "compulsory. The captured tile goes to the capturer and scores its points "
                    "for him.",
                ),
                T(
                    "Ist das letzte Kärtchen aufgedeckt, beginnt die Endphase: noch 10 Züge, "
                    "abwechselnd (je 5). Nur jetzt dürfen Kärtchen der eigenen Farbe durch "
                    "einen Ausgang (a5, i5, e9, e1) den Wald verlassen; sie zählen wie "
                    "geschlagene. Sind alle Kärtchen aufgedeckt und hat ein Spieler keines "
                    "seiner Farbe mehr im Wald, oder kann gar kein Kärtchen mehr ziehen, "
                    "endet das Spiel sofort.",
                    "When the last tile is revealed the end phase begins: 10 more moves, "
                    "alternating (5 each). Only now may tiles of your own colour leave the "
                    "forest through an exit (a5, i5, e9, e1); they score like captured ones. "
                    "When all tiles are revealed and a player has none of his colour left in "
                    "the forest, or no tile at all can move, the game ends at once.",
                ),
                T(
                    "Wer die höchste Summe hat, gewinnt; bei Gleichstand (Kosmos) der mit "
                    "mehr Kärtchen. Nach Kosmos wird gleich noch einmal mit vertauschten "
                    "Rollen gespielt und beide Ergebnisse werden zusammengezählt; nach "
                    "Brettspielnetz zählt ein Spiel.",
                    "The higher total wins; on a tie (Kosmos) the player with more tiles. "
                    "Under Kosmos rules a second game follows at once with the roles swapped "
                    "and both results are added; under Brettspielnetz rules one game counts.",
                ),
            ),
            rules=(
                "HA §Spielvorbereitungen",
                "HA §Spielverlauf",
                "HA §1",
                "HA §2",
                "HA-R4",
                "HA-R6",
                "HA-R7",
                "HA-R8",
            ),
        ),
        Section(
            "values",
            T("Kärtchen und Punkte", "Tiles and points"),
            grid=Grid(
                (
                    T("Kärtchen", "Tile"),
                    T("Anzahl", "Count"),
                    T("Punkte", "Points"),
                    T("Zugweite", "Moves"),
                ),
                (
                    (T("Bär (blau)", "Bear (blue)"), T("2", "2"), T("10", "10"), T("1", "1")),
                    (T("Fuchs (blau)", "Fox (blue)"), T("6", "6"), T("5", "5"), ANY),
                    (
                        T("Holzfäller (braun)", "Woodcutter (brown)"),
                        T("2", "2"),
                        T("5", "5"),
                        T("1", "1"),
                    ),
                    (T("Jäger (braun)", "Hunter (brown)"), T("8", "8"), T("5", "5"), ANY),
                    (T("Fasan", "Pheasant"), T("8", "8"), T("3", "3"), ANY),
                    (T("Ente", "Duck"), T("7", "7"), T("2", "2"), ANY),
                    (T("Baum", "Tree"), T("15", "15"), T("2", "2"), T("0", "0")),
                ),
            ),
        ),
        Section(
            "captures",
            T("Wer schlägt wen", "Who captures whom"),
            grid=Grid(
                (
                    T("Kärtchen", "Tile"),
                    T("schlägt", "captures"),
                    T("wird geschlagen von", "is captured by"),
                ),
                (
                    (
                        T("Bär", "Bear"),
                        T("Holzfäller, Jäger", "woodcutter, hunter"),
                        T("Jäger", "hunter"),
                    ),
                    (T("Fuchs", "Fox"), T("Fasan, Ente", "pheasant, duck"), T("Jäger", "hunter")),
                    (T("Holzfäller", "Woodcutter"), T("Baum", "tree"), T("Bär", "bear")),
                    (
                        T("Jäger", "Hunter"),
                        T(
                            "Bär, Fuchs, Fasan, Ente – nur in Schussrichtung",
                            "bear, fox, pheasant, duck – only where his gun points",
                        ),
                        T("Bär", "bear"),
                    ),
                    (T("Fasan", "Pheasant"), NONE, T("Fuchs, Jäger", "fox, hunter")),
                    (T("Ente", "Duck"), NONE, T("Fuchs, Jäger", "fox, hunter")),
                    (T("Baum", "Tree"), NONE, T("Holzfäller", "woodcutter")),
                ),
            ),
            paragraphs=(
                T(
                    "Der Jäger zieht auf leere Felder in jede Richtung, schlägt aber nur "
                    "in Richtung seines Gewehrs, auf jede Entfernung. Niemand schlägt die "
                    "eigene Farbe; verdeckte Kärtchen kann niemand schlagen.",
                    "The hunter moves onto empty squares in any direction but captures only "
                    "the way his gun points, at any distance. Nobody captures his own "
                    "colour; nobody captures a face-down tile.",
                ),
            ),
            rules=("HA-R2", "HA-R3", "HA-R4"),
        ),
        Section(
            "special",
            T("Worauf man achten muss", "Watch out for"),
            entries=(
                Entry(
                    T("Hin und her", "Back and forth"),
                    T(
                        "Ein eigenes Kärtchen darf im nächsten eigenen Zug nicht auf das "
                        "Feld zurück, von dem es kam. Eine Ente oder einen Fasan, die der "
                        "andere gerade aufgedeckt oder bewegt hat, darfst du nicht sofort "
                        "bewegen (schlagen darfst du sie).",
                        "A tile of yours may not go back in your next turn to the square it "
                        "came from. A duck or pheasant the other player has just revealed or "
                        "moved you may not move at once (you may capture it).",
                    ),
                    rule="HA-R5",
                ),
                Entry(
                    T("Verdeckte Kärtchen", "Face-down tiles"),
                    T(
                        "versperren den Weg und werden erst aufgedeckt.",
                        "block the way until they are revealed.",
                    ),
                    rule="HA-R3",
                ),
                Entry(
                    T("Passen", "Passing"),
                    T(
                        "nur, wer keinen Zug hat; in der Endphase zählt es als Zug.",
                        "only without a move; in the end phase it counts as a move.",
                    ),
                    rule="HA-R7",
                ),
                Entry(
                    T("Aufgeben", "Resigning"),
                    T(
                        "verliert die ganze Partie, bei Kosmos beide Spiele.",
                        "loses the whole match, both games under Kosmos rules.",
                    ),
                    rule="HA-R9",
                ),
            ),
        ),
        Section(
            "legend",
            T("Zeichen am Tisch", "Marks at the table"),
            entries=(
                Entry(
                    T("Blau", "Blue"),
                    T("Bären und Füchse; zieht zuerst.", "bears and foxes; moves first."),
                    mark="chip blue",
                ),
                Entry(
                    T("Braun", "Brown"),
                    T("Holzfäller und Jäger.", "woodcutters and hunters."),
                    mark="chip brown",
                ),
                Entry(T("du", "you"), T("dein Platz.", "your seat."), mark="badge"),
                Entry(
                    T("Pfeil am Jäger", "Arrow on a hunter"),
                    T(
                        "die Schussrichtung; sie ändert sich nie.",
                        "where his gun points; it never changes.",
                    ),
                    rule="HA-R2",
                    mark="hunter",
                ),
                Entry(
                    T("Gelber Rahmen", "Yellow frame"),
                    T("das gewählte Kärtchen.", "the tile you chose."),
                    mark="square sel",
                ),
                Entry(
                    T("Gelber Punkt", "Yellow dot"),
                    T(
                        "ein leeres Feld, auf das das gewählte Kärtchen ziehen kann.",
                        "an empty square the chosen tile can move to.",
                    ),
                    mark="square dot",
                ),
                Entry(
                    T("Gelb gestrichelter Rahmen", "Yellow dashed frame"),
                    T(
                        "ein Kärtchen, das das gewählte schlagen kann.",
                        "a tile the chosen one can capture.",
                    ),
                    rule="HA-R4",
                    mark="square hit",
                ),
                Entry(
                    T("Weiß gestrichelter Rahmen", "White dashed frame"),
                    T("die Felder des letzten Zugs.", "the squares of the last move."),
                    mark="square last",
                ),
                Entry(
                    T("Gelber Kreis in der Ecke", "Yellow circle in the corner"),
                    T(
                        "diese Ente oder diesen Fasan hat der andere gerade aufgedeckt oder "
                        "bewegt: du darfst sie jetzt nicht bewegen, aber schlagen.",
                        "the other player has just revealed or moved this duck or pheasant: "
                        "you may not move it now, but you may capture it.",
                    ),
                    rule="HA-R5",
                    mark="square lock",
                ),
                Entry(
                    T("Heller Ausgang", "Bright exit"),
                    T(
                        "Endphase: hier dürfen eigene Kärtchen hinaus.",
                        "end phase: your own tiles may leave here.",
                    ),
                    rule="HA-R6",
                    mark="exit",
                ),
            ),
        ),
    )
)
