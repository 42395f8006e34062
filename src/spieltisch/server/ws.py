"""The live websocket: one per browser tab, bound to a seat by its token or spectating.

Protocol (JSON text frames). The client first sends ``{"type": "hello", "token": str |
null}``; the server answers ``welcome`` (table, own view, own log, the chat it may
read). Then the client sends ``{"type": "act", "action": "flip c4", "ply": 12}``,
``{"type": "ping"}``, ``{"type": "take_back"}`` (a seat the host handed to a bot plays
again itself), ``{"type": "resign"}`` (:mod:`.life`) or ``{"type": "chat", "quick":
"gg"}`` / ``{"type": "chat", "text": str}`` (:mod:`.chat`), and receives ``chat``
(``message``: id, seat, name, at, quick or text), ``step`` (after every action: own
view, visible events), ``table`` (seats changed), ``rematch`` (``next``: the finished
table's rematch) and ``error`` (``code``, ``message``, ``text`` in German and English,
``rule`` for illegal actions). A refused message changes nothing and keeps the socket. The token
travels in the first message, not the URL, so it never lands in access logs. A page of
another site (its ``Origin``) gets ``auth/origin`` and no socket. With several server
processes (:mod:`.cluster`), a socket whose table another process runs is relayed there
after these checks; the browser sees no difference.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from . import tcpinfo
from .cluster import Cluster
from .errors import ApiError, ErrorCode
from .live import CLOSE_POLICY, Connection
from .messages import error_message, handle
from .security import TokenBucket, origin_allowed
from .settings import Settings
from .tableid import is_table_id
from .tables import TableManager

router = APIRouter()
log = logging.getLogger("spieltisch.ws")


def _parse(frame: Mapping[str, Any], limit: int) -> dict[str, Any]:
    """One client message as a dict, or an ApiError saying what is wrong with it."""
    text = frame.get("text")
    if text is None:
        raise ApiError(ErrorCode.MESSAGE_MALFORMED, "messages are JSON text frames")
    if len(text.encode("utf-8", "replace")) > limit:
        raise ApiError(ErrorCode.MESSAGE_TOO_LARGE, f"messages are at most {limit} bytes")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ApiError(ErrorCode.MESSAGE_MALFORMED, "a message must be valid JSON") from exc
    except RecursionError as exc:  # "[[[[...": the parser gives up, the socket stays
        raise ApiError(ErrorCode.MESSAGE_MALFORMED, "a message is nested too deeply") from exc
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ApiError(ErrorCode.MESSAGE_MALFORMED, 'a message is an object with a "type"')
    return data


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    manager: TableManager = ws.app.state.manager
    settings: Settings = ws.app.state.settings
    await ws.accept()
    also = (settings.public_url, settings.lan_url)
    if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), also):
        err = ApiError(ErrorCode.AUTH_ORIGIN, "connections from other sites are refused")
        ws.app.state.meters.refused(err.code)
        await ws.send_json(error_message(err))
        await ws.close(CLOSE_POLICY)
        return
    try:
        frame = await asyncio.wait_for(ws.receive(), settings.hello_timeout)
        if frame.get("type") == "websocket.disconnect":
            return
        hello = _parse(frame, settings.max_message_bytes)
        token = hello.get("token")
        if hello["type"] != "hello" or not (token is None or isinstance(token, str)):
            raise ApiError(
                ErrorCode.MESSAGE_HELLO_EXPECTED, 'say {"type": "hello", "token": ...} first'
            )
        if not is_table_id(table_id):
            raise ApiError(ErrorCode.TABLE_NOT_FOUND, "there is no such table")
        owner = await manager.owner_elsewhere(table_id)
        if owner is None:
            live, seat = await manager.seat_for(table_id, token)
    except (TimeoutError, WebSocketDisconnect):
        await ws.close(CLOSE_POLICY)
        return
    except ApiError as err:
        retry = err.code is ErrorCode.SERVER_PEER_DOWN
        if retry:
            log.info("socket closed (1012): %s", err.message, extra={"table": table_id})
        ws.app.state.meters.refused(err.code)
        await ws.send_json(error_message(err))
        await ws.close(1012 if retry else CLOSE_POLICY)
        return
    if owner is not None:
        await _relay(ws, manager, settings, table_id, owner, token)
        return
    conn = Connection(ws, seat, table=table_id)
    conn.writer = asyncio.create_task(conn.drain())
    await manager.attach(live, conn)
    try:
        await _read(ws, conn, settings, lambda msg: handle(manager, live, conn, msg))
    finally:
        conn.close()
        # Shielded: a handler cancelled as its socket goes (a server's or a test client's
        # task group cancels it, and every await inside is cancelled again) must still
        # take its seat offline, or a deserted table would look attended for ever.
        await asyncio.shield(manager.detach(live, conn))


async def _relay(
    ws: WebSocket,
    manager: TableManager,
    settings: Settings,
    table_id: str,
    owner: str,
    token: str | None,
) -> None:
    """Serve a socket whose table another process owns: its messages go there, checked
    and rate-limited here first; everything the owner sends comes back through here."""
    cluster: Cluster | None = ws.app.state.cluster
    assert cluster is not None
    conn = Connection(ws, None, table=table_id)
    conn.writer = asyncio.create_task(conn.drain())
    kernel = tcpinfo.kernel_rtt(ws, settings.bell_tcp_rtt, settings.forwarded_allow_ips)
    relay = await cluster.relay_open(conn, table_id, owner, token, kernel)
    try:
        await _read(ws, conn, settings, relay.forward)
    finally:
        conn.close()
        await asyncio.shield(cluster.relay_close(relay))  # as for a local socket, above


async def _read(
    ws: WebSocket,
    conn: Connection,
    settings: Settings,
    handle_message: Callable[[dict[str, Any]], Awaitable[None]],
) -> None:
    """Read a socket's messages until it closes: each one rate-limited and parsed, then
    handled; a bad one is answered with an error and the socket stays."""
    bucket = TokenBucket(settings.ws_rate, settings.ws_burst)
    try:
        while True:
            frame = await ws.receive()
            if frame.get("type") == "websocket.disconnect":
                return
            try:
                if not bucket.take():
                    raise ApiError(ErrorCode.REQUEST_RATE_LIMITED, "too many messages; slow down")
                msg = _parse(frame, settings.max_message_bytes)
            except ApiError as err:
                ws.app.state.meters.refused(err.code)
                conn.send(error_message(err))
                continue
            await handle_message(msg)
    except (WebSocketDisconnect, RuntimeError):
        pass
