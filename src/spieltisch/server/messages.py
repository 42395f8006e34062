"""What a client's message does at its table, wherever its socket is.

One function for every socket of a table: those connected to this process and those
relayed from another process of a cluster (``spieltisch.server.cluster``), so a message
means the same whichever process the browser reached.
"""

from __future__ import annotations

import logging
from typing import Any

from . import bell, chat, life
from .errors import ApiError, ErrorCode
from .live import Connection, LiveTable
from .tables import TableManager

log = logging.getLogger("spieltisch.ws")


def _is_resign(action: Any) -> bool:
    """An ``act`` that resigns takes the same way as a ``resign`` message (its seat goes
    to a stand-in bot when the game goes on)."""
    return isinstance(action, str) and action.strip().lower() == "resign"


def error_message(err: ApiError) -> dict[str, Any]:
    return {"type": "error", **err.to_json()}


async def handle(
    manager: TableManager, live: LiveTable, conn: Connection, msg: dict[str, Any]
) -> None:
    """Carry out one parsed message of ``conn``; a refusal or a bug answers it with an
    ``error`` and leaves the socket open."""
    try:
        kind = msg["type"]
        if kind == "resign" or (kind == "act" and _is_resign(msg.get("action"))):
            await life.resign(manager, live, conn.seat)
        elif kind == "act":
            await manager.act(live, conn.seat, msg.get("action"), msg.get("ply"))
        elif kind == "ping":
            bell.pong(live, conn, msg, manager.clock.now())
        elif kind == "sync":
            await bell.synced(live, conn, msg, manager.clock.now())
        elif kind == "ring":
            await bell.ring(live, conn, msg)
        elif kind == "take_back":
            await manager.take_back(live, conn.seat)
        elif kind == "chat":
            limits = manager.ctx.chat_limits
            await chat.post(manager.store, manager.settings, limits, live, conn, msg)
        else:
            raise ApiError(ErrorCode.MESSAGE_UNKNOWN_TYPE, f"unknown message type {kind!r}")
    except ApiError as err:
        if err.code is ErrorCode.ACTION_ILLEGAL:
            log.info("action refused", extra={"table": live.id, "rule": err.rule})
        manager.ctx.meters.refused(err.code)
        conn.send(error_message(err))
    except Exception:  # a bug answers this message, it does not drop the socket
        log.exception("message failed", extra={"table": live.id})
        manager.ctx.meters.refused(ErrorCode.SERVER_INTERNAL)
        conn.send(error_message(ApiError(ErrorCode.SERVER_INTERNAL, "internal server error")))
