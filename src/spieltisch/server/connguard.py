"""Cut connections that hold a socket without asking anything.

uvicorn times out a keep-alive connection only after a response: a connection that
never sends a byte, or sends its request headers a byte at a time, is held for ever, and
enough of them exhaust the process's file descriptors (then ``/healthz`` fails too). Its
HTTP protocol (httptools) is subclassed here with one more timer: from the moment a
connection opens, and from the first byte of every further request, its headers must be
complete within ``header_timeout`` seconds and within ``max_header_bytes`` bytes, else
the connection is closed (oversized headers answered 431 first). The timer stops when
the headers are in: the body has its own timeout (``body_timeout``, :mod:`.app`), a
websocket its hello timeout.
"""

from __future__ import annotations

import asyncio
import logging

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

log = logging.getLogger("spieltisch.server")

TOO_LARGE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
    b"content-length: 0\r\nconnection: close\r\n\r\n"
)


class HeadTooLarge(Exception):
    """Raised inside the parser's callback to stop parsing a refused request."""


class HeaderGuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a deadline and a size cap on request headers."""

    header_timeout: float = 10.0
    max_header_bytes: int = 64 * 1024
    _header_timer: asyncio.TimerHandle | None = None
    _in_head: bool = False
    """Whether the bytes arriving now belong to a request head (counted against
    ``max_header_bytes``): from the connection's opening and from the end of each
    response until the next request's headers are complete."""
    _header_bytes: int = 0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_begins()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    _head_size: int = 0
    """The parsed size of the current request's head (its URL and headers): counts a
    head that arrives behind another request (pipelined), which the byte count above
    does not see."""
    _refused: bool = False

    def data_received(self, data: bytes) -> None:
        if self._in_head:
            self._header_bytes += len(data)
            if self._header_bytes > self.max_header_bytes:
                self._refuse()
                return
        super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._head_size = 0
        if self._header_timer is None:  # the keep-alive wait is over: a request comes
            self._arm()

    def on_url(self, url: bytes) -> None:
        self._head_size += len(url)
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._head_size += len(name) + len(value) + 4
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._disarm()
        if self._head_size > self.max_header_bytes:
            self._refuse()
            raise HeadTooLarge  # stops the parser; uvicorn's 400 is not sent (below)
        super().on_headers_complete()

    def send_400_response(self, msg: str) -> None:
        if not self._refused:
            super().send_400_response(msg)

    def _refuse(self) -> None:
        """Answer 431 and close: the request head is larger than allowed."""
        self._refused = True
        self._in_head = False
        self._disarm()
        if not self.transport.is_closing():
            self.transport.write(TOO_LARGE)
            self.transport.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.pipeline:  # the next bytes start a new request head
            self._head_begins()

    def _head_begins(self) -> None:
        self._in_head = True
        self._header_bytes = 0

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_late)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_late(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            log.debug("connection closed: no complete request headers in time")
            self.transport.close()


def guarded_protocol(header_timeout: float, max_header_bytes: int) -> type[asyncio.Protocol]:
    """The protocol class to give uvicorn (``http=``) for these limits (uvicorn makes each
    connection's protocol from the class alone, so the limits are class attributes)."""
    return type(
        "HeaderGuardedProtocol",
        (HeaderGuardedProtocol,),
        {"header_timeout": header_timeout, "max_header_bytes": max_header_bytes},
    )
