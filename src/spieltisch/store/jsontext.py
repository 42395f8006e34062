"""JSON text, fast: orjson where it can, the standard library where it cannot.

The action path encodes every message for the sockets and every batch of the
write-ahead, and with several processes every relayed message crosses Redis as JSON
both ways; orjson does that several times faster than :mod:`json`. Its output is the
standard library's compact form (``separators=(",", ":")``, not ASCII-escaped). What
orjson refuses and the standard library takes (a lone surrogate, an integer past 64
bits, a key that is not a string) falls back to the standard library: orjson's option
for such keys would double its time.
"""

from __future__ import annotations

import json
from typing import Any

import orjson


def dumps(value: Any) -> str:
    """``value`` as compact JSON text."""
    try:
        return orjson.dumps(value).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def loads(text: str | bytes) -> Any:
    """The value of JSON ``text``; what :func:`dumps` wrote by the standard library's
    way (an integer past 64 bits) is read back by it too.

    :raises ValueError: ``text`` is not JSON.
    """
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)
