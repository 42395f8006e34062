"""What every test of ``tests/`` shares: a failed test that ran real server processes
shows what they logged, since a run on a CI machine leaves nothing else to look at."""

from __future__ import annotations

from collections.abc import Generator

import pytest

from .server.procserver import LAUNCHED

_FIRST = pytest.StashKey[int]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    item.stash[_FIRST] = len(LAUNCHED)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Beneath a failure: the last lines each server process logged that the test
    started (its fixtures' included) or that still runs (a module's)."""
    report = yield
    if report.failed and report.when == "call":
        first = item.stash.get(_FIRST, len(LAUNCHED))
        for i, srv in enumerate(LAUNCHED):
            running = srv.proc is not None and srv.proc.poll() is None
            if i >= first or running:
                report.sections.append((f"server {srv.port} logged", srv.log_tail()))
    return report
