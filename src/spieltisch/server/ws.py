"""The live websocket: one per browser tab, bound to a seat by its token or spectating.

Protocol (JSON text frames). The client first sends ``{"type": "hello", "token": str |
null}``; the server answers ``welcome`` (table, own view, own log). Then the client
sends ``{"type": "act", "action": "flip c4", "ply": 12}``, ``{"type": "ping"}`` or
``{"type": "take_back"}`` (a seat the host handed to a bot plays again itself), and
receives ``step`` (after every action: own view, visible events), ``table`` (seats
changed) and ``error`` (``code``, ``message``, ``text`` in German and English, ``rule``
for illegal actions). A refused message changes nothing and keeps the socket. The token
travels in the first message, not the URL, so it never lands in access logs. A page of
another site (its ``Origin``) gets ``auth/origin`` and no socket.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from . import bell
from .errors import ApiError, ErrorCode
from .live import CLOSE_POLICY, Connection
from .security import TokenBucket, origin_allowed
from .settings import Settings
from .tables import TableManager

router = APIRouter()
log = logging.getLogger("spieltisch.ws")


def _error(err: ApiError) -> dict[str, Any]:
    return {"type": "error", **err.to_json()}


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
        await ws.send_json(_error(err))
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
        live, seat = await manager.seat_for(table_id[:32], token)
    except (TimeoutError, WebSocketDisconnect):
        await ws.close(CLOSE_POLICY)
        return
    except ApiError as err:
        await ws.send_json(_error(err))
        await ws.close(CLOSE_POLICY)
        return
    conn = Connection(ws, seat)
    conn.writer = asyncio.create_task(conn.drain())
    await manager.attach(live, conn)
    bucket = TokenBucket(settings.ws_rate, settings.ws_burst)
    try:
        while True:
            frame = await ws.receive()
            if frame.get("type") == "websocket.disconnect":
                break
            try:
                if not bucket.take():
                    raise ApiError(ErrorCode.REQUEST_RATE_LIMITED, "too many messages; slow down")
                msg = _parse(frame, settings.max_message_bytes)
                if msg["type"] == "act":
                    await manager.act(live, seat, msg.get("action"), msg.get("ply"))
                elif msg["type"] == "ping":
                    bell.pong(live, conn, msg, manager.clock.now())
                elif msg["type"] == "sync":
                    await bell.synced(live, conn, msg, manager.clock.now())
                elif msg["type"] == "ring":
                    await bell.ring(live, conn, msg)
                elif msg["type"] == "take_back":
                    await manager.take_back(live, seat)
                else:
                    raise ApiError(
                        ErrorCode.MESSAGE_UNKNOWN_TYPE, f"unknown message type {msg['type']!r}"
                    )
            except ApiError as err:
                if err.code is ErrorCode.ACTION_ILLEGAL:
                    log.info("action refused", extra={"table": live.id, "rule": err.rule})
                conn.send(_error(err))
            except Exception:  # a bug answers this message, it does not drop the socket
                log.exception("message failed", extra={"table": live.id})
                conn.send(_error(ApiError(ErrorCode.SERVER_INTERNAL, "internal server error")))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        await manager.detach(live, conn)
        conn.close()
