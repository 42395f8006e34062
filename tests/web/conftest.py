"""Browser tests: Playwright for Python driving Debian's Chromium against a real server.

Screenshots go to ``artifacts/`` (gitignored). Skipped when Chromium is not installed
(``.ci/run`` installs it).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.server.procserver import Server

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
NO_AWAY_GRACE = {"SPIELTISCH_SEAT_AWAY_GRACE": "0"}
"""The host may hand an away seat to a bot at once: these tests show the browser's side
of a hand-over, not the minutes a real server waits (``tests/server/test_attacks_faults``)."""
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
DOCS_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

pytestmark = pytest.mark.skipif(not shutil.which("chromium"), reason="chromium not installed")


@contextmanager
def serving(folder: Path, env: dict[str, str] | None = None) -> Iterator[Server]:
    """A server process on a new SQLite file in ``folder``, with ``env`` beside the
    browser tests' own settings, stopped at the end."""
    srv = Server(f"sqlite:///{folder / 'web.db'}", bot_delay=0.05, env=NO_AWAY_GRACE | (env or {}))
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("web")) as srv:
        yield srv


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.skip("chromium not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def shot(page: object, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)  # type: ignore[attr-defined]


def docs_shot(page: Any, name: str, *, full_page: bool = False) -> None:
    """A screenshot the docs show: into ``docs/screenshots/`` only when asked for
    (``SPIELTISCH_DOCS_SHOTS=1``), else into ``artifacts/``, so a test run leaves the
    tracked files as they were."""
    folder = DOCS_SHOTS if os.environ.get("SPIELTISCH_DOCS_SHOTS") else ARTIFACTS
    folder.mkdir(exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=full_page)


def to_docs(picture: Path, name: str | None = None) -> None:
    """Copy a picture a test took to ``docs/screenshots/`` (as ``name``, else under its
    own name), only when asked for (``SPIELTISCH_DOCS_SHOTS=1``), as :func:`docs_shot`."""
    if os.environ.get("SPIELTISCH_DOCS_SHOTS"):
        DOCS_SHOTS.mkdir(exist_ok=True)
        shutil.copyfile(picture, DOCS_SHOTS / (name or picture.name))


def new_page(
    browser: Any,
    lang: str = "en",
    mobile: bool = False,
    height: int = 900,
    *,
    width: int = 1280,
    touch: bool = False,
) -> Any:
    """A page in a fresh context with ``lang`` chosen; ``page.errors`` collects page errors.
    ``mobile`` is a portrait phone's size; ``touch`` makes it a touch screen too."""
    size = {"width": 390, "height": 844} if mobile else {"width": width, "height": height}
    ctx = browser.new_context(viewport=size, locale=lang, has_touch=touch, is_mobile=touch)
    ctx.add_init_script(f"localStorage.setItem('spieltisch.lang', '{lang}')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def remember_seat(page: Any, table_id: str, seat: int, token: str, host: str | None = None) -> None:
    """The browser holds ``seat``'s token of the table (and the host's), as it does after
    creating or joining: the table page then opens in that seat."""
    mine = json.dumps({"seat": seat, "token": token})
    page.context.add_init_script(f"localStorage.setItem('spieltisch.seat.{table_id}', {mine!r})")
    if host:
        page.context.add_init_script(
            f"localStorage.setItem('spieltisch.host.{table_id}', {host!r})"
        )
