"""systemd's notify protocol, for a ``Type=notify`` service with a watchdog: a datagram to the
socket systemd names in ``$NOTIFY_SOCKET``. Outside systemd, nothing happens."""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable, Mapping


def notify(message: str, env: Mapping[str, str] | None = None) -> bool:
    """Send ``message`` (e.g. ``READY=1``, ``WATCHDOG=1``); False when not run by systemd."""
    env = os.environ if env is None else env
    address = env.get("NOTIFY_SOCKET")
    if not address:
        return False
    if address.startswith("@"):  # an abstract socket
        address = "\0" + address[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as s:
            s.connect(address)
            s.sendall(message.encode())
    except OSError:
        return False
    return True


class Watchdog:
    """Pings systemd's watchdog from the main loop, at half the interval it asks for; a loop
    that hangs stops pinging, and systemd restarts the service.

    No ping before ``ready``: a ``Type=notify`` service is still starting until READY=1 (its
    start is timed by ``TimeoutStartSec``, not the watchdog), and work before the first frame
    (the store opened on the saver's thread, which ticks while it waits) must not say
    WATCHDOG=1 first."""

    def __init__(self, env: Mapping[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.env = os.environ if env is None else env
        usec = self.env.get("WATCHDOG_USEC", "")
        self.interval = int(usec) / 2e6 if usec.isdigit() and int(usec) > 0 else None
        self.clock = clock
        self._last = -1e9
        self.ready_sent = False

    def ready(self) -> None:
        """Once the first frame is on the screen."""
        if not self.ready_sent:
            self.ready_sent = notify("READY=1", self.env) or True

    def tick(self) -> None:
        """A ping if the last one is half an interval old (and READY was said)."""
        if self.ready_sent and self.interval is not None \
                and self.clock() - self._last >= self.interval:
            self._last = self.clock()
            notify("WATCHDOG=1", self.env)
