"""The bus between processes carries every message a client can make, through the real
Redis: JSON text in, the same message out, a lone surrogate included (a client may send
``"\\ud800"``; the fast encoder refuses it and the fallback keeps it as it is, which is
no UTF-8)."""

from __future__ import annotations

import asyncio
import os
import uuid
from typing import Any

from spieltisch.server.cluster import Bus
from spieltisch.server.live import Shared

REDIS_URL = os.environ.get("SPIELTISCH_TEST_REDIS", "redis://127.0.0.1:6379/0")


async def _carry(messages: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    prefix = f"test:bus:{uuid.uuid4().hex}:"
    heard: list[dict[str, Any]] = []
    got = asyncio.Event()

    def hear(message: dict[str, Any]) -> None:
        heard.append(message)
        if len(heard) == len(messages):
            got.set()

    sender = Bus(REDIS_URL, prefix, "a", lambda m: None, lambda: None)
    receiver = Bus(REDIS_URL, prefix, "b", hear, lambda: None)
    await receiver.start()
    try:
        for kind, message in messages:
            if kind == "down":
                assert await sender.send_down("b", "c1", message)
            else:
                assert await sender.send("b", message)
        await asyncio.wait_for(got.wait(), 10)
    finally:
        assert receiver.reader is not None
        receiver.reader.cancel()
        await sender.redis.aclose()
        await receiver.redis.aclose()
    return heard


def test_the_bus_carries_what_clients_send_and_tables_say() -> None:
    up = {"k": "up", "c": "c1", "m": {"type": "chat", "text": "Grüße \ud800 und €"}}
    step = Shared(type="step", ply=3, view={"board": [["a1", None]]}, text="Hallo ü")
    odd = {"type": "chat", "text": "broken \udfff"}
    heard = asyncio.run(_carry([("send", up), ("down", step), ("down", odd)]))
    assert heard == [
        up,
        {"k": "down", "c": "c1", "m": dict(step)},
        {"k": "down", "c": "c1", "m": odd},
    ]
