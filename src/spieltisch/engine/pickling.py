"""The engine's default ``State.clone``: a pickle round trip that shares the rule set.

Kept out of the compiled rules core (``spieltisch.rulescore.NOT_COMPILED``): mypyc
cannot compile a subclass of the C pickler.
"""

from __future__ import annotations

import io
import pickle
from typing import Any, TypeVar

T = TypeVar("T")


class _SharedPickler(pickle.Pickler):
    """Pickles an object but refers to ``shared`` instead of copying it."""

    def __init__(self, file: io.BytesIO, shared: object) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.shared = shared

    def persistent_id(self, obj: Any) -> str | None:
        return "shared" if obj is self.shared else None


class _SharedUnpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, shared: object) -> None:
        super().__init__(file)
        self.shared = shared

    def persistent_load(self, pid: Any) -> object:
        return self.shared


def copy_sharing(obj: T, shared: object) -> T:
    """A deep copy of ``obj`` in which ``shared`` stays the very same object."""
    buffer = io.BytesIO()
    _SharedPickler(buffer, shared).dump(obj)
    buffer.seek(0)
    copy: T = _SharedUnpickler(buffer, shared).load()
    return copy
