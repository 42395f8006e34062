"""Players in the store: identities, their keys, the seats they sat in, their ratings.

A player is a name and one or more secret keys, stored as SHA-256 hashes like seat
tokens (the keys are 32 random bytes, so a fast hash is enough; a password gets argon2
in :mod:`spieltisch.server.players`). Every method is one short transaction and returns
plain records. Rating a finished game (:meth:`Players.rate_table`) inserts one change
row per rated seat together with the new ratings: a second attempt, from any process,
fails on those rows' keys and changes nothing.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased, sessionmaker

from .models import (
    PlayerKeyRow,
    PlayerRow,
    RatingChangeRow,
    RatingRow,
    SeatPlayerRow,
    TableRow,
    TableSettingsRow,
)
from .repository import Store


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    id: str
    name: str
    has_password: bool
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Credentials:
    """What signing in checks: the player's key hashes and password hash."""

    player: PlayerRecord
    key_hashes: tuple[str, ...]
    password_hash: str | None


@dataclass(frozen=True, slots=True)
class RatingRecord:
    player_id: str
    name: str
    game: str
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True, slots=True)
class RatingChange:
    table_id: str
    seat: int
    player_id: str
    game: str
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float


@dataclass(frozen=True, slots=True)
class Rated:
    """A seat of a finished game the rater is given: its player (``None``: a guest)."""

    seat: int
    player_id: str | None
    mu: float
    sigma: float


Rater = Callable[[str, dict[str, Any], list[Rated]], dict[int, tuple[float, float]]]
"""``(game, result, seats) -> {seat: (mu, sigma)}`` for the players' seats."""


def name_key(name: str) -> str:
    """The form under which names are unique: ``Ada``, ``ada`` and the full-width
    ``Ａｄａ`` are one player (NFKC, case-folded, NFKC again as Unicode's
    NFKC_Casefold does; ``Straße`` and ``STRASSE`` are one too).

    >>> name_key("\uff21\uff44\uff41") == name_key("ADA") == "ada"
    True
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return folded[:40]


def _now() -> datetime:
    return datetime.now(UTC)


def _player(row: PlayerRow) -> PlayerRecord:
    return PlayerRecord(row.id, row.name, row.password_hash is not None, row.created_at)


class NameTaken(Exception):
    """Another player has this name already."""


class Players:
    """The player rows of one store (its engine and PostgreSQL schema)."""

    def __init__(self, store: Store) -> None:
        self._session = sessionmaker(store.engine, expire_on_commit=False)

    # -- identities ------------------------------------------------------------------------
    def create(
        self, player_id: str, name: str, key_hash: str, password_hash: str | None
    ) -> PlayerRecord:
        """A new player with one key.

        :raises NameTaken: the name (ignoring case) is somebody's already.
        """
        now = _now()
        row = PlayerRow(
            id=player_id,
            name=name,
            name_key=name_key(name),
            password_hash=password_hash,
            created_at=now,
        )
        try:
            with self._session.begin() as s:
                s.add(row)
                s.flush()
                s.add(PlayerKeyRow(key_hash=key_hash, player_id=player_id, created_at=now))
        except IntegrityError as exc:
            raise NameTaken(name) from exc
        return _player(row)

    def get(self, player_id: str) -> PlayerRecord | None:
        with self._session() as s:
            row = s.get(PlayerRow, player_id)
            return None if row is None else _player(row)

    def credentials(self, player_id: str) -> Credentials | None:
        with self._session() as s:
            row = s.get(PlayerRow, player_id)
            if row is None:
                return None
            keys = s.scalars(
                select(PlayerKeyRow.key_hash).where(PlayerKeyRow.player_id == player_id)
            ).all()
            return Credentials(_player(row), tuple(keys), row.password_hash)

    def credentials_by_name(self, name: str) -> Credentials | None:
        with self._session() as s:
            found = s.scalar(select(PlayerRow.id).where(PlayerRow.name_key == name_key(name)))
        return None if found is None else self.credentials(found)

    def add_key(self, player_id: str, key_hash: str) -> None:
        with self._session.begin() as s:
            s.add(PlayerKeyRow(key_hash=key_hash, player_id=player_id, created_at=_now()))

    def replace_key(
        self, player_id: str, old_hash: str, new_hash: str, *, everywhere: bool = False
    ) -> bool:
        """Put ``new_hash`` in place of the key ``old_hash`` (``everywhere``: of every key
        of the player) in one transaction; ``False`` if ``old_hash`` was not his (any
        more): a rotation asked twice at once issues one key only."""
        with self._session.begin() as s:
            old = s.get(PlayerKeyRow, old_hash)
            if old is None or old.player_id != player_id:
                return False
            if everywhere:
                for row in s.scalars(
                    select(PlayerKeyRow).where(PlayerKeyRow.player_id == player_id)
                ):
                    s.delete(row)
            else:
                s.delete(old)
            s.flush()
            s.add(PlayerKeyRow(key_hash=new_hash, player_id=player_id, created_at=_now()))
        return True

    def set_password(self, player_id: str, password_hash: str | None) -> None:
        with self._session.begin() as s:
            row = s.get(PlayerRow, player_id)
            if row is not None:
                row.password_hash = password_hash

    # -- seats -----------------------------------------------------------------------------
    def link_seat(self, table_id: str, seat: int, player_id: str) -> bool:
        """Record that ``player_id`` sits in ``seat``; ``False`` if it was linked before."""
        try:
            with self._session.begin() as s:
                s.add(SeatPlayerRow(table_id=table_id, seat=seat, player_id=player_id))
        except IntegrityError:
            return False
        return True

    def seat_players(self, table_id: str) -> dict[int, str]:
        with self._session() as s:
            rows = s.execute(
                select(SeatPlayerRow.seat, SeatPlayerRow.player_id).where(
                    SeatPlayerRow.table_id == table_id
                )
            ).all()
            return {int(seat): pid for seat, pid in rows}

    def names(self, player_ids: Sequence[str]) -> dict[str, str]:
        if not player_ids:
            return {}
        with self._session() as s:
            rows = s.execute(
                select(PlayerRow.id, PlayerRow.name).where(PlayerRow.id.in_(list(player_ids)))
            ).all()
            return {pid: name for pid, name in rows}

    def finished_tables(self, player_id: str, limit: int) -> list[tuple[str, int]]:
        """``(table id, seat)`` of the player's finished games, most recent first."""
        with self._session() as s:
            rows = s.execute(
                select(SeatPlayerRow.table_id, SeatPlayerRow.seat)
                .join(TableRow, TableRow.id == SeatPlayerRow.table_id)
                .where(SeatPlayerRow.player_id == player_id, TableRow.status == "finished")
                .order_by(TableRow.updated_at.desc(), TableRow.id)
                .limit(limit)
            ).all()
            return [(tid, int(seat)) for tid, seat in rows]

    def seat_tables(self, player_id: str, limit: int) -> list[tuple[str, int]]:
        """``(table id, seat)`` of the player's seats at tables not closed or expired,
        most recently changed first: his tables, whichever device asks."""
        with self._session() as s:
            rows = s.execute(
                select(SeatPlayerRow.table_id, SeatPlayerRow.seat)
                .join(TableRow, TableRow.id == SeatPlayerRow.table_id)
                .where(
                    SeatPlayerRow.player_id == player_id,
                    TableRow.status.not_in(["closed", "expired"]),
                )
                .order_by(TableRow.updated_at.desc(), TableRow.id)
                .limit(limit)
            ).all()
        return [(str(tid), int(seat)) for tid, seat in rows]

    def links_of_tables(self, table_ids: Sequence[str]) -> dict[str, dict[int, str]]:
        """Per table, which player sat in which seat."""
        if not table_ids:
            return {}
        out: dict[str, dict[int, str]] = {}
        with self._session() as s:
            rows = s.execute(
                select(SeatPlayerRow.table_id, SeatPlayerRow.seat, SeatPlayerRow.player_id).where(
                    SeatPlayerRow.table_id.in_(list(table_ids))
                )
            ).all()
        for tid, seat, pid in rows:
            out.setdefault(tid, {})[int(seat)] = pid
        return out

    # -- the rated flag --------------------------------------------------------------------
    def set_rated(self, table_id: str, rated: bool) -> None:
        """Mark a table rated or not, beside its other settings (the chat's)."""
        with self._session.begin() as s:
            row = s.get(TableSettingsRow, table_id)
            if row is None:
                s.add(TableSettingsRow(table_id=table_id, settings={"rated": rated}))
            else:
                row.settings = {**row.settings, "rated": rated}

    def is_rated(self, table_id: str) -> bool:
        with self._session() as s:
            row = s.get(TableSettingsRow, table_id)
            return bool(row is not None and row.settings.get("rated"))

    def rated_flags(self, table_ids: Sequence[str]) -> dict[str, bool]:
        if not table_ids:
            return {}
        with self._session() as s:
            rows = s.scalars(
                select(TableSettingsRow).where(TableSettingsRow.table_id.in_(list(table_ids)))
            ).all()
            return {r.table_id: bool(r.settings.get("rated")) for r in rows}

    # -- ratings ---------------------------------------------------------------------------
    def ratings(self, game: str, player_ids: Sequence[str]) -> dict[str, tuple[float, float]]:
        if not player_ids:
            return {}
        with self._session() as s:
            rows = s.execute(
                select(RatingRow.player_id, RatingRow.mu, RatingRow.sigma).where(
                    RatingRow.game == game, RatingRow.player_id.in_(list(player_ids))
                )
            ).all()
            return {pid: (mu, sigma) for pid, mu, sigma in rows}

    def player_ratings(self, player_id: str) -> list[RatingRecord]:
        with self._session() as s:
            rows = s.execute(
                select(RatingRow, PlayerRow.name)
                .join(PlayerRow, PlayerRow.id == RatingRow.player_id)
                .where(RatingRow.player_id == player_id, RatingRow.games > 0)
                .order_by(RatingRow.game)
            ).all()
            return [_rating(r, name) for r, name in rows]

    def leaderboard(self, game: str, limit: int) -> list[RatingRecord]:
        """The game's rated players, best conservative rating (mu - 3 sigma) first."""
        with self._session() as s:
            rows = s.execute(
                select(RatingRow, PlayerRow.name)
                .join(PlayerRow, PlayerRow.id == RatingRow.player_id)
                .where(RatingRow.game == game, RatingRow.games > 0)
                .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), PlayerRow.name)
                .limit(limit)
            ).all()
            return [_rating(r, name) for r, name in rows]

    def count_rated(self, game: str) -> int:
        with self._session() as s:
            return int(
                s.scalar(
                    select(func.count())
                    .select_from(RatingRow)
                    .where(RatingRow.game == game, RatingRow.games > 0)
                )
                or 0
            )

    def changes(self, table_ids: Sequence[str]) -> dict[tuple[str, int], RatingChange]:
        if not table_ids:
            return {}
        with self._session() as s:
            rows = s.scalars(
                select(RatingChangeRow).where(RatingChangeRow.table_id.in_(list(table_ids)))
            ).all()
            return {(r.table_id, int(r.seat)): _change(r) for r in rows}

    def pair_games(
        self, game: str, player_ids: Sequence[str], since: datetime
    ) -> dict[tuple[str, str], int]:
        """For every two of ``player_ids``, how many rated games of ``game`` they played
        against each other since ``since`` (both directions of a pair, same count)."""
        if len(player_ids) < 2:
            return {}
        mine, theirs = aliased(RatingChangeRow), aliased(RatingChangeRow)
        ids = list(player_ids)
        with self._session() as s:
            rows = s.execute(
                select(mine.player_id, theirs.player_id, func.count(func.distinct(mine.table_id)))
                .join(theirs, theirs.table_id == mine.table_id)
                .where(
                    mine.game == game,
                    mine.at >= since,
                    mine.player_id.in_(ids),
                    theirs.player_id.in_(ids),
                    mine.player_id != theirs.player_id,
                )
                .group_by(mine.player_id, theirs.player_id)
            ).all()
        return {(p, q): int(n) for p, q, n in rows}

    def reset_rating(self, game: str, player_id: str) -> RatingRecord | None:
        """Forget the player's rating in ``game`` (an operator's decision, e.g. after
        farming): his next rated game starts from the default again. Returns the rating
        as it was, or ``None`` if he had none. The change rows stay: the profile still
        shows what each past game did."""
        with self._session.begin() as s:
            found = s.execute(
                select(RatingRow, PlayerRow.name)
                .join(PlayerRow, PlayerRow.id == RatingRow.player_id)
                .where(RatingRow.game == game, RatingRow.player_id == player_id)
            ).first()
            if found is None:
                return None
            row, name = found
            before = _rating(row, name)
            s.delete(row)
        return before

    def rate_table(
        self,
        table_id: str,
        game: str,
        result: dict[str, Any],
        seats: Mapping[int, str | None],
        fixed: Mapping[int, tuple[float, float]],
        default: tuple[float, float],
        rater: Rater,
    ) -> list[RatingChange]:
        """Rate a finished game once: read the players' ratings (locked for update on
        PostgreSQL, so two games ending at once for one player do not overwrite each
        other), ask ``rater`` for the new ones, and store them with the change rows.

        ``seats`` maps every seat to its player (``None``: a guest or a bot); ``fixed``
        gives the bots' anchored ratings; guests enter with ``default``. Returns the
        changes, or ``[]`` when the table was rated before (by this or another process).
        """
        players = sorted({p for p in seats.values() if p is not None})
        now = _now()
        # Every player gets his row first (at the default, no games yet), so the rows can
        # be locked below: a row that does not exist yet locks nothing, and two first games
        # of one player would both insert it.
        for player in players:
            try:
                with self._session.begin() as s:
                    if s.get(RatingRow, (game, player)) is None:
                        s.add(
                            RatingRow(
                                game=game,
                                player_id=player,
                                mu=default[0],
                                sigma=default[1],
                                games=0,
                                updated_at=now,
                            )
                        )
            except IntegrityError:
                pass  # another process made it just now
        try:
            with self._session.begin() as s:
                rows = {
                    r.player_id: r
                    for r in s.scalars(
                        select(RatingRow)
                        .where(RatingRow.game == game, RatingRow.player_id.in_(players))
                        .with_for_update()
                    ).all()
                }
                entries = []
                for seat in sorted(seats):
                    pid = seats[seat]
                    if pid is not None and pid in rows:
                        mu, sigma = rows[pid].mu, rows[pid].sigma
                    elif pid is not None:
                        mu, sigma = default
                    else:
                        mu, sigma = fixed.get(seat, default)
                    entries.append(Rated(seat, pid, mu, sigma))
                new = rater(game, result, entries)
                changes = []
                for entry in entries:
                    if entry.player_id is None or entry.seat not in new:
                        continue
                    mu, sigma = new[entry.seat]
                    change = RatingChangeRow(
                        table_id=table_id,
                        seat=entry.seat,
                        player_id=entry.player_id,
                        game=game,
                        mu_before=entry.mu,
                        sigma_before=entry.sigma,
                        mu_after=mu,
                        sigma_after=sigma,
                        at=now,
                    )
                    s.add(change)
                    changes.append(_change(change))
                    row = rows.get(entry.player_id)
                    if row is None:
                        row = RatingRow(
                            game=game,
                            player_id=entry.player_id,
                            mu=mu,
                            sigma=sigma,
                            games=0,
                            updated_at=now,
                        )
                        s.add(row)
                        rows[entry.player_id] = row
                    row.mu, row.sigma, row.games = mu, sigma, row.games + 1
                    row.updated_at = now
                s.flush()
        except IntegrityError:
            return []
        return changes


def _rating(row: RatingRow, name: str) -> RatingRecord:
    return RatingRecord(row.player_id, name, row.game, row.mu, row.sigma, int(row.games))


def _change(row: RatingChangeRow) -> RatingChange:
    return RatingChange(
        row.table_id,
        int(row.seat),
        row.player_id,
        row.game,
        row.mu_before,
        row.sigma_before,
        row.mu_after,
        row.sigma_after,
    )
