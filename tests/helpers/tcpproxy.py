"""A TCP proxy on loopback that can lose a database's answer.

Between the server and PostgreSQL it forwards bytes both ways until armed. Armed with a
marker, it forwards the client's next packet holding the marker (the server commits it),
then cuts that connection before the answer comes back, and refuses every connection for
a while: the database looks away just when a commit's answer is due.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time


class LossyProxy:
    def __init__(self, target_port: int, target_host: str = "127.0.0.1") -> None:
        self.target = (target_host, target_port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.listener.getsockname()[1]
        self.marker: bytes | None = None
        self.away = 0.0
        self.away_until = 0.0
        self.closed = False
        threading.Thread(target=self._accept, daemon=True, name="lossy-proxy").start()

    def arm(self, marker: bytes, away: float) -> None:
        """Lose the answer to the next client packet holding ``marker``; then refuse
        connections for ``away`` seconds."""
        self.away = away
        self.marker = marker

    def back(self) -> bool:
        return time.monotonic() >= self.away_until

    def close(self) -> None:
        self.closed = True
        self.listener.close()

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _addr = self.listener.accept()
            except OSError:
                return
            if not self.back():
                client.close()  # the database is away
                continue
            try:
                server = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            mute = threading.Event()
            for args in ((client, server, mute, True), (server, client, mute, False)):
                threading.Thread(target=self._pipe, args=args, daemon=True).start()

    def _pipe(
        self, src: socket.socket, dst: socket.socket, mute: threading.Event, upstream: bool
    ) -> None:
        """One direction of one connection; ``mute`` set: the answers are lost."""
        try:
            while data := src.recv(65536):
                marker = self.marker
                if upstream and marker is not None and marker in data:
                    self.marker = None
                    self.away_until = time.monotonic() + self.away
                    mute.set()
                    dst.sendall(data)
                    time.sleep(0.3)  # the database commits; its answer is never passed on
                    break
                if mute.is_set():
                    break
                dst.sendall(data)
        except OSError:
            pass
        for end in (src, dst):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()
