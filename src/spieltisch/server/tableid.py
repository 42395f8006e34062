"""The one type of a table id in a route's path, checked before any route runs.

Table ids are short url-safe texts (:func:`.security.new_table_id`). A path whose id
cannot be a table's (too long, or odd characters) is answered like an unknown table,
``table/not_found`` with 404 (:func:`.errors.install` does that for every route with a
``table_id``), and never reaches the store.
"""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import Path

MAX_LENGTH = 32
"""Longer than any id the server makes (12 characters) and than any it ever made."""

PATTERN = r"^[\w-]+$"

PARAMETER = "table_id"
"""The name of the path parameter in every route with a table id."""

TableId = Annotated[str, Path(max_length=MAX_LENGTH, pattern=PATTERN)]
"""A route's table id (declare the parameter as ``table_id: TableId``)."""

_SHAPE = re.compile(PATTERN)


def is_table_id(text: str) -> bool:
    """Whether ``text`` could be a table's id (the socket's path checks it so).

    >>> is_table_id("Vq3x-_9aZk1e"), is_table_id("a" * 33), is_table_id("a.b")
    (True, False, False)
    """
    return len(text) <= MAX_LENGTH and _SHAPE.match(text) is not None
