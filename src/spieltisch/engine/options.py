"""Rule options: declared once per game, validated at load time.

A game declares its options as :class:`Option` values in its metadata. ``validate``
turns the keyword arguments of ``spieltisch.load`` into a complete, checked dict, so a
bad option is refused before a game starts, never in the middle of one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InvalidOption


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option of a game."""

    name: str
    """Keyword used in ``spieltisch.load(game, name=value)``."""
    default: Any
    """Value used when the option is not given."""
    doc: str
    """What the option changes and which rule or document it comes from."""
    choices: tuple[Any, ...] | None = None
    """Allowed values; ``None`` means any value of ``kind``."""
    kind: type = object
    """Required type of the value (``bool``, ``int``, ``str``)."""

    def check(self, value: Any) -> Any:
        if self.kind is not object and (
            not isinstance(value, self.kind) or (self.kind is int and isinstance(value, bool))
        ):
            raise InvalidOption(
                f"option {self.name!r} must be of type {self.kind.__name__}, got {value!r}"
            )
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise InvalidOption(f"option {self.name!r} must be one of {allowed}, got {value!r}")
        return value

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "doc": self.doc,
            "choices": list(self.choices) if self.choices is not None else None,
            "type": self.kind.__name__,
        }


def validate(game: str, declared: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Complete ``given`` with defaults and check every value.

    :raises InvalidOption: on an unknown name or a bad value.
    """
    known = {o.name: o for o in declared}
    for name in given:
        if name not in known:
            names = ", ".join(sorted(known)) or "none"
            raise InvalidOption(f"{game} has no option {name!r} (options: {names})")
    return {o.name: o.check(given.get(o.name, o.default)) for o in declared}
