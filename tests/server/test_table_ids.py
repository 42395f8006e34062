"""One typed table id for every route (:mod:`spieltisch.server.tableid`): an id no table
can have (too long, odd characters) is answered like an unknown table, on every route
and on the socket, and a real id is never mistaken for a cut-off longer one."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from .conftest import create, hello

NOT_IDS = ["x" * 33, "a.b", "a%20b", "ä" * 40]
ROUTES = [
    ("get", "/api/tables/{}"),
    ("post", "/api/tables/{}/join"),
    ("post", "/api/tables/{}/seats/0/bot"),
    ("post", "/api/tables/{}/seats/0/human"),
    ("post", "/api/tables/{}/close"),
    ("get", "/api/tables/{}/replay/0"),
    ("get", "/api/tables/{}/rematch"),
    ("post", "/api/tables/{}/rematch"),
    ("post", "/api/tables/{}/review"),
    ("get", "/api/tables/{}/review/0"),
]


@pytest.mark.parametrize("bad", NOT_IDS)
def test_an_id_no_table_can_have_is_not_found_on_every_route(client: TestClient, bad: str) -> None:
    for method, route in ROUTES:
        r = client.request(
            method,
            route.format(bad),
            json={"name": "Bob", "seat": 0, "level": "random"},
            headers={"authorization": "Bearer t"},
        )
        assert (r.status_code, r.json()["error"]["code"]) == (404, "table/not_found"), route


def test_a_longer_id_is_not_cut_to_a_real_one(client: TestClient) -> None:
    tid = create(client, [{"kind": "human"}, {"kind": "human"}])["table"]["id"]
    longer = tid + "x" * (40 - len(tid))
    assert client.get(f"/api/tables/{tid}").status_code == 200
    assert client.get(f"/api/tables/{longer}").json()["error"]["code"] == "table/not_found"


def test_the_socket_of_an_id_no_table_can_have_says_not_found(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/" + "x" * 40) as ws:
        assert hello(ws, None)["code"] == "table/not_found"
