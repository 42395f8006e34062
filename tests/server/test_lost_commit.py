"""A write whose answer is lost: the move is in the record, memory must follow it.

PostgreSQL commits a move, the connection breaks before its answer arrives, and the
store's retry finds the database away. The outcome is unknown, not failed: the table
must play nothing more until it has compared itself with its record, and then go on
from the record (here: with the move). Before, memory was rolled back and every later
move on the table was refused (its ply was taken) until a restart put the "failed" move
back into the game. On SQLite the same class of fault: the write commits, then raises.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from spieltisch.server import Settings, create_app
from spieltisch.store import Store
from tests.helpers.tcpproxy import LossyProxy
from tests.store.conftest import PG_URL

from .conftest import create, hello, two_humans, until

Arm = Callable[[TestClient], Callable[[], bool]]
"""Makes the next append of the client's server commit and then fail; returns whether
the database is back."""


def _through_proxy(proxy: LossyProxy) -> str:
    parts = urlsplit(PG_URL)
    return parts._replace(netloc=f"{parts.username}@127.0.0.1:{proxy.port}").geturl()


@pytest.fixture(params=["sqlite", "postgresql"])
def lossy(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[tuple[Settings, Arm]]:
    if request.param == "sqlite":

        def commit_then_fail(client: TestClient) -> Callable[[], bool]:
            store = client.app.state.manager.store  # type: ignore[attr-defined]
            originals = store.append_action, store.append_actions

            def once(original: Callable[..., None]) -> Callable[..., None]:
                def append(*args: Any) -> None:
                    store.append_action, store.append_actions = originals
                    original(*args)
                    raise OSError("the answer was lost")

                return append

            # alone or grouped (the group commit writes a batch)
            store.append_action, store.append_actions = map(once, originals)
            return lambda: True

        yield (
            Settings(db_url=f"sqlite:///{tmp_path / 'server.db'}", bot_delay=0.0),
            commit_then_fail,
        )
        return
    proxy = LossyProxy(int(urlsplit(PG_URL).port or 5432))
    schema = f"st_lost_{uuid.uuid4().hex[:12]}"

    def lose_the_answer(client: TestClient) -> Callable[[], bool]:
        store = client.app.state.manager.store  # type: ignore[attr-defined]
        store._writer.connect().close()  # its first connect commits too: not that one
        # the group commit's batch is one autocommitted statement: it commits there. Its
        # text goes once per connection (asyncpg prepares it); the packet that runs it
        # carries the batch, a JSON array of the actions' records
        proxy.arm(b'[{"tid":', away=1.5)
        return proxy.back

    try:
        yield (
            Settings(db_url=_through_proxy(proxy), db_schema=schema, bot_delay=0.0),
            lose_the_answer,
        )
    finally:
        proxy.close()
        engine = create_engine(PG_URL)
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        engine.dispose()


def _stored(settings: Settings, table_id: str) -> list[str]:
    url = PG_URL if settings.db_schema else settings.db_url
    store = Store(url, schema=settings.db_schema, create=False)
    try:
        return [a["action"]["square"] for a in store.actions(table_id)]
    finally:
        store.close()


def _next(ws: Any, *kinds: str) -> dict[str, Any]:
    for _ in range(50):
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] in kinds:
            return msg
    raise AssertionError(f"none of {kinds}")


def test_a_move_committed_without_an_answer_is_followed_not_wedged(
    lossy: tuple[Settings, Arm],
) -> None:
    settings, arm = lossy
    with TestClient(create_app(settings)) as client:
        tid, t0, t1 = two_humans(client)
        with (
            client.websocket_connect(f"/ws/tables/{tid}") as a,
            client.websocket_connect(f"/ws/tables/{tid}") as b,
        ):
            hello(a, t0)
            hello(b, t1)
            back = arm(client)
            a.send_json({"type": "act", "action": "flip b2", "ply": 0})
            refused = until(a, "error")
            assert refused["code"] == "server/store"
            assert _stored(settings, tid) == ["b2"]  # committed all the same
            live = client.app.state.manager.tables[tid]  # type: ignore[attr-defined]
            deadline = time.monotonic() + 10
            while live.unsettled or not back():
                assert time.monotonic() < deadline, "the table never settled"
                time.sleep(0.05)
            again = until(a, "welcome")  # everyone gets the table anew, with the move
            assert again["ply"] == 1 and again["view"]["board"]["b2"].get("hidden") is None
            b.send_json({"type": "act", "action": "flip c2", "ply": 1})
            answer = _next(b, "step", "error")
            assert answer["type"] == "step" and answer["ply"] == 2, answer
    assert _stored(settings, tid) == ["b2", "c2"]


def test_a_bot_move_committed_without_an_answer_is_followed_by_the_driver(
    lossy: tuple[Settings, Arm],
) -> None:
    """The bot driver's write: nobody sends anything, the driver itself settles the
    table (again every second while the database is away) and the game goes on."""
    settings, arm = lossy
    settings = settings.model_copy(update=dict(bot_delay=0.5))
    with TestClient(create_app(settings)) as client:
        made = create(client, [{"kind": "human"}, {"kind": "bot", "level": "random"}], name="Ada")
        tid = made["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as a:
            hello(a, made["seat_token"])
            a.send_json({"type": "act", "action": "flip b2", "ply": 0})
            assert until(a, "step")["ply"] == 1
            back = arm(client)  # the bot's move, due in half a second: no answer
            again = until(a, "welcome")
            assert again["ply"] == 2 and len(_stored(settings, tid)) == 2
            square = next(s for s, c in again["view"]["board"].items() if c.get("hidden"))
            deadline = time.monotonic() + 10
            while not back():
                assert time.monotonic() < deadline
                time.sleep(0.05)
            a.send_json({"type": "act", "action": f"flip {square}", "ply": 2})
            assert _next(a, "step", "error")["ply"] == 3
