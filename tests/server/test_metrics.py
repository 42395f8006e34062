"""``/metrics``: what an operator's Prometheus reads, and who may read it."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from spieltisch.server import Settings, create_app
from spieltisch.server.main import serve
from spieltisch.server.settings import SettingsError, load

from .conftest import create, hello, two_humans, until

LOOPBACK = ("127.0.0.1", 50000)
OUTSIDER = ("203.0.113.9", 50000)


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a scrape by name and labels (parsed as Prometheus parses it)."""
    out = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def scrape(client: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    r = client.get("/metrics")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain")
    return samples(r.text)


def test_metrics_count_actions_latencies_sockets_tables_and_errors(settings: Settings) -> None:
    with TestClient(create_app(settings), client=LOOPBACK) as client:
        before = scrape(client)
        assert before[("spieltisch_actions_total", ())] == 0
        tid, t0, t1 = two_humans(client)
        create(client, [{"kind": "human"}, {"kind": "human"}], name="Cy")  # stays open
        rng = random.Random(2)
        with (
            client.websocket_connect(f"/ws/tables/{tid}") as a,
            client.websocket_connect(f"/ws/tables/{tid}") as b,
        ):
            sockets = {0: a, 1: b}
            views = {0: hello(a, t0), 1: hello(b, t1)}
            for _ply in range(6):
                seat = views[0]["view"]["active_seat"]
                action = rng.choice(views[seat]["view"]["legal_actions"])
                sockets[seat].send_json({"type": "act", "action": action})
                views = {0: until(a, "step"), 1: until(b, "step")}
            a.send_json({"type": "act", "action": "nonsense"})  # a refusal on the socket
            assert until(a, "error")["code"] in ("action/illegal", "action/invalid_notation")
            live = scrape(client)
            assert live[("spieltisch_sockets", ())] == 2
        assert client.get("/api/tables/nosuchtable").status_code == 404
        after = scrape(client)
    assert after[("spieltisch_actions_total", ())] == 6
    assert after[("spieltisch_action_broadcast_seconds_count", ())] == 6
    assert after[("spieltisch_action_broadcast_seconds_bucket", (("le", "+Inf"),))] == 6
    assert after[("spieltisch_write_ahead_seconds_count", ())] == 6
    assert after[("spieltisch_write_ahead_seconds_sum", ())] > 0
    assert after[("spieltisch_tables", (("status", "running"),))] == 1
    assert after[("spieltisch_tables", (("status", "open"),))] == 1
    assert after[("spieltisch_live_tables", ())] == 1
    assert after[("spieltisch_sockets", ())] == 0
    assert after[("spieltisch_bot_queue", ())] == 0
    assert after[("spieltisch_reviews", (("state", "queued"),))] == 0
    assert after[("spieltisch_errors_total", (("code", "table/not_found"),))] == 1
    refused = [v for (name, labels), v in after.items() if name == "spieltisch_errors_total"]
    assert sum(refused) == 2  # the move on the socket and the unknown table
    assert ("spieltisch_cluster_leases", ()) not in after  # a single process has none


def test_bot_decisions_are_timed(settings: Settings) -> None:
    with TestClient(create_app(settings), client=LOOPBACK) as client:
        made = create(
            client,
            [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}],
            options={"match": "single"},
        )
        tid = made["table"]["id"]
        for _ in range(200):
            if client.get(f"/api/tables/{tid}").json()["status"] == "finished":
                break
            client.get("/healthz")
        plies = client.app.state.manager.store.record(tid)["actions"]  # type: ignore[attr-defined]
        # The last move's commit finishes the table; its broadcast, which counts it,
        # follows on the event loop a moment later.
        for _ in range(200):
            found = scrape(client)
            if found[("spieltisch_actions_total", ())] >= len(plies):
                break
            time.sleep(0.01)
    decided = sum(
        found[("spieltisch_bot_decision_seconds_count", (("lane", lane),))]
        for lane in ("loop", "thread", "pool")
    )
    assert decided >= len(plies) > 0
    assert found[("spieltisch_actions_total", ())] == len(plies)


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"authorization": "Bearer wrong-token-of-same-size"},
        {"authorization": "Bearer "},
        {"authorization": "Basic c2VjcmV0"},
        {"x-forwarded-for": "127.0.0.1", "x-real-ip": "127.0.0.1"},  # not a trusted proxy
    ],
)
def test_an_outsider_gets_no_metrics(settings: Settings, headers: dict[str, str]) -> None:
    guarded = settings.model_copy(update=dict(metrics_token="right-token-of-same-size!"))
    with TestClient(create_app(guarded), client=OUTSIDER) as client:
        r = client.get("/metrics", headers=headers)
        assert r.status_code == 404
        assert r.json()["error"]["code"] == "request/not_found"
        assert "spieltisch_" not in r.text


def test_a_scraper_elsewhere_reads_with_the_token(settings: Settings) -> None:
    guarded = settings.model_copy(update=dict(metrics_token="right-token-of-same-size!"))
    with TestClient(create_app(guarded), client=OUTSIDER) as client:
        r = client.get("/metrics", headers={"authorization": "Bearer right-token-of-same-size!"})
        assert r.status_code == 200 and "spieltisch_actions_total" in r.text


def test_public_opens_and_off_closes_the_metrics(settings: Settings) -> None:
    public = settings.model_copy(update=dict(metrics="public"))
    with TestClient(create_app(public), client=OUTSIDER) as client:
        assert client.get("/metrics").status_code == 200
    off = settings.model_copy(update=dict(metrics="off"))
    with TestClient(create_app(off), client=LOOPBACK) as client:
        assert client.get("/metrics").status_code == 404


def test_a_bad_metrics_setting_refuses_to_start() -> None:
    with pytest.raises(SettingsError, match="SPIELTISCH_METRICS"):
        load(None, {"metrics": "everyone"})


def test_the_sample_dashboard_shows_every_metric_and_only_real_ones(settings: Settings) -> None:
    dashboard = json.loads((Path(__file__).parents[2] / "docs/grafana-dashboard.json").read_text())
    used = {
        name
        for panel in dashboard["panels"]
        for target in panel["targets"]
        for name in re.findall(r"spieltisch_\w+", target["expr"])
    }
    with TestClient(create_app(settings), client=LOOPBACK) as client:
        text = client.get("/metrics").text
    kinds = dict(re.findall(r"^# TYPE (spieltisch_\w+) (\w+)$", text, re.MULTILINE))
    kinds |= {"spieltisch_cluster_leases": "gauge", "spieltisch_cluster_relays": "gauge"}
    suffixes = {"gauge": ("",), "counter": ("",), "histogram": ("_bucket", "_sum", "_count")}
    series = {name: {name + end for end in suffixes[kind]} for name, kind in kinds.items()}
    assert used <= set().union(*series.values())  # no panel asks for a metric we lack
    assert all(names & used for names in series.values())  # every metric has a panel


def test_a_bad_metrics_setting_stops_the_server_in_one_line(
    monkeypatch: pytest.MonkeyPatch, db_url: str
) -> None:
    monkeypatch.setenv("SPIELTISCH_METRICS", "everyone")
    with pytest.raises(SystemExit, match=r"^spieltisch: setting metrics \(SPIELTISCH_METRICS\): "):
        serve("127.0.0.1", 0, db_url)
