"""Mail notices of correspondence tables: "your turn" and "the game is over".

A correspondence game (a turn clock of hours to days) is played with the tab closed, so
the server mails a player when his turn comes and when the game ends, if it has a mail
server (``SPIELTISCH_SMTP_URL``) and he gave and confirmed an address. A turn is mailed
once: when the seat comes to act, not again for the further steps of the same turn,
and the store notes every notice (:meth:`.MailBook.mark_sent`) before it goes, so no
process sends it twice. A seat with an open page is not mailed; it sees its turn there.

Everything here runs in background tasks: the action that caused a notice has long been
answered when the mail server is asked, and any error is logged, never raised.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable, Collection, Coroutine
from email.message import EmailMessage

from spieltisch.store import Store
from spieltisch.store.mail import MailAddress, MailBook

from .live import LiveTable
from .mailer import SmtpServer, confirm_token, unsubscribe_token
from .settings import Settings

log = logging.getLogger("spieltisch.mail")

END = -1
"""The ``ply`` under which a game's end notice is noted."""

TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "hello": "Hallo {name},",
        "turn_subject": "Du bist am Zug: {game}",
        "turn": "in der Fernpartie {game} mit {players} bist du am Zug. Deine Bedenkzeit: noch "
        "etwa {hours} Std.",
        "end_subject": "Partie beendet: {game}",
        "end": "die Fernpartie {game} mit {players} ist zu Ende.",
        "table": "Zum Tisch: {url}",
        "confirm_subject": "Bitte bestätige deine Adresse – spieltisch",
        "confirm": "bestätige bitte mit diesem Link, dass du Mails zu deinen Fernpartien "
        "bekommen möchtest (wenn du am Zug bist und wenn eine Partie endet):",
        "not_you": "Warst du das nicht? Dann ignoriere diese Mail: ohne Bestätigung schicken "
        "wir nichts.",
        "why": "Du bekommst diese Mail, weil du auf spieltisch Benachrichtigungen "
        "eingeschaltet hast. Abbestellen: {url}",
    },
    "en": {
        "hello": "Hello {name},",
        "turn_subject": "Your turn: {game}",
        "turn": "it is your turn in the correspondence game {game} with {players}. Your "
        "time: about {hours} h left.",
        "end_subject": "Game over: {game}",
        "end": "the correspondence game {game} with {players} is over.",
        "table": "To the table: {url}",
        "confirm_subject": "Please confirm your address – spieltisch",
        "confirm": "please confirm with this link that you want mail about your "
        "correspondence games (when it is your turn and when a game ends):",
        "not_you": "Was that not you? Then ignore this mail: without a confirmation we send "
        "nothing.",
        "why": "You get this mail because you turned on notices at spieltisch. Unsubscribe: {url}",
    },
}


Compose = Callable[[int, MailAddress], EmailMessage]


class Notices:
    """The mail notices of one server process."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.book = MailBook(store)
        self.server = SmtpServer.parse(settings.smtp_url) if settings.smtp_url else None
        self.sender = settings.mail_from
        self.base = settings.public_url or settings.lan_url or "http://127.0.0.1:8000"
        """Where the links in a mail lead: the configured public address, never the Host
        header of a request (anyone could make that point elsewhere)."""
        self.active: dict[str, frozenset[int]] = {}
        """Per table, the seats that could act after its last step seen here."""
        self.tasks: set[asyncio.Task[None]] = set()

    @property
    def enabled(self) -> bool:
        return self.server is not None

    # -- what causes a notice ----------------------------------------------------------
    def after_step(self, live: LiveTable, acted: int | None) -> None:
        """A table moved on (``acted``: who acted; ``None`` at the start): mail the seats
        whose turn has just come, or everyone bound to a seat when the game ended."""
        rt = live.runtime
        clock = rt.turn_clock if rt is not None else None
        if self.server is None or rt is None or clock is None:
            return
        if clock.limit.mode != "correspondence":
            return
        record, online = live.record, live.online_seats()
        game, players = rt.state.game.info.title, ", ".join(s.name or "?" for s in record.seats)
        table = f"{self.base}/t/{live.id}"
        if rt.is_over():
            self.active.pop(live.id, None)
            seats = [s for s in range(record.players) if s not in online]

            def end(seat: int, mail: MailAddress) -> EmailMessage:
                texts = TEXTS[mail.lang]
                body = [texts["end"].format(game=game, players=players), ""]
                body.append(texts["table"].format(url=table))
                return self._message(mail, texts["end_subject"].format(game=game), body)

            self._spawn(live.id, seats, END, end)
            return
        now = frozenset(rt.state.active_seats())
        before = self.active.get(live.id, frozenset(() if acted is None else (acted,)))
        self.active[live.id] = now
        come = [s for s in sorted(now - before) if record.seats[s].kind == "human"]
        come = [s for s in come if s not in online]
        hours = {s: math.ceil((clock.left(s) or 0) / 3600) for s in come}

        def turn(seat: int, mail: MailAddress) -> EmailMessage:
            texts = TEXTS[mail.lang]
            body = [texts["turn"].format(game=game, players=players, hours=hours[seat]), ""]
            body.append(texts["table"].format(url=table))
            return self._message(mail, texts["turn_subject"].format(game=game), body)

        self._spawn(live.id, come, rt.ply, turn)

    def confirmation(self, mail: MailAddress) -> None:
        """Send the confirmation link of a new address (in the background)."""
        if self.server is None:
            return
        texts = TEXTS[mail.lang]
        link = f"{self.base}/mail/confirm/{confirm_token(mail)}"
        body = [texts["confirm"], "", link, "", texts["not_you"]]
        self._task(self._send(self._message(mail, texts["confirm_subject"], body)))

    async def close(self) -> None:
        """Let the mails under way finish (each is bounded by the SMTP timeout)."""
        if self.tasks:
            await asyncio.gather(*self.tasks, return_exceptions=True)

    # -- sending -----------------------------------------------------------------------
    def _message(self, mail: MailAddress, subject: str, body: list[str]) -> EmailMessage:
        texts = TEXTS[mail.lang]
        unsubscribe = f"{self.base}/mail/unsubscribe/{unsubscribe_token(mail)}"
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = mail.address
        message["Subject"] = subject
        message["List-Unsubscribe"] = f"<{unsubscribe}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        lines = [texts["hello"].format(name=mail.name), "", *body, "", "-- "]
        lines.append(texts["why"].format(url=unsubscribe))
        message.set_content("\n".join(lines) + "\n")
        return message

    def _spawn(self, table_id: str, seats: Collection[int], ply: int, compose: Compose) -> None:
        if seats:
            self._task(self._notify(table_id, sorted(seats), ply, compose))

    def _task(self, work: Coroutine[None, None, None]) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _notify(self, table_id: str, seats: list[int], ply: int, compose: Compose) -> None:
        try:
            found = await asyncio.to_thread(self.book.recipients, table_id, seats)
            for seat, mail in sorted(found.items()):
                if await asyncio.to_thread(self.book.mark_sent, table_id, seat, ply):
                    await self._send(compose(seat, mail))
        except Exception:
            log.exception("mail notice failed", extra={"table": table_id, "ply": ply})

    async def _send(self, message: EmailMessage) -> None:
        assert self.server is not None
        try:
            await asyncio.to_thread(self.server.send, message)
        except Exception:
            log.exception("mail not sent", extra={"subject": message["Subject"]})
