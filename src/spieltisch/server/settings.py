"""The server's settings: one typed object, from the command line or the environment."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def default_db_url() -> str:
    """``sqlite:///spieltisch.db`` in the working directory, or ``SPIELTISCH_DB``."""
    return os.environ.get("SPIELTISCH_DB") or f"sqlite:///{Path('spieltisch.db').resolve()}"


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


def switch(value: str) -> bool:
    """An on/off setting from the environment.

    >>> switch("off"), switch("On"), switch("1")
    (False, True, True)
    >>> switch("maybe")
    Traceback (most recent call last):
    ValueError: an on/off setting is on or off: 'maybe'
    """
    word = value.strip().lower()
    if word in ("on", "1", "true", "yes"):
        return True
    if word in ("off", "0", "false", "no"):
        return False
    raise ValueError(f"an on/off setting is on or off: {value!r}")


@dataclass(frozen=True, slots=True)
class Settings:
    db_url: str = field(default_factory=default_db_url)
    """Any SQLAlchemy URL; SQLite file by default."""
    db_schema: str | None = None
    """PostgreSQL schema for the tables (``None``: the default schema)."""
    bot_delay: float = field(
        default_factory=lambda: float(os.environ.get("SPIELTISCH_BOT_DELAY", "0.7"))
    )
    """Seconds a bot 'thinks' before a move, so people can follow the game."""
    max_message_bytes: int = 4096
    """Largest websocket message accepted from a client."""
    max_body_bytes: int = 16 * 1024
    """Largest HTTP request body accepted."""
    ws_rate: float = 8.0
    """Websocket messages per second a connection may send on average ..."""
    ws_burst: int = 20
    """... with bursts of this many."""
    http_rate: float = 2.0
    """Lobby writes (create, join, seat changes) per second per client address ..."""
    http_burst: int = 30
    """... with bursts of this many."""
    hint_rate: float = 1.0
    """Hint questions per second per client address on average ..."""
    hint_burst: int = 10
    """... with bursts of this many."""
    hint_seconds: float = 1.0
    """Time cap of one hint's work; a question that needs longer is answered
    ``hint/timeout`` (an honest Kalooki hand needs a few milliseconds)."""
    hint_cache: int = 1024
    """Hint answers remembered (least recently asked forgotten first)."""
    hello_timeout: float = 10.0
    """Seconds a new websocket has to say who it is."""
    chat_max_chars: int = 200
    """Longest chat message (characters, after control characters are removed)."""
    chat_rate: float = 0.5
    """Chat messages per second a seat (or a writing spectator, by his address) may send
    on average, however often it reconnects ..."""
    chat_burst: int = 5
    """... with bursts of this many: a greeting and a few quick words, not a flood."""
    chat_address_rate: float = 2.0
    """Chat messages per second one client address may send over all tables and seats
    (friends behind one router share it) ..."""
    chat_address_burst: int = 20
    """... with bursts of this many."""
    chat_keep: int = 50
    """Newest chat messages a (re)connecting browser gets with its welcome."""
    open_table_ttl: float = field(
        default_factory=lambda: float(os.environ.get("SPIELTISCH_OPEN_TABLE_TTL", "86400"))
    )
    """Seconds an open table may wait for players without any activity before it expires
    (finished games stay)."""
    public_url: str | None = field(
        default_factory=lambda: public_url(os.environ.get("SPIELTISCH_PUBLIC_URL"))
    )
    """Where friends reach this server (behind a proxy or a name); invite links start here."""
    lan_url: str | None = None
    """This machine's address on the local network, when serving on every interface: the
    invite link of a page opened as ``localhost`` would reach nobody else."""
    search_workers: int = field(
        default_factory=lambda: int(os.environ.get("SPIELTISCH_SEARCH_WORKERS", "0"))
    )
    """Worker processes for search bots (0: one per core of the machine)."""
    review_workers: int = field(
        default_factory=lambda: int(os.environ.get("SPIELTISCH_REVIEW_WORKERS", "1"))
    )
    """Worker processes working out post-game reviews (each one review at a time)."""
    review_queue: int = field(
        default_factory=lambda: int(os.environ.get("SPIELTISCH_REVIEW_QUEUE", "8"))
    )
    """Reviews that may wait for a worker; one more is refused (``review/busy``)."""
    review_worlds: int | None = field(
        default_factory=lambda: int(os.environ.get("SPIELTISCH_REVIEW_WORLDS") or 0) or None
    )
    """Sampled worlds per decision of a review (``None``: the review engine's default)."""
    seat_away_grace: float = field(
        default_factory=lambda: float(os.environ.get("SPIELTISCH_SEAT_AWAY_GRACE", "180"))
    )
    """Seconds a person's seat must have had no open connection (since its last one
    closed) before the host may hand it to a bot: minutes, so a blip or a reload is not
    enough."""
    abandoned_after: float = field(
        default_factory=lambda: float(os.environ.get("SPIELTISCH_ABANDONED_AFTER", "1800"))
    )
    """Seconds a running table lives on after the last person's connection to it
    closed; then it ends as ``abandoned``, unrated (:mod:`.abandon`). A game may declare
    a shorter time (``GameInfo.abandoned_after``): the shorter of the two counts."""
    seat_idle_grace: float = field(
        default_factory=lambda: float(os.environ.get("SPIELTISCH_SEAT_IDLE_GRACE", "180"))
    )
    """Seconds a connected seat must have been idle on its turn before the host may hand
    it to a bot, at a table without a turn clock only (with one, its clock decides)."""
    max_sockets_per_seat: int = field(
        default_factory=lambda: int(os.environ.get("SPIELTISCH_SOCKETS_PER_SEAT", "4"))
    )
    """Websockets one seat may have open (tabs, devices); the oldest is closed beyond."""
    min_free_disk_bytes: int = field(
        default_factory=lambda: int(os.environ.get("SPIELTISCH_MIN_FREE_DISK_MB", "64")) * 2**20
    )
    """Free space the database's directory needs for ``/healthz`` to say ok."""
    bell_tcp_rtt: bool = field(
        default_factory=lambda: switch(os.environ.get("SPIELTISCH_BELL_TCP_RTT", "on"))
    )
    """Cap each seat's bell latency credit at half the kernel's TCP round trip of its
    connection (docs/halligalli-fairness.md). Behind a trusted proxy (below) the round trip
    the proxy passes in ``X-Tcp-Rtt`` is the bound, or none when it sends none."""
    forwarded_allow_ips: str = field(
        default_factory=lambda: os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
    )
    """Proxies whose forwarding headers are believed (uvicorn's ``forwarded_allow_ips``,
    its variable and default): addresses or networks separated by commas, or ``*``. The
    bell believes the player's round trip (``X-Tcp-Rtt``) from these and loopback only."""
    body_timeout: float = field(
        default_factory=lambda: float(os.environ.get("SPIELTISCH_BODY_TIMEOUT", "10"))
    )
    """Seconds a client has to send a request body once the headers arrived."""
    header_timeout: float = field(
        default_factory=lambda: float(os.environ.get("SPIELTISCH_HEADER_TIMEOUT", "10"))
    )
    """Seconds a connection has, from when it opens or a request's first byte, to send
    complete request headers; else it is closed (:mod:`.connguard`): idle connections
    and headers sent a byte at a time hold no socket for long."""
    keep_alive_timeout: int = field(
        default_factory=lambda: int(os.environ.get("SPIELTISCH_KEEP_ALIVE_TIMEOUT", "5"))
    )
    """Seconds an idle keep-alive connection stays open after a response (uvicorn's
    ``timeout_keep_alive``)."""
    max_header_bytes: int = field(
        default_factory=lambda: int(os.environ.get("SPIELTISCH_MAX_HEADER_KB", "64")) * 1024
    )
    """Largest request head (request line and headers) accepted; beyond it the answer is
    431 and the connection closes."""
    max_connections: int = field(
        default_factory=lambda: int(os.environ.get("SPIELTISCH_MAX_CONNECTIONS", "4096"))
    )
    """Open connections (websockets included) beyond which a new request is answered 503
    (uvicorn's ``limit_concurrency``); the process's file limit is raised to fit it."""
    redis_url: str | None = field(
        default_factory=lambda: os.environ.get("SPIELTISCH_REDIS") or None
    )
    """Redis between several server processes on one PostgreSQL database (``None``: this
    process is the only one)."""
    redis_prefix: str = field(
        default_factory=lambda: os.environ.get("SPIELTISCH_REDIS_PREFIX", "spieltisch:")
    )
    """Prefix of every Redis channel, so several clusters can share one Redis."""
    lease_seconds: float = field(
        default_factory=lambda: float(os.environ.get("SPIELTISCH_LEASE_SECONDS", "3"))
    )
    """Seconds without a heartbeat after which a process counts as dead and its tables
    are taken over by the others."""
    max_open_tables_per_address: int = field(
        default_factory=lambda: int(os.environ.get("SPIELTISCH_MAX_OPEN_TABLES_PER_ADDRESS", "20"))
    )
    """Tables one address may have open (created, not yet started or closed) at once;
    one more is refused (``table/too_many_open``): an open table lives a day, so one
    address could otherwise fill the lobby."""
    max_reviews_per_address: int = field(
        default_factory=lambda: int(os.environ.get("SPIELTISCH_MAX_REVIEWS_PER_ADDRESS", "3"))
    )
    """Reviews one address (and one signed-in player, wherever he asks from) may have
    queued or running at once; one more is refused (``review/too_many_queued``), so one
    client cannot keep the review line full."""
    smtp_url: str | None = field(
        default_factory=lambda: os.environ.get("SPIELTISCH_SMTP_URL") or None
    )
    """The mail server for turn and game-end notices of correspondence tables
    (``smtp://[user:password@]host[:port]``, ``smtps://`` for TLS from the start,
    ``smtp+starttls://`` to upgrade); ``None``: no mail is ever sent."""
    mail_from: str = field(
        default_factory=lambda: os.environ.get("SPIELTISCH_MAIL_FROM", "spieltisch@localhost")
    )
    """The sender address of those mails."""
    stage_cpu: bool = field(
        default_factory=lambda: switch(os.environ.get("SPIELTISCH_STAGE_CPU", "off"))
    )
    """Serve the action path's CPU per stage at ``/internal/stages`` (:mod:`.stagecpu`),
    for the load tool; off in production (it tells strangers how busy the server is)."""
    group_commit_ms: float = field(
        default_factory=lambda: float(os.environ.get("SPIELTISCH_GROUP_COMMIT_MS", "1"))
    )
    """Milliseconds the write-ahead waits for more actions to share one transaction
    (:mod:`spieltisch.store.groupcommit`); a negative value writes each action alone,
    from a worker thread, as before."""

    @property
    def sqlite_path(self) -> str | None:
        """The database file, when the URL is a SQLite file.

        >>> Settings(db_url="sqlite:////var/lib/st.db").sqlite_path
        '/var/lib/st.db'
        >>> Settings(db_url="postgresql+psycopg://u@h/db").sqlite_path is None
        True
        """
        prefix = "sqlite:///"
        if self.db_url.startswith(prefix) and ":memory:" not in self.db_url:
            return self.db_url[len(prefix) :]
        return None
