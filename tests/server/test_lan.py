"""Friends on the local network: the app answers a LAN address, invite links know where
they point, and the addresses a server offers are never loopback."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from spieltisch.server import Settings, create_app
from spieltisch.server.main import lan_address
from spieltisch.server.settings import public_url

from .conftest import create, hello, two_humans

LAN = "192.168.1.23:8000"


def test_pages_api_and_websocket_answer_a_lan_host(client: TestClient) -> None:
    tid, token, _ = two_humans(client)
    lan = {"host": LAN}
    page = client.get(f"/t/{tid}", headers=lan)
    assert page.status_code == 200
    # 'self' in the policy is whatever address the browser used, so a LAN page may
    # load its scripts and open its websocket without naming the address anywhere.
    policy = page.headers["content-security-policy"]
    assert "connect-src 'self'" in policy and "192.168" not in policy
    made = client.post(
        "/api/tables",
        json={"game": "halali", "seats": [{"kind": "human"}, {"kind": "human"}]},
        headers={**lan, "origin": f"http://{LAN}"},
    )
    assert made.status_code == 201
    with client.websocket_connect(
        f"/ws/tables/{tid}", headers={**lan, "origin": f"http://{LAN}"}
    ) as ws:
        msg = hello(ws, token)
        assert msg["type"] == "welcome" and msg["seat"] == 0


def test_invites_point_to_the_browser_origin_unless_a_public_url_is_set(
    client: TestClient, settings: Settings
) -> None:
    server = client.get("/api/server").json()
    assert server == {"public_url": None, "lan_url": None, "open_table_ttl": 86400.0}
    configured = settings.model_copy(
        update=dict(public_url="https://spiele.example.org", lan_url="http://192.168.1.23:8000")
    )
    with TestClient(create_app(configured)) as other:
        create(other, [{"kind": "human"}, {"kind": "human"}])
        assert other.get("/api/server").json() == {
            "public_url": "https://spiele.example.org",
            "lan_url": "http://192.168.1.23:8000",
            "open_table_ttl": 86400.0,
        }


def test_public_url_is_an_http_address_without_trailing_slash() -> None:
    assert public_url("http://spiele.local:8000/") == "http://spiele.local:8000"
    assert public_url(None) is None
    with pytest.raises(ValueError, match="http"):
        public_url("ftp://spiele.local")


def test_the_offered_lan_address_is_never_loopback() -> None:
    address = lan_address()
    assert address is None or not address.startswith("127.")
