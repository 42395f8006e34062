"""Two browsers on two server processes of one cluster play Halali to the end.

Ada opens the lobby of process A and creates the table; Bob follows her invite link on
process B (another port, as a load balancer might send him). Every move reaches the
other page through PostgreSQL and Redis; a spectator on B watches; the finished game
replays on either process.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.clusterkit import Cluster, running_cluster

from .conftest import new_page, shot
from .test_browser import _create, _my_turn, _play_one, _wait

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed"),
]


@pytest.fixture(scope="module")
def two() -> Iterator[Cluster]:
    with running_cluster(2) as cluster:
        yield cluster


def test_halali_across_two_processes_in_the_browser(browser: Any, two: Cluster) -> None:
    a, b = two.servers
    ada = new_page(browser, "de")
    bob = new_page(browser, "de", mobile=True)
    tid = _create(ada, a, "Ada", "human", match="single")
    ada.wait_for_selector("#invite")
    invite = ada.input_value("#invite")
    assert invite.startswith(a.base)
    bob.goto(invite.replace(a.base, b.base))  # the same link, answered by the other process
    bob.wait_for_selector("#join")
    bob.fill("#join-name", "Bob")
    bob.click("#join")
    bob.wait_for_selector(".board")
    ada.wait_for_selector(".board")
    watcher = new_page(browser, "en")
    watcher.goto(f"{b.base}/t/{tid}")
    watcher.wait_for_selector(".board")
    rng = random.Random(5)
    plies = 0
    while plies < 600:
        if ada.locator("#result").count() and bob.locator("#result").count():
            break
        page = ada if _my_turn(ada) else bob if _my_turn(bob) else None
        if page is None:
            ada.wait_for_timeout(50)
            continue
        _play_one(page, rng)
        plies += 1
        if plies == 20:
            shot(bob, "cluster-bob-on-b-de-phone")
            shot(watcher, "cluster-spectator-on-b-en")
    ada.wait_for_selector("#result")
    bob.wait_for_selector("#result")
    watcher.wait_for_selector("#result")
    assert "Spiel beendet" in ada.inner_text("#status")
    assert "Spiel beendet" in bob.inner_text("#status")
    assert "Game over" in watcher.inner_text("#status")
    log = [p.locator("#log li").count() for p in (ada, bob, watcher)]
    assert log[0] == log[1] == log[2]  # every move on every page
    assert log[0] >= len(two.record(tid)) == plies
    shot(ada, "cluster-result-ada-on-a-de")
    assert not ada.errors and not bob.errors and not watcher.errors
    bob.goto(f"{b.base}/replay/{tid}")
    bob.wait_for_selector("#replay-step")
    bob.click("#last")
    _wait(lambda: bool(bob.locator("#result").count()), bob)
