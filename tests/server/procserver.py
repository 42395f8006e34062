"""The server as a real process on a free port (crash and browser tests)."""

from __future__ import annotations

import atexit
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from typing import Any

import httpx
from websockets.sync.client import ClientConnection


def recv_type(ws: ClientConnection, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    """The next message of type ``kind`` on a real server's socket, skipping the others."""
    deadline = time.monotonic() + timeout
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if msg["type"] == kind:
            return msg


_LOGS = tempfile.mkdtemp(prefix="spieltisch-test-servers-")
atexit.register(shutil.rmtree, _LOGS, True)

LAUNCHED: list[Server] = []
"""Every server process this test run started, in order (a failed test shows the logs
of those it started and of those still running: ``tests/conftest.py``)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    def __init__(
        self,
        db: str,
        bot_delay: float,
        schema: str | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.db, self.bot_delay, self.schema = db, bot_delay, schema
        self.env = {**os.environ, **(env or {})}
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_name = f"server-{self.port}-{uuid.uuid4().hex[:8]}.log"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.launch()
        self.wait_ready()

    def launch(self) -> None:
        """Start the process without waiting for it."""
        cmd = [sys.executable, "-m", "spieltisch.server", "--port", str(self.port)]
        cmd += ["--db", self.db, "--bot-delay", str(self.bot_delay)]
        if self.schema:
            cmd += ["--schema", self.schema]
        if self not in LAUNCHED:
            LAUNCHED.append(self)
        with open(self.log_path, "ab") as err:
            self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, env=self.env)

    @property
    def log_path(self) -> str:
        """Where the process logs: a folder of the test run's own, or the one
        ``SPIELTISCH_TEST_SERVER_LOGS`` names (kept after the run, for debugging)."""
        folder = os.environ.get("SPIELTISCH_TEST_SERVER_LOGS") or _LOGS
        return os.path.join(folder, self.log_name)

    def log_tail(self, lines: int = 60) -> str:
        """The last ``lines`` lines the process logged (shown with a failed test)."""
        try:
            with open(self.log_path, encoding="utf-8", errors="replace") as log:
                return "".join(log.readlines()[-lines:])
        except OSError:
            return ""

    def wait_ready(self) -> None:
        assert self.proc is not None
        for _ in range(600):
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with status {self.proc.returncode}")
            try:
                if httpx.get(f"{self.base}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
