"""A request body must arrive within a deadline, or the request ends with 408.

uvicorn waits for a declared body as long as the client keeps the connection open, so a
client sending one byte a minute holds a connection and a task forever (slowloris). This
ASGI middleware gives the body ``seconds`` from the moment the headers arrived; a late
body is answered ``request/timeout`` and the connection is closed.
"""

from __future__ import annotations

import asyncio

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyDeadline:
    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        deadline = asyncio.get_running_loop().time() + self.seconds
        complete = False

        async def timed_receive() -> Message:
            nonlocal complete
            if complete:  # after the body: waiting for a disconnect is not a body read
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                raise HTTPException(
                    408, f"the request body did not arrive within {self.seconds:g} s"
                ) from None
            if message["type"] != "http.request" or not message.get("more_body", False):
                complete = True
            return message

        await self.app(scope, timed_receive, send)
