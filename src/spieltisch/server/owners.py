"""Who runs which table when several processes share one database: what the table
manager needs to know of a cluster.

The table manager depends on this small protocol, not on :class:`.cluster.Cluster`
itself: the cluster builds on the manager (it relays sockets to the manager's tables and
asks it to adopt orphans), so the manager must not build on the cluster.
"""

from __future__ import annotations

from typing import Any, Protocol


class Owners(Protocol):
    """This process's part in deciding who owns a table (a cluster's leases)."""

    @property
    def me(self) -> str:
        """This process's name in the leases."""
        ...

    async def claim(self, table_ids: list[str]) -> set[str]:
        """Take those of ``table_ids`` that have no live owner; returns those ours now."""
        ...

    async def owner(self, table_id: str) -> str | None:
        """The live process that owns ``table_id``, if any."""
        ...

    async def release(self, table_id: str) -> None:
        """Give up this process's lease of ``table_id``."""
        ...

    async def alive(self, processes: list[str]) -> set[str]:
        """Which of ``processes`` are alive (their heartbeats are fresh)."""
        ...

    async def call(self, owner: str, method: str, **kwargs: Any) -> Any:
        """Ask ``owner`` to run one of the table manager's lobby methods."""
        ...
