"""Words for people, in the two languages of the table.

Everything a game declares for players to read (option labels, help, choice names, setup
errors) is a :class:`Text`: German and English side by side, so no face invents its own
wording and a missing translation is a type error, not a blank on the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from mypy_extensions import mypyc_attr

LANGS: Final = ("de", "en")


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Text:
    """One phrase in German and English."""

    de: str
    en: str

    def __str__(self) -> str:
        return self.en

    def get(self, lang: str) -> str:
        """The phrase in ``lang`` (English for any other language).

        >>> Text("Einsatz", "Stake").get("de")
        'Einsatz'
        """
        return self.de if lang == "de" else self.en

    def to_json(self) -> dict[str, str]:
        return {"de": self.de, "en": self.en}


ENGINE_RULE_TEXTS: Final = {
    "ENGINE-OVER": Text(
        "Das Spiel ist vorbei: es wird kein Zug mehr gespielt.",
        "The game is over: no more moves are played.",
    ),
    "ENGINE-SEAT": Text(
        "Diesen Platz gibt es an diesem Tisch nicht.",
        "There is no such seat at this table.",
    ),
    "ENGINE-RESIGN": Text(
        "Wer aufgegeben hat, kann nicht noch einmal aufgeben.",
        "A player who has resigned cannot resign again.",
    ),
}
"""What the rules every game shares say (a move after the end, a seat that does not
exist); each game's ``rule_texts`` includes them, so every refusal has its words."""
