"""Table chat: quick phrases and short free text, stored with the table.

A quick phrase travels as its key (``gg``), so each reader sees it in their own
language; free text is stored and sent as the writer typed it (control characters
removed) and the browser shows it as text, never as markup. Every message is stored
before anyone reads it, so a restarted server shows the same chat.

Who reads and writes is the host's choice at creation (``spectators``): players always
chat; spectators read nothing (``none``, the default: a table among friends stays
private even though anyone with its link may watch), read (``read``) or also write
(``write``). Each writer has a token bucket that outlives his sockets: a seat's is
the table's and seat's, a writing spectator's the table's and his address's, so a
reconnect brings no fresh bucket. Each address also has one bucket over all tables and
seats, larger than a seat's (friends behind one router share it). The buckets belong
to the table manager of this process (a table forgotten and loaded again keeps them),
so no one floods a table; every refusal is a coded error.

A table's chat state (:class:`.tablechat.TableChat`) is kept on its live table, loaded
from the store the first time a socket arrives.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections import deque
from dataclasses import dataclass
from typing import Any

from spieltisch.store import ChatRecord, Store

from .errors import ApiError, ErrorCode
from .live import Connection, LiveTable
from .security import KeyedLimiter
from .settings import Settings
from .tablechat import TableChat

QUICK = ("hello", "gl", "gg", "thanks", "wait", "oops")
"""Keys of the quick phrases; their words live in the browser's translation table."""

SPECTATOR_MODES = ("none", "read", "write")
DEFAULT_SPECTATORS = "none"


@dataclass(eq=False)
class ChatLimits:
    """The chat's token buckets of one store's tables: per writer and per address."""

    writers: KeyedLimiter
    addresses: KeyedLimiter

    def take(self, table_id: str, seat: int | None, address: str) -> bool:
        """Whether a message of ``seat`` (``None``: a spectator at ``address``) may go
        out now: the address's bucket is asked first, then the writer's.

        A socket another process holds has no address here (``?``): it skips the
        address's bucket, and such spectators of one table share one writer's bucket.
        """
        if address != UNKNOWN_ADDRESS and not self.addresses.take(address):
            return False
        writer = f"seat\x00{seat}" if seat is not None else f"spectator\x00{address}"
        return self.writers.take(f"{table_id}\x00{writer}")

    @classmethod
    def of(cls, settings: Settings) -> ChatLimits:
        """The limits of one process's tables, as ``settings`` sets them."""
        return cls(
            KeyedLimiter(settings.chat_rate, settings.chat_burst),
            KeyedLimiter(settings.chat_address_rate, settings.chat_address_burst),
        )


UNKNOWN_ADDRESS = "?"


def address_of(conn: Connection) -> str:
    """The client address of a socket (``?`` where it has none: a relayed one)."""
    client = getattr(conn.ws, "client", None)
    host = getattr(client, "host", None)
    return host if isinstance(host, str) and host else UNKNOWN_ADDRESS


def message_json(record: ChatRecord) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": record.id,
        "seat": record.seat,
        "name": record.name,
        "at": record.at.isoformat(),
    }
    if record.quick is not None:
        out["quick"] = record.quick
    else:
        out["text"] = record.text
    return out


async def ready(store: Store, settings: Settings, live: LiveTable) -> TableChat:
    """The table's chat state (kept on the live table), read from the store on first use."""
    if live.chat is not None:
        return live.chat
    stored = await asyncio.to_thread(store.table_settings, live.id)
    records = await asyncio.to_thread(store.chat, live.id, settings.chat_keep)
    mode = stored.get("chat", DEFAULT_SPECTATORS)
    loaded = TableChat(
        mode if mode in SPECTATOR_MODES else DEFAULT_SPECTATORS,
        deque((message_json(r) for r in records), maxlen=settings.chat_keep),
    )
    if live.chat is None:  # a second socket may have loaded it first
        live.chat = loaded
    return live.chat


def welcome(live: LiveTable, seat: int | None) -> dict[str, Any]:
    """The table's welcome for ``seat`` with the chat it may read (call :func:`ready`
    first; without it, the welcome has no chat)."""
    message = live.snapshot(seat)
    chat = live.chat
    if chat is not None:
        message["chat"] = {
            "spectators": chat.spectators,
            "quick": list(QUICK),
            "messages": list(chat.recent) if chat.visible_to(seat) else [],
        }
    return message


def clean(text: str) -> str:
    """Free text as stored: no control or format characters, trimmed."""
    return "".join(c for c in text if unicodedata.category(c)[0] != "C").strip()


async def post(
    store: Store,
    settings: Settings,
    limits: ChatLimits,
    live: LiveTable,
    conn: Connection,
    msg: dict[str, Any],
) -> None:
    """Store ``conn``'s chat message and send it to everyone who may read it.

    :raises ApiError: a spectator where they may not write, an unknown quick phrase, an
        empty or too long text, or too many messages.
    """
    chat = await ready(store, settings, live)
    seat = conn.seat
    if seat is None and chat.spectators != "write":
        raise ApiError(ErrorCode.CHAT_SPECTATOR, "spectators may not write at this table")
    quick, text = msg.get("quick"), msg.get("text")
    body: str | None = None
    if quick is not None:
        if not isinstance(quick, str) or quick not in QUICK:
            raise ApiError(ErrorCode.CHAT_UNKNOWN_QUICK, f"quick is one of {', '.join(QUICK)}")
    else:
        body = clean(text) if isinstance(text, str) else ""
        if not body:
            raise ApiError(ErrorCode.CHAT_EMPTY, "a chat message needs a text or a quick key")
        if len(body) > settings.chat_max_chars:
            raise ApiError(
                ErrorCode.CHAT_TOO_LONG,
                f"a chat message has at most {settings.chat_max_chars} characters",
            )
    if not limits.take(live.id, seat, address_of(conn)):
        raise ApiError(ErrorCode.CHAT_RATE_LIMITED, "too many chat messages; wait a moment")
    seats = live.record.seats
    name = seats[seat].name if seat is not None and 0 <= seat < len(seats) else None
    async with live.lock:  # stored, then sent, in one order for everyone
        record = await asyncio.to_thread(store.add_chat, live.id, seat, name, quick, body)
        out = message_json(record)
        chat.recent.append(out)
        for other in list(live.connections):
            if chat.visible_to(other.seat):
                other.send({"type": "chat", "message": out})
