"""A fake LED controller: reads Adalight frames from the master side of a pty."""

from __future__ import annotations

import os
import select
import threading


class FakeController:
    """Decodes every frame written to the pty's slave side; ``unplug`` closes the master."""

    def __init__(self) -> None:
        self.master, self._slave = os.openpty()
        # Held open, as a plugged-in device's end is: with no slave open, reading the master
        # fails (EIO).
        self.path = os.ttyname(self._slave)
        self.frames: list[list[tuple[int, int, int]]] = []
        self.errors: list[str] = []
        self._buffer = b""
        self._stop = False
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        while not self._stop:
            try:
                ready, _, _ = select.select([self.master], [], [], 0.05)
                if ready:
                    self._buffer += os.read(self.master, 4096)
                    self._decode()
            except OSError:
                return

    def _decode(self) -> None:
        while True:
            start = self._buffer.find(b"Ada")
            if start < 0 or len(self._buffer) < start + 6:
                return
            hi, lo, check = self._buffer[start + 3:start + 6]
            if hi ^ lo ^ 0x55 != check:
                self.errors.append("bad checksum")
                self._buffer = self._buffer[start + 3:]
                continue
            count = (hi << 8 | lo) + 1
            end = start + 6 + 3 * count
            if len(self._buffer) < end:
                return
            body = self._buffer[start + 6:end]
            self.frames.append([tuple(body[i:i + 3]) for i in range(0, len(body), 3)])
            self._buffer = self._buffer[end:]

    def unplug(self) -> None:
        self._stop = True
        self._thread.join(timeout=2)
        os.close(self.master)
        os.close(self._slave)
