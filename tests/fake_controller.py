"""A fake LED controller: WLED's parser (tests/wled_parser.py) on the master side of a pty.

The parser outlives the cable: ``unplug`` closes the pty (what was written and not yet read
is lost, as on a real cable), ``plug`` opens a new one under a new path, and the parser goes
on from the state the last byte left it in, as a WLED board with its own power supply does.
"""

from __future__ import annotations

import os
import select
import threading

from tests.wled_parser import RGB, WledParser


class FakeController:
    def __init__(self, baud: int = 115200) -> None:
        self.parser = WledParser(baud)
        self.received = bytearray()
        """Every byte the controller read, over all connections."""
        self.cut_at: int | None = None
        """Stop reading once ``received`` holds this many bytes (the rest stays in the cable
        until an unplug drops it): a frame cut in the middle."""
        self.changed = threading.Condition()
        self.path = ""
        self._thread: threading.Thread | None = None
        self.plug()

    @property
    def frames(self) -> list[list[RGB]]:
        return self.parser.frames

    @property
    def errors(self) -> list[str]:
        """What went wrong on the link: commands taken from our bytes, noise after a baud
        change."""
        return [f"command 0x{c:02X}" for c in self.parser.commands] + \
            ([f"{self.parser.noise} bytes of noise"] if self.parser.noise else [])

    def plug(self) -> None:
        self.master, self._slave = os.openpty()
        # Held open, as a plugged-in device's end is: with no slave open, reading the master
        # fails (EIO).
        self.path = os.ttyname(self._slave)
        self._stop = False
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        while not self._stop:
            try:
                ready, _, _ = select.select([self.master], [], [], 0.02)
                if not ready:
                    continue
                limit = 4096
                if self.cut_at is not None:
                    limit = min(limit, self.cut_at - len(self.received))
                    if limit <= 0:
                        with self.changed:
                            self.changed.wait(0.02)
                        continue
                data = os.read(self.master, limit)
            except OSError:
                return
            with self.changed:
                self.received += data
                self.parser.feed(data)
                self.changed.notify_all()

    def wait_for(self, condition, seconds: float = 20.0) -> bool:  # type: ignore[no-untyped-def]
        """Wait until ``condition()`` holds (checked whenever bytes arrive)."""
        with self.changed:
            return self.changed.wait_for(condition, timeout=seconds)

    def unplug(self) -> None:
        self._stop = True
        if self._thread is not None:
            self._thread.join(timeout=5)
        os.close(self.master)
        os.close(self._slave)
