"""Sending mail, and the signed links in it.

The server sends mail only when an SMTP server is configured (``SPIELTISCH_SMTP_URL``)
and only to addresses their player confirmed. Each link in a mail is signed with a
secret kept with the address (HMAC-SHA256), so it works without signing in and cannot
be made for another player or another address: a confirmation link carries the one-time
nonce of that confirmation, an unsubscribe link the player's id; a new address gets a
new secret, and every older link dies with the old one.

Sending is blocking socket work (:mod:`smtplib`), so it runs in a thread, and the
caller runs it in a background task: a slow or broken mail server never holds up a move.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

from spieltisch.store.mail import MailAddress

SMTP_TIMEOUT = 20.0
"""Seconds one SMTP conversation may take before it is given up (and logged)."""

PORTS = {"smtp": 25, "smtps": 465, "smtp+starttls": 587}


@dataclass(frozen=True, slots=True)
class SmtpServer:
    """Where mail goes: ``SPIELTISCH_SMTP_URL`` read."""

    scheme: str
    host: str
    port: int
    user: str | None = None
    password: str | None = None

    @classmethod
    def parse(cls, url: str) -> SmtpServer:
        """:raises ValueError: not an ``smtp://``, ``smtps://`` or ``smtp+starttls://`` URL.

        >>> SmtpServer.parse("smtp://mail.example.org:2525")
        SmtpServer(scheme='smtp', host='mail.example.org', port=2525, user=None, password=None)
        >>> SmtpServer.parse("smtps://ada:p%40ss@mail.example.org").password
        'p@ss'
        >>> SmtpServer.parse("http://mail.example.org")
        Traceback (most recent call last):
        ValueError: the SMTP URL starts with smtp://, smtps:// or smtp+starttls://
        """
        parts = urlsplit(url)
        if parts.scheme not in PORTS or not parts.hostname:
            raise ValueError("the SMTP URL starts with smtp://, smtps:// or smtp+starttls://")
        return cls(
            parts.scheme,
            parts.hostname,
            parts.port or PORTS[parts.scheme],
            unquote(parts.username) if parts.username else None,
            unquote(parts.password) if parts.password else None,
        )

    def send(self, message: EmailMessage) -> None:
        """Deliver ``message`` (blocking: call it in a thread).

        :raises OSError: the server cannot be reached, or refuses (``smtplib.SMTPException``).
        """
        if self.scheme == "smtps":
            client: smtplib.SMTP = smtplib.SMTP_SSL(
                self.host, self.port, timeout=SMTP_TIMEOUT, context=ssl.create_default_context()
            )
        else:
            client = smtplib.SMTP(self.host, self.port, timeout=SMTP_TIMEOUT)
        with client:
            if self.scheme == "smtp+starttls":
                client.starttls(context=ssl.create_default_context())
            if self.user is not None:
                client.login(self.user, self.password or "")
            client.send_message(message)


def new_secret() -> str:
    """A fresh signing secret for an address (hex, 64 characters)."""
    return secrets.token_hex(32)


def new_nonce() -> str:
    """The one-time part of a confirmation link."""
    return secrets.token_hex(16)


def _sign(key: str, *parts: str) -> str:
    return hmac.new(key.encode(), ":".join(parts).encode(), hashlib.sha256).hexdigest()


def confirm_token(mail: MailAddress) -> str:
    """The token of ``mail``'s confirmation link (its address must be pending)."""
    assert mail.pending is not None
    signature = _sign(mail.key, "confirm", mail.player_id, mail.pending, mail.address)
    return f"{mail.player_id}.{mail.pending}.{signature}"


def unsubscribe_token(mail: MailAddress) -> str:
    """The token of ``mail``'s unsubscribe link, the same in every mail to it."""
    return f"{mail.player_id}.{_sign(mail.key, 'unsubscribe', mail.player_id, mail.address)}"


def token_player(token: str) -> str:
    """The player id a token names (checked later against its signature)."""
    return token.split(".", 1)[0]


def confirm_valid(mail: MailAddress, token: str) -> bool:
    """Whether ``token`` is the live confirmation link of ``mail``."""
    return mail.pending is not None and _same(token, confirm_token(mail))


def unsubscribe_valid(mail: MailAddress, token: str) -> bool:
    return _same(token, unsubscribe_token(mail))


def _same(given: str, expected: str) -> bool:
    return hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode())
