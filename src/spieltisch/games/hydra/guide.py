"""Hydra's rules panel: the official rule document and our rulings in short, the trump
order, card points and scoring a player checks while playing, and the table's badges."""

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
                    "Fünf Spieler (zu sechst setzt der Geber aus), 50 Karten: 9, 10, Bube, "
                    "Dame, König, Ass in Karo, Herz, Pik und Kreuz, jede doppelt, dazu zwei "
                    "Hydren (Joker). Jeder bekommt 10 Karten.",
                    "Five players (with six the dealer sits out), 50 cards: 9, 10, jack, "
                    "queen, king, ace in diamonds, hearts, spades and clubs, each twice, plus "
                    "two Hydras (jokers). Everyone gets 10 cards.",
                ),
                T(
                    "Ansagen, beginnend nach dem Geber: Morbus (ein Vorbehalt: Solo oder "
                    "Antrag) oder Valeo (keiner). Armut (höchstens ein Standardtrumpf oder "
                    "mindestens fünf Neunen) lässt neu geben. Sagen alle Valeo, wird ein "
                    "gesundes Spiel gespielt; ein Solo geht vor einem Antrag.",
                    "Declarations, starting after the dealer: Morbus (a reservation: Solo or "
                    "Antrag) or Valeo (none). Armut (at most one standard trump or at least "
                    "five nines) has the cards dealt again. If all say Valeo, a healthy game "
                    "is played; a Solo beats an Antrag.",
                ),
                T(
                    "Antrag: wer beide Pik- oder beide Kreuz-Damen hat, legt sie verdeckt ab "
                    "und eine dritte Karte offen dazu; wer annimmt, nimmt die drei Karten, "
                    "gibt drei zurück und spielt mit ihm. Lehnen alle ab, wird gesund "
                    "gespielt.",
                    "Antrag: who holds both queens of spades or both of clubs lays them face "
                    "down with a third card face up; who accepts takes the three cards, gives "
                    "three back and plays with him. If all decline, a healthy game is played.",
                ),
                T(
                    "Parteien: Solo – der Solist gegen vier; Antrag – zwei gegen drei; "
                    "gesundes Spiel – die Halter der Pik-Damen, die Halter der Kreuz-Damen "
                    "(zusammengelegt, wenn einer beide Farben hat) und der Rest. Wer zu wem "
                    "gehört, zeigt sich, wenn die Damen fallen.",
                    "Parties: Solo – the soloist against four; Antrag – two against three; "
                    "healthy game – the holders of the queens of spades, the holders of the "
                    "queens of clubs (merged when one holds both) and the rest. Who is with "
                    "whom shows as queens are played.",
                ),
                T(
                    "Gespielt wird im Uhrzeigersinn; der Spieler nach dem Geber spielt aus. "
                    "Die ausgespielte Farbe muss bedient werden (Trumpf auf Trumpf), sonst "
                    "darf man jede Karte spielen. Den Stich gewinnt der höchste Trumpf, sonst "
                    "die höchste Karte der ausgespielten Farbe; von zwei gleichen Karten die "
                    "erste.",
                    "Play goes clockwise; the player after the dealer leads. You must follow "
                    "the suit led (trump on trump), otherwise you may play any card. The "
                    "highest trump wins the trick, else the highest card of the suit led; of "
                    "two identical cards the first.",
                ),
            ),
            rules=("HY 1.0.1", "HY 2.2.2", "HY 2.2.3", "HY 2.3.5", "HY 2.3.8", "HY-R5"),
        ),
        Section(
            "trumps",
            T("Trümpfe (vom höchsten)", "Trumps (highest first)"),
            entries=(
                Entry(
                    T("Gesundes Spiel, Antrag, Normalsolo", "Healthy game, Antrag, normal solo"),
                    T(
                        "Hydra, Herz-10, Kreuz-, Pik-, Herz-, Karo-Dame, Kreuz-, Pik-, Herz-, "
                        "Karo-Bube, Karo-Ass.",
                        "Hydra, ten of hearts, queens of clubs, spades, hearts, diamonds, jacks "
                        "of clubs, spades, hearts, diamonds, ace of diamonds.",
                    ),
                ),
                Entry(
                    T("Farbsolo", "Suit solo"),
                    T(
                        "Hydra, dann Ass, 10, König, Dame, Bube, 9 der Trumpffarbe.",
                        "Hydra, then ace, 10, king, queen, jack, 9 of the trump suit.",
                    ),
                    rule="HY-R2",
                ),
                Entry(
                    T("Trumpfsolo", "Rank solo"),
                    T(
                        "Hydra, dann Kreuz, Pik, Herz, Karo des Trumpfwerts.",
                        "Hydra, then clubs, spades, hearts, diamonds of the trump rank.",
                    ),
                    rule="HY-R2",
                ),
                Entry(
                    T("Fehlfarben", "Plain suits"),
                    T("Ass, 10, König, Dame, Bube, 9.", "ace, 10, king, queen, jack, 9."),
                    rule="HY-R5",
                ),
            ),
        ),
        Section(
            "points",
            T("Augen und Wertung", "Card points and scoring"),
            grid=Grid(
                (T("Karte", "Card"), T("Augen", "Points")),
                (
                    (T("Ass", "Ace"), T("11", "11")),
                    (T("10", "10"), T("10", "10")),
                    (T("König", "King"), T("4", "4")),
                    (T("Dame", "Queen"), T("3", "3")),
                    (T("Bube", "Jack"), T("2", "2")),
                    (T("9, Hydra", "9, Hydra"), T("0", "0")),
                ),
            ),
            paragraphs=(
                T(
                    "240 Augen im Spiel. Zwei Parteien: die Spielpartei braucht 121, die "
                    "Gegenpartei gewinnt mit 120. Wert: 1 für den Sieg, je +1, wenn die "
                    "Verlierer unter 90, unter 60, unter 30 Augen haben, +1, wenn sie keinen "
                    "Stich haben.",
                    "240 points in the game. Two parties: the playing side needs 121, the "
                    "other side wins with 120. Value: 1 for winning, +1 each if the losers "
                    "have under 90, under 60, under 30, +1 if they took no trick.",
                ),
                T(
                    "Nicht im Solo: +1 gegen die Alten (die Gegenpartei gewinnt), +1 je Stich "
                    "mit 40 Augen oder mehr (Doppelkopf), +1 je gefangenem Karo-Ass (Fuchs), "
                    "+1 für den letzten Stich mit einem Kreuz-Buben (Karlchen); die "
                    "Sonderpunkte beider Seiten werden verrechnet.",
                    "Not in a solo: +1 against the old ones (the other side wins), +1 per "
                    "trick of 40 or more (Doppelkopf), +1 per ace of diamonds caught (Fuchs), "
                    "+1 for the last trick won with a jack of clubs (Karlchen); both sides' "
                    "specials are netted.",
                ),
                T(
                    "Drei Parteien (Pik, Kreuz, Rest): drei Duelle nach Augen; der Rest "
                    "gewinnt Gleichstände. Abgerechnet wird je Spieler: jeder Gewinner "
                    "bekommt den Wert von jedem Verlierer (der Solist also das Vierfache).",
                    "Three parties (spades, clubs, rest): three duels by points; the rest "
                    "wins ties. Settled per player: each winner gets the value from each "
                    "loser (so the soloist four times).",
                ),
            ),
        ),
        Section(
            "resign",
            T("Aufgeben", "Resigning"),
            paragraphs=(
                T(
                    "Wer aufgibt, hat verloren und steht am Ende hinter allen anderen. Ein Bot "
                    "spielt seine Karten und seinen Platz in der Partei zu Ende, so verliert "
                    "sein Partner nicht deswegen; abgerechnet wird wie sonst.",
                    "Whoever resigns has lost and is ranked below everyone else at the end. A "
                    "bot plays his cards and his place in the party to the end, so his partner "
                    "does not lose because of it; settlement goes on as usual.",
                ),
            ),
            rules=("HY-R11",),
        ),
        Section(
            "legend",
            T("Zeichen am Tisch", "Marks at the table"),
            entries=(
                Entry(
                    T("Geber", "dealer"),
                    T(
                        "gibt in diesem Spiel; nach ihm wird angesagt und ausgespielt.",
                        "deals this game; declaring and leading start after him.",
                    ),
                    rule="HY 1.2.2",
                    mark="tag dealer",
                ),
                Entry(
                    T("setzt aus", "sits out"),
                    T("der Geber am Sechsertisch.", "the dealer at a table of six."),
                    rule="HY 1.0.1",
                    mark="tag",
                ),
                Entry(
                    T("Morbus / Valeo / Armut", "Morbus / Valeo / Armut"),
                    T("was der Spieler angesagt hat.", "what the player declared."),
                    rule="HY 2.2.2",
                    mark="tag",
                ),
                Entry(
                    T("Solo / Antrag", "Solo / Antrag"),
                    T("die Art seines Vorbehalts.", "the kind of his reservation."),
                    rule="HY 2.3.4",
                    mark="tag",
                ),
                Entry(
                    T("Solist / Antragsteller / Partner", "soloist / Antragsteller / partner"),
                    T(
                        "wer das Spiel hat, und wer den Antrag angenommen hat.",
                        "who has the game, and who accepted the Antrag.",
                    ),
                    mark="tag party0",
                ),
                Entry(
                    T("Spielpartei", "playing side"),
                    T(
                        "Solist, Antragspaar oder Damenpartei: braucht 121 Augen.",
                        "soloist, Antrag pair or queen party: needs 121 points.",
                    ),
                    mark="tag party0",
                ),
                Entry(
                    T("Gegenpartei", "opponents"),
                    T("gewinnt schon mit 120 Augen.", "wins with 120 points already."),
                    mark="tag party1",
                ),
                Entry(
                    T("♠D / ♣D am Platz", "♠Q / ♣Q at a seat"),
                    T(
                        "schwarze Damen, die man von diesem Platz kennt (die eigenen und die "
                        "gespielten): so zeigen sich die Parteien im gesunden Spiel.",
                        "black queens known of this seat (your own and those played): so the "
                        "parties of a healthy game show.",
                    ),
                    mark="tag",
                ),
                Entry(
                    T("Gelbe Ecke an einer Karte", "Yellow corner on a card"),
                    T(
                        "die Karte ist in diesem Spiel Trumpf (abschaltbar).",
                        "the card is a trump in this game (can be switched off).",
                    ),
                    rule="HY-R5",
                    mark="card trump",
                ),
            ),
        ),
    )
)
