"""A player's mail address for notices: give it, see it, drop it; confirm and unsubscribe
by the signed links in the mails (:mod:`.mailer`), without signing in.

Nothing is mailed before the player confirmed the address through the link sent to it,
so nobody can have the server mail an address that is not his beyond that one
confirmation. The links' pages are plain HTML in the address's language.
"""

from __future__ import annotations

import asyncio
import html
import re
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from spieltisch.store.mail import MailAddress

from .deps import Manager, WriteLimit
from .errors import ApiError, ErrorCode
from .mailer import confirm_valid, new_nonce, new_secret, token_player, unsubscribe_valid
from .players import CurrentPlayer
from .security import KeyedLimiter

router = APIRouter(prefix="/api/players/me/mail", tags=["players"])
pages = APIRouter(prefix="/mail", include_in_schema=False)

_PART = r"[^@\s\x00-\x1f\x7f<>,;\"]"
ADDRESS = re.compile(rf"{_PART}{{1,64}}@{_PART}+\.{_PART}{{2,}}")
"""An address as people type it (one ``@``, a dotted domain, no spaces, controls, or
characters that would split a header); the confirmation mail proves the rest."""


CONFIRM_RATE, CONFIRM_BURST = 1 / 600, 3
"""Confirmation mails per player (in each process): three at once, then one in ten
minutes, so nobody uses the server to flood an address that is not his."""


class MailIn(BaseModel):
    address: str = Field(max_length=254)
    lang: Literal["de", "en"] = "de"
    """The language of the mails."""


def _public(mail: MailAddress | None, enabled: bool) -> dict[str, Any]:
    """What the player's own profile shows (never the signing secret or the nonce)."""
    if mail is None:
        return {"enabled": enabled, "address": None, "confirmed": False, "lang": None}
    return {
        "enabled": enabled,
        "address": mail.address,
        "confirmed": mail.confirmed,
        "lang": mail.lang,
    }


def _confirmations(request: Request) -> KeyedLimiter:
    state = request.app.state
    if not hasattr(state, "mail_confirmations"):
        state.mail_confirmations = KeyedLimiter(CONFIRM_RATE, CONFIRM_BURST)
    limiter: KeyedLimiter = state.mail_confirmations
    return limiter


@router.get("")
async def my_mail(player: CurrentPlayer, manager: Manager) -> dict[str, Any]:
    notices = manager.ctx.notices
    mail = await asyncio.to_thread(notices.book.get, player.id)
    return _public(mail, notices.enabled)


@router.put("")
async def set_mail(
    body: MailIn, request: Request, player: CurrentPlayer, manager: Manager, _: WriteLimit
) -> dict[str, Any]:
    """Give an address for notices: stored unconfirmed, and a confirmation link is
    mailed to it. Until the link is opened nothing else is sent.

    :raises ApiError: the server sends no mail (``mail/off``), not an address
        (``mail/bad_address``), too many confirmations asked for (``mail/too_many``).
    """
    notices = manager.ctx.notices
    if not notices.enabled:
        raise ApiError(ErrorCode.MAIL_OFF, "this server has no mail server configured")
    address = body.address.strip()
    if not ADDRESS.fullmatch(address):
        raise ApiError(ErrorCode.MAIL_BAD_ADDRESS, f"not a mail address: {address!r}")
    if not _confirmations(request).take(player.id):
        raise ApiError(ErrorCode.MAIL_TOO_MANY, "too many confirmation mails: wait")
    book = notices.book
    await asyncio.to_thread(
        book.set_address, player.id, address, body.lang, new_secret(), new_nonce()
    )
    mail = await asyncio.to_thread(book.get, player.id)
    assert mail is not None
    notices.confirmation(mail)
    return _public(mail, True)


@router.delete("")
async def drop_mail(player: CurrentPlayer, manager: Manager, _: WriteLimit) -> dict[str, Any]:
    notices = manager.ctx.notices
    await asyncio.to_thread(notices.book.remove, player.id)
    return _public(None, notices.enabled)


PAGES = {
    "de": {
        "confirmed": "Deine Adresse ist bestätigt. Wir schreiben dir, wenn du in einer "
        "Fernpartie am Zug bist und wenn eine endet.",
        "unsubscribed": "Abbestellt: Du bekommst von uns keine Mails mehr.",
        "bad": "Dieser Link gilt nicht (mehr). Vielleicht wurde er schon benutzt oder die "
        "Adresse seitdem geändert.",
        "back": "Zum Spieltisch",
    },
    "en": {
        "confirmed": "Your address is confirmed. We will write when it is your turn in a "
        "correspondence game and when one ends.",
        "unsubscribed": "Unsubscribed: you will get no more mail from us.",
        "bad": "This link is not valid (any more). It may have been used already, or the "
        "address changed since.",
        "back": "To the games table",
    },
}


def _page(lang: str, key: str, status: int = 200) -> HTMLResponse:
    words = PAGES[lang]
    text = html.escape(words[key])
    body = (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<title>spieltisch</title><link rel="stylesheet" href="/static/style.css"></head>'
        f'<body><main class="card mail-page"><h1>spieltisch</h1><p role="status">{text}</p>'
        f'<p><a href="/">{html.escape(words["back"])}</a></p></main></body></html>'
    )
    return HTMLResponse(body, status_code=status)


def _lang(request: Request, mail: MailAddress | None) -> str:
    """The address's language, else the browser's first choice of the two."""
    if mail is not None:
        return mail.lang
    wanted = request.headers.get("accept-language", "").lower()
    return "de" if wanted.startswith("de") else "en"


async def _mail_of(manager: Manager, token: str) -> MailAddress | None:
    return await asyncio.to_thread(manager.ctx.notices.book.get, token_player(token)[:16])


@pages.get("/confirm/{token}")
async def confirm(token: str, request: Request, manager: Manager) -> HTMLResponse:
    """The confirmation link: once, for the address it was sent to."""
    mail = await _mail_of(manager, token)
    if mail is None or not confirm_valid(mail, token):
        return _page(_lang(request, mail), "bad", 404)
    assert mail.pending is not None
    if not await asyncio.to_thread(manager.ctx.notices.book.confirm, mail.player_id, mail.pending):
        return _page(mail.lang, "bad", 404)
    return _page(mail.lang, "confirmed")


@pages.get("/unsubscribe/{token}")
@pages.post("/unsubscribe/{token}")
async def unsubscribe(token: str, request: Request, manager: Manager) -> HTMLResponse:
    """The link in every mail (and its one-click ``POST``, RFC 8058): the address is
    forgotten. A used link answers as a bad one: there is nothing left to unsubscribe."""
    mail = await _mail_of(manager, token)
    if mail is None or not unsubscribe_valid(mail, token):
        return _page(_lang(request, mail), "bad", 404)
    await asyncio.to_thread(manager.ctx.notices.book.remove, mail.player_id, mail.key)
    return _page(mail.lang, "unsubscribed")
