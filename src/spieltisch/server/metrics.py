"""Prometheus metrics at ``/metrics``: what an operator watches in the tools he runs.

Two kinds of numbers. What happens (actions, errors, latencies) is counted where it
happens, on the event loop, in :class:`Meters`: plain integers and fixed bucket arrays,
no lock and no allocation per action (prometheus-client's own counters take a lock on
every increment). What *is* (tables by status, sockets, queues, leases) is read when
Prometheus asks, from the objects that already know it, so the live path pays nothing.

Access: loopback clients only by default; ``SPIELTISCH_METRICS=public`` opens it to
everyone, ``SPIELTISCH_METRICS_TOKEN`` lets a scraper elsewhere in with
``Authorization: Bearer <token>`` (compared in constant time), ``off`` answers 404.
Behind a reverse proxy the client address is the one the trusted proxy forwards
(``forwarded_allow_ips``), as for every other route.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fastapi import APIRouter, Request, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector
from prometheus_client.registry import Collector

from .errors import ApiError, ErrorCode
from .meters import Histogram, Meters
from .schemas import refusals

if TYPE_CHECKING:
    from .cluster import Cluster
    from .reviews import ReviewDesk
    from .tables import TableManager

router = APIRouter(tags=["ops"])

ACCESS = ("local", "public", "off")
"""The values of the ``metrics`` setting."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What is, read at scrape time (the part that needs the database read in a thread)."""

    tables: dict[str, int]
    live_tables: int
    sockets: int
    bot_queue: int
    reviews: dict[str, int]
    process: str | None
    leases: int | None
    relays: int | None


async def snapshot(
    manager: TableManager, reviews: ReviewDesk | None, cluster: Cluster | None
) -> Snapshot:
    """The gauges now: tables by status from the store, the rest from memory."""
    tables = await asyncio.to_thread(manager.store.table_counts)
    live = [t for t in manager.tables.values() if t.runtime is not None and not t.runtime.is_over()]
    sockets = sum(len(t.connections) for t in manager.tables.values())
    jobs = list(reviews.jobs.values()) if reviews is not None else []
    running = sum(1 for job in jobs if job.running)
    leases = relays = None
    if cluster is not None:
        relays = len(cluster.relays)
        sockets += relays
        leases = len(await asyncio.to_thread(cluster.leases.mine))
    return Snapshot(
        tables=tables,
        live_tables=len(live),
        sockets=sockets,
        bot_queue=len(manager.pool.queue),
        reviews={"queued": len(jobs) - running, "running": running},
        process=None if cluster is None else cluster.me,
        leases=leases,
        relays=relays,
    )


class Exposition(Collector):
    """One scrape's families, from the meters and a snapshot."""

    def __init__(self, meters: Meters, now: Snapshot) -> None:
        self.meters = meters
        self.now = now

    def collect(self) -> Iterator[Metric]:
        m, now = self.meters, self.now
        tables = GaugeMetricFamily(
            "spieltisch_tables", "Tables in the database by status", labels=["status"]
        )
        for status, count in sorted(now.tables.items()):
            tables.add_metric([status], count)
        yield tables
        yield GaugeMetricFamily(
            "spieltisch_live_tables", "Unfinished tables this process runs", value=now.live_tables
        )
        yield GaugeMetricFamily(
            "spieltisch_sockets",
            "Open websockets of this process (relayed ones included)",
            value=now.sockets,
        )
        yield CounterMetricFamily(
            "spieltisch_actions", "Actions stored and broadcast (people and bots)", m.actions
        )
        yield _histogram(
            "spieltisch_action_broadcast_seconds",
            "From an action's arrival to its broadcast",
            m.action_broadcast,
        )
        yield _histogram("spieltisch_write_ahead_seconds", "Storing one action", m.write_ahead)
        bots = HistogramMetricFamily(
            "spieltisch_bot_decision_seconds",
            "From asking a bot to its plan, by where it thought",
            labels=["lane"],
        )
        for lane, h in m.bot_decision.items():
            bots.add_metric([lane], h.cumulative(), h.total)
        yield bots
        yield GaugeMetricFamily(
            "spieltisch_bot_queue", "Search jobs waiting for a worker process", value=now.bot_queue
        )
        reviews = GaugeMetricFamily(
            "spieltisch_reviews", "Reviews of this process by state", labels=["state"]
        )
        for state, count in now.reviews.items():
            reviews.add_metric([state], count)
        yield reviews
        errors = CounterMetricFamily(
            "spieltisch_errors", "Refusals sent (HTTP and websocket) by code", labels=["code"]
        )
        for code, count in sorted(m.errors.items()):
            errors.add_metric([code], count)
        yield errors
        if now.process is not None and now.leases is not None and now.relays is not None:
            leases = GaugeMetricFamily(
                "spieltisch_cluster_leases",
                "Tables this process holds the lease of",
                labels=["process"],
            )
            leases.add_metric([now.process], now.leases)
            yield leases
            relays = GaugeMetricFamily(
                "spieltisch_cluster_relays",
                "Sockets this process relays to a table's owner",
                labels=["process"],
            )
            relays.add_metric([now.process], now.relays)
            yield relays
        yield from PROCESS.collect()
        yield from PLATFORM.collect()


PROCESS = ProcessCollector(registry=None)
PLATFORM = PlatformCollector(registry=None)


def _histogram(name: str, doc: str, h: Histogram) -> HistogramMetricFamily:
    return HistogramMetricFamily(name, doc, buckets=h.cumulative(), sum_value=h.total)


def is_loopback(host: str | None) -> bool:
    """Whether a client address is this machine's own.

    >>> is_loopback("127.0.0.1"), is_loopback("::1"), is_loopback("10.0.0.1")
    (True, True, False)
    >>> is_loopback("testclient"), is_loopback(None)
    (False, False)
    """
    try:
        return host is not None and ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def allowed(access: str, token: str | None, client: str | None, authorization: str) -> bool:
    """Whether ``client`` may read the metrics under the ``metrics`` setting.

    >>> allowed("local", None, "127.0.0.1", ""), allowed("local", None, "10.1.2.3", "")
    (True, False)
    >>> allowed("public", None, "10.1.2.3", ""), allowed("off", None, "127.0.0.1", "")
    (True, False)
    >>> allowed("local", "s3cret", "10.1.2.3", "Bearer s3cret")
    True
    >>> allowed("local", "s3cret", "10.1.2.3", "Bearer s3cre")
    False
    """
    if access == "off":
        return False
    if access == "public" or is_loopback(client):
        return True
    scheme, _, given = authorization.partition(" ")
    if token is None or scheme.lower() != "bearer":
        return False
    return hmac.compare_digest(given.strip().encode(), token.encode())


@router.get(
    "/metrics",
    response_class=Response,
    responses={
        200: {"content": {CONTENT_TYPE_LATEST: {}}, "description": "Prometheus text"},
        **refusals(ErrorCode.REQUEST_NOT_FOUND),
    },
)
async def metrics(request: Request) -> Response:
    """This process's metrics in Prometheus's text format (see the module for access)."""
    settings = request.app.state.settings
    client = request.client.host if request.client else None
    header = request.headers.get("authorization", "")
    if not allowed(settings.metrics, settings.metrics_token, client, header):
        raise ApiError(ErrorCode.REQUEST_NOT_FOUND, "not found")
    manager: TableManager = request.app.state.manager
    state = request.app.state
    now = await snapshot(manager, getattr(state, "reviews", None), state.cluster)
    body = generate_latest(Exposition(request.app.state.meters, now))
    return Response(body, media_type=CONTENT_TYPE_LATEST)
