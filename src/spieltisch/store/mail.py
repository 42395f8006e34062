"""Mail addresses for notices in the store: a player's address, whether he confirmed it,
and which notices went out, so each turn is mailed at most once whichever process and
however often asked. Every method is one short transaction and returns plain records."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from .models import MailAddressRow, MailSentRow, PlayerRow, SeatPlayerRow
from .repository import Store


@dataclass(frozen=True, slots=True)
class MailAddress:
    player_id: str
    name: str
    address: str
    lang: str
    key: str
    """The secret that signs this address's links (never shown)."""
    pending: str | None
    """The nonce of the confirmation link not yet used."""
    confirmed: bool


class MailBook:
    """The mail addresses and sent notices of one store."""

    def __init__(self, store: Store) -> None:
        self._session = sessionmaker(store.engine, expire_on_commit=False)

    def set_address(self, player_id: str, address: str, lang: str, key: str, pending: str) -> None:
        """Give ``player_id`` this unconfirmed address (replacing any, confirmed or not)."""
        with self._session.begin() as s:
            row = s.get(MailAddressRow, player_id)
            if row is None:
                row = MailAddressRow(player_id=player_id)
                s.add(row)
            row.address, row.lang, row.key, row.pending = address, lang, key, pending
            row.confirmed = False

    def get(self, player_id: str) -> MailAddress | None:
        with self._session() as s:
            found = s.execute(
                select(MailAddressRow, PlayerRow.name)
                .join(PlayerRow, PlayerRow.id == MailAddressRow.player_id)
                .where(MailAddressRow.player_id == player_id)
            ).first()
            return None if found is None else _record(found[0], found[1])

    def confirm(self, player_id: str, pending: str) -> bool:
        """Confirm the address whose confirmation nonce is ``pending``, once: a second
        use of the same link (or one for an address replaced since) changes nothing."""
        with self._session.begin() as s:
            row = s.get(MailAddressRow, player_id)
            if row is None or row.pending is None or row.pending != pending:
                return False
            row.pending, row.confirmed = None, True
            return True

    def remove(self, player_id: str, key: str | None = None) -> bool:
        """Forget ``player_id``'s address (only if still signed by ``key``, when given)."""
        with self._session.begin() as s:
            row = s.get(MailAddressRow, player_id)
            if row is None or (key is not None and row.key != key):
                return False
            s.delete(row)
            return True

    def recipients(self, table_id: str, seats: Sequence[int]) -> dict[int, MailAddress]:
        """The confirmed addresses of the players bound to ``seats`` of a table."""
        with self._session() as s:
            rows = s.execute(
                select(SeatPlayerRow.seat, MailAddressRow, PlayerRow.name)
                .join(MailAddressRow, MailAddressRow.player_id == SeatPlayerRow.player_id)
                .join(PlayerRow, PlayerRow.id == SeatPlayerRow.player_id)
                .where(
                    SeatPlayerRow.table_id == table_id,
                    SeatPlayerRow.seat.in_(list(seats)),
                    MailAddressRow.confirmed.is_(True),
                )
            ).all()
            return {seat: _record(row, name) for seat, row, name in rows}

    def mark_sent(self, table_id: str, seat: int, ply: int) -> bool:
        """Note the notice for ``seat``'s turn after ``ply`` actions (-1: the game's end);
        ``False`` when it was noted before, by any process: then it is not sent again."""
        try:
            with self._session.begin() as s:
                s.add(MailSentRow(table_id=table_id, seat=seat, ply=ply))
        except IntegrityError:
            return False
        return True


def _record(row: MailAddressRow, name: str) -> MailAddress:
    return MailAddress(
        row.player_id, name, row.address, row.lang, row.key, row.pending, bool(row.confirmed)
    )
