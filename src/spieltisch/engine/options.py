"""Rule options: declared once per game, validated at load time.

A game declares its options as :class:`Option` values in its descriptor, with what a
player reads about them (label, help, the name of every choice) in German and English
and the limits of their values. ``validate`` turns the keyword arguments of
``spieltisch.load`` into a complete, checked dict, so a bad option is refused before a
game starts, never in the middle of one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from .errors import InvalidOption
from .text import Text

KIND_WORDS = {
    bool: Text("an (ja) oder aus (nein)", "on (true) or off (false)"),
    int: Text("eine ganze Zahl", "a whole number"),
    str: Text("ein Text", "a text"),
}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Choice:
    """One allowed value of an option, with its name for players."""

    value: Any
    label: Text

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "label": self.label.to_json()}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Option:
    """One rule option of a game."""

    name: str
    """Keyword used in ``spieltisch.load(game, name=value)``."""
    default: Any
    """Value used when the option is not given."""
    label: Text
    """Short name for players, e.g. "Einsatz" / "Stake"."""
    help: Text
    """What the option changes and which rule it comes from, for players."""
    kind: type = object
    """Required type of the value (``bool``, ``int``, ``str``)."""
    choices: tuple[Choice, ...] | None = None
    """Allowed values with their names; ``None`` means any value of ``kind``."""
    minimum: int | None = None
    maximum: int | None = None
    """Limits of an ``int`` option (inclusive)."""
    rule: str | None = None
    """The rule id the option belongs to, if any."""

    @property
    def doc(self) -> str:
        """The English help, for command-line listings."""
        return self.help.en

    def values(self) -> tuple[Any, ...] | None:
        return None if self.choices is None else tuple(c.value for c in self.choices)

    def _refuse(self, de: str, en: str) -> InvalidOption:
        return InvalidOption(
            Text(f"Option „{self.label.de}“: {de}", f"option {self.name!r}: {en}"),
            option=self.name,
            rule=self.rule,
        )

    def check(self, value: Any) -> Any:
        """``value`` if it is allowed.

        :raises InvalidOption: naming this option, in German and English.
        """
        if self.kind is not object and (
            not isinstance(value, self.kind) or (self.kind is int and isinstance(value, bool))
        ):
            words = KIND_WORDS.get(self.kind, Text(self.kind.__name__, self.kind.__name__))
            raise self._refuse(
                f"erwartet {words.de}, nicht {value!r}",
                f"must be of type {self.kind.__name__} ({words.en}), got {value!r}",
            )
        if self.choices is not None and value not in self.values():  # type: ignore[operator]
            de = ", ".join(f"„{c.label.de}“" for c in self.choices)
            en = ", ".join(repr(c.value) for c in self.choices)
            raise self._refuse(
                f"erlaubt sind {de}, nicht {value!r}", f"must be one of {en}, got {value!r}"
            )
        if self.minimum is not None and value < self.minimum:
            raise self._refuse(
                f"mindestens {self.minimum}, nicht {value!r}",
                f"must be at least {self.minimum}, got {value!r}",
            )
        if self.maximum is not None and value > self.maximum:
            raise self._refuse(
                f"höchstens {self.maximum}, nicht {value!r}",
                f"must be at most {self.maximum}, got {value!r}",
            )
        return value

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "type": self.kind.__name__,
            "label": self.label.to_json(),
            "help": self.help.to_json(),
            "choices": None if self.choices is None else [c.to_json() for c in self.choices],
            "minimum": self.minimum,
            "maximum": self.maximum,
            "rule": self.rule,
        }


def validate(game: str, declared: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Complete ``given`` with defaults and check every value.

    :raises InvalidOption: on an unknown name or a bad value.
    """
    known = {o.name: o for o in declared}
    for name in given:
        if name not in known:
            names = ", ".join(sorted(known)) or "none"
            raise InvalidOption(
                Text(
                    f"{game} kennt keine Option {name!r} (Optionen: {names})",
                    f"{game} has no option {name!r} (options: {names})",
                ),
                option=str(name),
            )
    return {o.name: o.check(given.get(o.name, o.default)) for o in declared}
