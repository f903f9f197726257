"""Adalight over a serial line, so that stock firmware drives the strip: WLED on an ESP32 or
ESP8266, or an Arduino running the Adalight-FastLED sketch.

A frame: "Ada", the LED count minus one as a high and a low byte, their checksum
(high ^ low ^ 0x55), then R, G, B for each LED.
"""

from __future__ import annotations

import contextlib
import glob
import threading
from collections.abc import Callable, Sequence

import serial

from .leds import RGB

BAUD = 115200
RESEND = 1.0
"""Seconds between resends of an unchanged frame: WLED leaves live mode after 2.5 s."""
BY_ID = "/dev/serial/by-id/*"


def encode(pixels: Sequence[RGB]) -> bytes:
    n = len(pixels) - 1
    if not 0 <= n <= 0xFFFF:
        raise ValueError("an Adalight frame holds 1 to 65536 LEDs")
    hi, lo = n >> 8, n & 0xFF
    body = bytes(v for rgb in pixels for v in rgb)
    return b"Ada" + bytes((hi, lo, hi ^ lo ^ 0x55)) + body


def find_port(configured: str | None) -> str | None:
    """The configured port, or with 'auto' (or none) the first USB serial device by id."""
    if configured and configured != "auto":
        return configured
    found = sorted(glob.glob(BY_ID))
    return found[0] if found else None


class AdalightWriter:
    """Owns the port on its own thread: ``show`` only drops the newest frame into a slot and
    returns. The thread writes each new frame, resends about every second, and after an
    unplug or a failed open retries with growing pauses; nothing it meets reaches the app."""

    def __init__(self, port: str | Callable[[], str | None], baud: int = BAUD, *,
                 write_timeout: float = 0.5, resend: float = RESEND,
                 backoff: tuple[float, float] = (0.5, 5.0)) -> None:
        self.port = port if callable(port) else (lambda: port)  # type: ignore[misc,return-value]
        self.baud = baud
        self.write_timeout = write_timeout
        self.resend = resend
        self.backoff = backoff
        self.status = "not started"
        self.frames_written = 0
        self._cond = threading.Condition()
        self._frame: bytes | None = None
        self._new = False
        self._stop = False
        self._serial: serial.SerialBase | None = None
        self._thread = threading.Thread(target=self._run, name="adalight", daemon=True)

    def start(self) -> AdalightWriter:
        self._thread.start()
        return self

    def show(self, pixels: Sequence[RGB]) -> None:
        data = encode(pixels)
        with self._cond:
            self._frame = data
            self._new = True
            self._cond.notify()

    def stop(self) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        self._close()

    def _open(self) -> bool:
        url = self.port()
        if url is None:
            self.status = "no LED controller found"
            return False
        try:
            s = serial.serial_for_url(url, baudrate=self.baud, write_timeout=self.write_timeout,
                                      do_not_open=True)
            # Set before opening, so that the port does not pulse DTR/RTS: an Arduino would
            # reset on it.
            s.dtr = False
            s.rts = False
            s.open()
        except (serial.SerialException, OSError, ValueError) as exc:
            self.status = f"cannot open {url}: {exc}"
            return False
        self._serial = s
        self.status = f"connected to {url}"
        return True

    def _close(self) -> None:
        s, self._serial = self._serial, None
        if s is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                s.close()

    def _run(self) -> None:
        delay = self.backoff[0]
        while True:
            with self._cond:
                if self._stop:
                    return
            if self._serial is None and not self._open():
                with self._cond:
                    self._cond.wait(timeout=delay)
                delay = min(delay * 2, self.backoff[1])
                continue
            delay = self.backoff[0]
            with self._cond:
                if not self._new and not self._stop:
                    self._cond.wait(timeout=self.resend)
                if self._stop:
                    return
                data, self._new = self._frame, False
            if data is None:
                continue
            try:
                assert self._serial is not None
                self._serial.write(data)
                self.frames_written += 1
            except (serial.SerialException, OSError) as exc:
                self.status = f"lost the LED controller: {exc}"
                self._close()
                with self._cond:
                    self._new = True  # the frame is owed to the next controller
