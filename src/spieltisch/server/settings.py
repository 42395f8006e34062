"""The server's settings: one typed class, every setting with its default and its why.

Values come, strongest first, from the command line (``--db``, ``--set NAME=VALUE``),
the environment (``SPIELTISCH_<NAME>``, and the older names in :data:`LEGACY`), an
optional settings file of ``SPIELTISCH_<NAME>=value`` lines (``--settings FILE`` or
``SPIELTISCH_SETTINGS_FILE``; the format of systemd's ``EnvironmentFile``), and the
defaults below. A bad value refuses to start in one line naming the setting
(:func:`load`). Tests build ``Settings(name=value, ...)`` directly and copy one with
``settings.model_copy(update={...})``. The table in docs/operations.md is generated from
this class (:mod:`.settingsdoc`): a new setting is a field with its default (``Field(
default=..., ge=...)`` for a bound) and a docstring saying why, then ``spieltisch config
--update-docs docs/operations.md``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError, field_validator
from pydantic.fields import FieldInfo
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

PREFIX = "SPIELTISCH_"
FILE_VARIABLE = "SPIELTISCH_SETTINGS_FILE"
"""Where the settings file is, when ``--settings`` does not say."""


def _db_file() -> str:
    return f"sqlite:///{Path('spieltisch.db').resolve()}"


def sqlite_file(url: str) -> str | None:
    """The file of a SQLite URL (``None`` for any other database or an in-memory one)."""
    prefix = "sqlite:///"
    if url.startswith(prefix) and ":memory:" not in url:
        return url[len(prefix) :]
    return None


def default_db_url() -> str:
    """The database of commands that take ``--db``, when it is not given: the server's
    from the environment, else ``sqlite:///spieltisch.db`` in the working directory."""
    return os.environ.get("SPIELTISCH_DB_URL") or os.environ.get("SPIELTISCH_DB") or _db_file()


def public_url(value: str | None) -> str | None:
    """A configured public address without its trailing slash; only http(s) URLs.

    >>> public_url("https://spiele.example.org/")
    'https://spiele.example.org'
    >>> public_url("") is None
    True
    >>> public_url("spiele.example.org")
    Traceback (most recent call last):
    ValueError: the public URL starts with http:// or https://: 'spiele.example.org'
    """
    if not value:
        return None
    if not value.startswith(("http://", "https://")):
        raise ValueError(f"the public URL starts with http:// or https://: {value!r}")
    return value.rstrip("/")


LEGACY: dict[str, tuple[str, int]] = {
    "SPIELTISCH_DB": ("db_url", 0),
    "SPIELTISCH_REDIS": ("redis_url", 0),
    "SPIELTISCH_SOCKETS_PER_SEAT": ("max_sockets_per_seat", 0),
    "SPIELTISCH_MIN_FREE_DISK_MB": ("min_free_disk_bytes", 2**20),
    "SPIELTISCH_MAX_HEADER_KB": ("max_header_bytes", 1024),
    "FORWARDED_ALLOW_IPS": ("forwarded_allow_ips", 0),
}
"""Environment variables of earlier versions, still read (weaker than the new names):
the old name -> (setting, unit in bytes, 0 when the value is taken as it is)."""

_url_secret: dict[str, Any] = {"secret": "url"}
"""Marks a setting whose value is a URL that may carry a password (masked when shown)."""


MIN_SECRET = 16
"""Characters an admin or metrics token has at least (``secrets.token_urlsafe()`` gives 43)."""


class LegacyEnvironment(PydanticBaseSettingsSource):
    """The settings of :data:`LEGACY` from the environment, under their old names."""

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False  # all the work is in __call__

    def __call__(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for variable, (name, unit) in LEGACY.items():
            value = os.environ.get(variable)
            if value is None or value == "":
                continue
            if unit:
                try:
                    found[name] = int(value) * unit
                except ValueError:
                    raise SettingsError(
                        f"setting {name} ({variable}): a whole number is needed, not {value!r}"
                    ) from None
            else:
                found[name] = value
        return found


class SettingsError(ValueError):
    """A setting with a bad value, said in one line."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix=PREFIX,
        frozen=True,
        extra="forbid",
        use_attribute_docstrings=True,
        validate_default=True,
    )

    db_url: str = Field(default_factory=_db_file, json_schema_extra=_url_secret)
    """Any SQLAlchemy URL; SQLite file by default."""
    db_schema: str | None = None
    """PostgreSQL schema for the tables (``None``: the default schema)."""
    bot_delay: float = Field(default=0.7, ge=0)
    """Seconds a bot 'thinks' before a move, so people can follow the game."""
    max_message_bytes: int = Field(default=4096, ge=1)
    """Largest websocket message accepted from a client."""
    max_body_bytes: int = Field(default=16 * 1024, ge=1)
    """Largest HTTP request body accepted."""
    ws_rate: float = Field(default=8.0, gt=0)
    """Websocket messages per second a connection may send on average ..."""
    ws_burst: int = Field(default=20, ge=1)
    """... with bursts of this many."""
    http_rate: float = Field(default=2.0, gt=0)
    """Lobby writes (create, join, seat changes) per second per client address ..."""
    http_burst: int = Field(default=30, ge=1)
    """... with bursts of this many."""
    hint_rate: float = Field(default=1.0, gt=0)
    """Hint questions per second per client address on average ..."""
    hint_burst: int = Field(default=10, ge=1)
    """... with bursts of this many."""
    hint_seconds: float = Field(default=1.0, gt=0)
    """Time cap of one hint's work; a question that needs longer is answered
    ``hint/timeout`` (an honest Kalooki hand needs a few milliseconds)."""
    hint_cache: int = Field(default=1024, ge=0)
    """Hint answers remembered (least recently asked forgotten first)."""
    hello_timeout: float = Field(default=10.0, gt=0)
    """Seconds a new websocket has to say who it is."""
    chat_max_chars: int = Field(default=200, ge=1)
    """Longest chat message (characters, after control characters are removed)."""
    chat_rate: float = Field(default=0.5, gt=0)
    """Chat messages per second a seat (or a writing spectator, by his address) may send
    on average, however often it reconnects ..."""
    chat_burst: int = Field(default=5, ge=1)
    """... with bursts of this many: a greeting and a few quick words, not a flood."""
    chat_address_rate: float = Field(default=2.0, gt=0)
    """Chat messages per second one client address may send over all tables and seats
    (friends behind one router share it) ..."""
    chat_address_burst: int = Field(default=20, ge=1)
    """... with bursts of this many."""
    chat_keep: int = Field(default=50, ge=0)
    """Newest chat messages a (re)connecting browser gets with its welcome."""
    open_table_ttl: float = Field(default=86400.0, gt=0)
    """Seconds an open table may wait for players without any activity before it expires
    (finished games stay)."""
    public_url: str | None = None
    """Where friends reach this server (behind a proxy or a name); invite links start here."""
    lan_url: str | None = None
    """This machine's address on the local network, when serving on every interface: the
    invite link of a page opened as ``localhost`` would reach nobody else."""
    search_workers: int = Field(default=0, ge=0)
    """Worker processes for search bots (0: one per core of the machine)."""
    review_workers: int = Field(default=1, ge=0)
    """Worker processes working out post-game reviews (each one review at a time)."""
    review_queue: int = Field(default=8, ge=0)
    """Reviews that may wait for a worker; one more is refused (``review/busy``)."""
    review_worlds: int | None = Field(default=None, ge=1)
    """Sampled worlds per decision of a review (``None``: the review engine's default)."""
    seat_away_grace: float = Field(default=180.0, ge=0)
    """Seconds a person's seat must have had no open connection (since its last one
    closed) before the host may hand it to a bot: minutes, so a blip or a reload is not
    enough."""
    abandoned_after: float = Field(default=1800.0, gt=0)
    """Seconds a running table lives on after the last person's connection to it
    closed; then it ends as ``abandoned``, unrated (:mod:`.abandon`). A game may declare
    a shorter time (``GameInfo.abandoned_after``): the shorter of the two counts."""
    seat_idle_grace: float = Field(default=180.0, ge=0)
    """Seconds a connected seat must have been idle on its turn before the host may hand
    it to a bot, at a table without a turn clock only (with one, its clock decides)."""
    max_sockets_per_seat: int = Field(default=4, ge=1)
    """Websockets one seat may have open (tabs, devices); the oldest is closed beyond."""
    min_free_disk_bytes: int = Field(default=64 * 2**20, ge=0)
    """Free space the database's directory needs for ``/healthz`` to say ok."""
    bell_tcp_rtt: bool = True
    """Cap each seat's bell latency credit at half the kernel's TCP round trip of its
    connection (docs/halligalli-fairness.md). Behind a trusted proxy (below) the round trip
    the proxy passes in ``X-Tcp-Rtt`` is the bound, or none when it sends none."""
    forwarded_allow_ips: str = "127.0.0.1,::1"
    """Proxies whose forwarding headers are believed (uvicorn's ``forwarded_allow_ips``,
    its variable and default): addresses or networks separated by commas, or ``*``. The
    bell believes the player's round trip (``X-Tcp-Rtt``) from these and loopback only."""
    body_timeout: float = Field(default=10.0, gt=0)
    """Seconds a client has to send a request body once the headers arrived."""
    header_timeout: float = Field(default=10.0, gt=0)
    """Seconds a connection has, from when it opens or a request's first byte, to send
    complete request headers; else it is closed (:mod:`.connguard`): idle connections
    and headers sent a byte at a time hold no socket for long."""
    keep_alive_timeout: int = Field(default=5, ge=0)
    """Seconds an idle keep-alive connection stays open after a response (uvicorn's
    ``timeout_keep_alive``)."""
    max_header_bytes: int = Field(default=64 * 1024, ge=1024)
    """Largest request head (request line and headers) accepted; beyond it the answer is
    431 and the connection closes."""
    max_connections: int = Field(default=4096, ge=1)
    """Open connections (websockets included) beyond which a new request is answered 503
    (uvicorn's ``limit_concurrency``); the process's file limit is raised to fit it."""
    redis_url: str | None = Field(default=None, json_schema_extra=_url_secret)
    """Redis between several server processes on one PostgreSQL database (``None``: this
    process is the only one)."""
    redis_prefix: str = "spieltisch:"
    """Prefix of every Redis channel, so several clusters can share one Redis."""
    lease_seconds: float = Field(default=3.0, gt=0)
    """Seconds without a heartbeat after which a process counts as dead and its tables
    are taken over by the others."""
    max_open_tables_per_address: int = Field(default=20, ge=1)
    """Tables one address may have open (created, not yet started or closed) at once;
    one more is refused (``table/too_many_open``): an open table lives a day, so one
    address could otherwise fill the lobby."""
    max_reviews_per_address: int = Field(default=3, ge=1)
    """Reviews one address (and one signed-in player, wherever he asks from) may have
    queued or running at once; one more is refused (``review/too_many_queued``), so one
    client cannot keep the review line full."""
    smtp_url: str | None = Field(default=None, json_schema_extra=_url_secret)
    """The mail server for turn and game-end notices of correspondence tables
    (``smtp://[user:password@]host[:port]``, ``smtps://`` for TLS from the start,
    ``smtp+starttls://`` to upgrade); ``None``: no mail is ever sent."""
    mail_from: str = "spieltisch@localhost"
    """The sender address of those mails."""
    metrics: Literal["local", "public", "off"] = "local"
    """Who may read ``/metrics``: ``local`` (loopback clients, and scrapers with the
    token below), ``public`` (everyone) or ``off`` (nobody; the route answers 404)."""
    metrics_token: str | None = Field(
        default=None, min_length=MIN_SECRET, json_schema_extra={"secret": True}
    )
    """A secret that lets a Prometheus elsewhere read ``/metrics`` with
    ``Authorization: Bearer <token>`` (``None``: loopback only; 16 characters at least)."""
    admin_token: str | None = Field(
        default=None, min_length=MIN_SECRET, json_schema_extra={"secret": True}
    )
    """A secret that gives moderation powers with ``Authorization: Bearer <token>``
    (``None``: only players marked admin with ``spieltisch admin grant``; 16 characters
    at least)."""

    anchors_file: Path | None = None
    """The bots' rating anchors, a file as ``spieltisch arena --anchors`` writes it
    (``None``: the one shipped with the package). A level missing from it is not rated
    against (docs/players.md)."""

    stage_cpu: bool = False
    """Serve the action path's CPU per stage at ``/internal/stages`` (:mod:`.stagecpu`),
    for the load tool; off in production (it tells strangers how busy the server is)."""
    group_commit_ms: float = 2.0
    """Milliseconds the write-ahead waits for more actions to share one transaction,
    counted from the first action of a batch (:mod:`spieltisch.store.loopcommit` on
    PostgreSQL, :mod:`spieltisch.store.groupcommit` on SQLite); a negative value writes
    each action alone, from a worker thread, as before."""

    @field_validator("public_url", mode="before")
    @classmethod
    def _public(cls, value: Any) -> Any:
        return public_url(value) if value is None or isinstance(value, str) else value

    @field_validator(
        "review_worlds",
        "redis_url",
        "db_schema",
        "lan_url",
        "smtp_url",
        "metrics_token",
        "admin_token",
        "anchors_file",
        mode="before",
    )
    @classmethod
    def _none_when_empty(cls, value: Any) -> Any:
        """An empty value (or 0 worlds) in the environment means the default ``None``."""
        return None if value in ("", "0", 0) else value

    @field_validator("anchors_file")
    @classmethod
    def _anchors_exist(cls, value: Path | None) -> Path | None:
        """A misspelt anchors file would silently rate nothing: refuse to start."""
        if value is not None and not value.is_file():
            raise ValueError(f"no anchors file at {value}")
        return value

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings, env_settings, LegacyEnvironment(settings_cls), dotenv_settings)

    @property
    def sqlite_path(self) -> str | None:
        """The database file, when the URL is a SQLite file.

        >>> Settings(db_url="sqlite:////var/lib/st.db").sqlite_path
        '/var/lib/st.db'
        >>> Settings(db_url="postgresql+psycopg://u@h/db").sqlite_path is None
        True
        """
        return sqlite_file(self.db_url)


def load(file: str | None = None, overrides: Mapping[str, Any] | None = None) -> Settings:
    """The effective settings: ``overrides`` (the command line) over the environment
    over ``file`` (or ``$SPIELTISCH_SETTINGS_FILE``) over the defaults.

    :raises SettingsError: a bad value, an unknown name, or a missing file, in one line.
    """
    path = file or os.environ.get(FILE_VARIABLE) or None
    if path is not None and not Path(path).is_file():
        raise SettingsError(f"the settings file {path} does not exist")
    unknown = sorted(set(overrides or {}) - set(Settings.model_fields))
    if unknown:
        raise SettingsError(f"there is no setting {unknown[0]!r} (spieltisch config lists them)")
    try:
        return Settings(_env_file=path, **dict(overrides or {}))  # type: ignore[call-arg]
    except ValidationError as exc:
        raise SettingsError(_first_error(exc)) from None


def _first_error(exc: ValidationError) -> str:
    """One line naming the setting and what is wrong with its value."""
    error = exc.errors()[0]
    where = str(error["loc"][0]) if error["loc"] else "?"
    name = where.lower().removeprefix(PREFIX.lower())
    if error["type"] == "extra_forbidden":
        return f"there is no setting {where.upper()} (spieltisch config lists them)"
    more = f" ({exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    said = str(error["msg"]).removeprefix("Value error, ")
    got = "" if error["type"] == "value_error" else f", not {error.get('input')!r}"
    return f"setting {name} ({PREFIX}{name.upper()}): {said}{got}{more}"
