"""Leaving a Halli Galli table page within the single-page app stops its clock-sync pings:
the table page disposes of the game's module, so no ping timer outlives the page and no
ping is sent once the lobby shows."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from tests.server.procserver import Server

from .conftest import new_page
from .test_halligalli_browser import open_table

pytestmark = pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed")

WATCH_PINGS = """
window.pingTimers = new Set();  // ping timers waiting to fire
window.pingsScheduled = 0;
window.pingsSent = 0;
const setT = window.setTimeout, clearT = window.clearTimeout;
window.setTimeout = (fn, ms, ...rest) => {
  if (typeof fn !== "function" || fn.name !== "ping") return setT(fn, ms, ...rest);
  window.pingsScheduled += 1;
  const id = setT(() => { window.pingTimers.delete(id); fn(); }, ms);
  window.pingTimers.add(id);
  return id;
};
window.clearTimeout = (id) => { window.pingTimers.delete(id); return clearT(id); };
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  if (String(data).includes('"type":"ping"')) window.pingsSent += 1;
  return send.call(this, data);
};
"""


def test_leaving_a_halligalli_table_stops_its_pings(browser: Any, server: Server) -> None:
    page = new_page(browser, "de")
    page.context.add_init_script(WATCH_PINGS)
    open_table(page, server)
    page.wait_for_function("() => window.pingsSent >= 2", timeout=15000)
    assert page.evaluate("window.pingTimers.size") == 1  # one ping at a time

    page.click("a.brand")  # to the lobby, within the page: no reload
    page.wait_for_selector("#create")
    assert page.evaluate("window.pingTimers.size") == 0
    scheduled, sent = page.evaluate("[window.pingsScheduled, window.pingsSent]")
    page.wait_for_timeout(6000)  # longer than the slowest ping's wait (a lost answer: 5 s)
    assert page.evaluate("[window.pingsScheduled, window.pingsSent]") == [scheduled, sent]
    assert page.evaluate("window.pingTimers.size") == 0
    assert not page.errors, page.errors
    page.context.close()
