"""Adalight over a serial line, so that stock firmware drives the strip: WLED on an ESP32 or
ESP8266, or an Arduino running the Adalight-FastLED sketch.

A frame: "Ada", the LED count minus one as a high and a low byte, their checksum
(high ^ low ^ 0x55), then R, G, B for each LED.

What WLED's serial parser (``wled00/wled_serial.cpp``) needs, and why the writer does what it
does:

- Between frames WLED reads single bytes as commands: 0xB0-0xB7 switch its baud rate (after
  which nothing we send is understood again), others print, stream or parse JSON. A frame's
  bytes are safe only while WLED knows it is inside a frame, so a frame is written whole
  (partial writes continued, then drained) and pixel values never take the baud bytes: they are
  clamped to a neighbour value, a difference nobody sees, so that even a parser that lost step
  (a controller reset mid-frame) cannot be switched to another speed by a pixel.
- After an unplug mid-frame WLED still waits for the rest of that frame, and would take the
  next frames' bytes as its pixels and then as commands. So every new connection (and every
  resend of an unchanged frame) starts with zero bytes, enough to finish any frame the
  parser may be inside: zeros complete a frame, fail a header's checksum, and between frames
  WLED ignores them.
- DTR/RTS: see ``DTR_RTS`` and hardware/wiring.md.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import glob
import os
import select
import struct
import termios
import threading
import time
from collections.abc import Callable, Sequence

import serial

from .leds import RGB

BAUDS = (115200, 230400, 460800, 500000, 576000, 921600, 1000000, 1500000)
"""The speeds WLED offers for its serial port (its Sync settings page; the same eight its
parser switches to on 0xB0-0xB7). The Adalight-FastLED sketch takes any of them."""
BAUD = 115200
MAX_LEDS = 65536
"""An Adalight header counts up to 65,536 LEDs."""
RESEND = 1.0
"""Seconds between resends of an unchanged frame: WLED leaves live mode after 2.5 s."""
BACKOFF = (0.25, 1.0)
"""Pauses between open attempts while no controller answers, growing from the first to the
last: at most one attempt per pause (a frame shown meanwhile waits), and a controller plugged
back in is found within a second."""
DTR_RTS = ("high", "low")
"""The level of the DTR and RTS lines while the port is open.

"high" (the default): both lines up, as Linux raises them when the port opens; the writer
never changes them afterwards and leaves them up when it closes the port (HUPCL cleared), so
reconnecting or restarting the app does not pulse them. Right for WLED on every ESP32 and
ESP8266: on native-USB boards (ESP32-S2/S3) WLED ignores input while DTR is low, and boards
with the two-transistor auto-reset circuit are held in reset while RTS is up and DTR down.
An Arduino is reset once, by the first open after it is plugged in (Linux raises DTR before
anyone can lower it).

"low": both lines lowered together right after the open (one ioctl, so that they never
differ), for a board that is held in reset or in its boot loader while they are up. Linux has
still raised them for a moment at the open."""
BY_ID = "/dev/serial/by-id/*"

_SAFE = bytes(0xAF if 0xB0 <= b <= 0xB3 else 0xB8 if 0xB4 <= b <= 0xB7 else b
              for b in range(256))
"""Pixel bytes 0xB0-0xB7 (WLED's baud commands) moved to the nearer of 0xAF and 0xB8."""


def encode(pixels: Sequence[RGB]) -> bytes:
    """One Adalight frame; pixel values in 0xB0-0xB7 are clamped to a neighbour value. (The
    header's count bytes may take those values: WLED reads them inside a header, and after a
    resync a header of ours is never read between frames.)"""
    n = len(pixels) - 1
    if not 0 <= n < MAX_LEDS:
        raise ValueError("an Adalight frame holds 1 to 65536 LEDs")
    hi, lo = n >> 8, n & 0xFF
    body = bytes(v for rgb in pixels for v in rgb).translate(_SAFE)
    if len(body) != 3 * len(pixels):
        raise ValueError("each LED needs three values, red, green and blue")
    return b"Ada" + bytes((hi, lo, hi ^ lo ^ 0x55)) + body


def resync(count: int) -> bytes:
    """Zero bytes that bring WLED's parser back between frames from wherever a cut frame of
    up to ``count`` LEDs left it: at most the rest of such a frame (3 per LED) after at most
    three header bytes. A zero completes a frame as a dark pixel, fails a header's check
    byte (a header of ours whose check byte is itself zero expects our count), and between
    frames is no command."""
    return bytes(3 * count + 3)


def find_port(configured: str | None) -> str | None:
    """The configured port, or with 'auto' (or none) the first USB serial device by id."""
    if configured and configured != "auto":
        return configured
    found = sorted(glob.glob(BY_ID))
    return found[0] if found else None


class Stalled(serial.SerialException):
    """The controller took no data for longer than a frame can take."""


class AdalightWriter:
    """Owns the port on its own thread: ``show`` only drops the newest frame into a slot and
    returns. The thread writes each new frame, resends about every second, and after an
    unplug or a failed open retries with growing pauses; nothing it meets reaches the app.

    ``port``: a device path, or a function giving one (or None: no controller now), asked
    once per open attempt. ``opened``/``attempts`` count successful opens and attempts.
    ``on_change``: called (on the writer's thread) with a line when the controller is first
    reached or first missed, then whenever it is lost or comes back; never once per retry."""

    def __init__(self, port: str | Callable[[], str | None], baud: int = BAUD, *,
                 dtr_rts: str = "high", resend: float = RESEND,
                 backoff: tuple[float, float] = BACKOFF,
                 on_change: Callable[[str], None] | None = None) -> None:
        if dtr_rts not in DTR_RTS:
            raise ValueError(f"dtr_rts must be one of {DTR_RTS}")
        self.port = port if callable(port) else (lambda: port)
        self.baud = baud
        self.dtr_rts = dtr_rts
        self.resend = resend
        self.backoff = backoff
        self.status = "not started"
        self.on_change = on_change
        self._connected: bool | None = None
        """None before the first attempt; then whether the controller is reached."""
        self.frames_written = 0
        self.attempts = 0
        self.opened = 0
        self._cond = threading.Condition()
        self._frame: bytes | None = None
        self._new = False
        self._stop = False
        self._serial: serial.Serial | None = None
        self._resync = True
        """The controller may be inside a cut frame: the next write starts with a resync."""
        self._longest = 0
        """LEDs of the longest frame sent so far: what a resync must be able to finish."""
        self._thread = threading.Thread(target=self._run, name="adalight", daemon=True)

    def start(self) -> AdalightWriter:
        self._thread.start()
        return self

    def show(self, pixels: Sequence[RGB]) -> None:
        """Hand over the newest frame. Never blocks and never wakes an open attempt early:
        while the controller is away the frame waits for the next attempt."""
        data = encode(pixels)
        with self._cond:
            self._frame = data
            self._new = True
            self._cond.notify()

    def stop(self) -> None:
        """Send the last frame shown if it is still owed (to a controller that is there),
        then close the port."""
        with self._cond:
            self._stop = True
            self._cond.notify()
        if self._thread.is_alive():
            self._thread.join(timeout=10)
        if not self._thread.is_alive():
            self._close()

    # --- the thread --------------------------------------------------------------------------

    def _run(self) -> None:
        delay = self.backoff[0]
        next_attempt = time.monotonic()
        try:
            while True:
                if self._serial is None:
                    with self._cond:
                        # Only stop wakes this wait: a frame shown meanwhile waits for the
                        # next attempt (an animation would otherwise open 30 times a second).
                        while not self._stop and time.monotonic() < next_attempt:
                            self._cond.wait(timeout=next_attempt - time.monotonic())
                        stopping, owed = self._stop, self._new
                    if stopping and not owed:
                        return
                    if not self._open():
                        if stopping:  # one try for the last frame, no more
                            return
                        next_attempt = time.monotonic() + delay
                        delay = min(delay * 2, self.backoff[1])
                        continue
                with self._cond:
                    if not self._new and not self._stop:
                        self._cond.wait(timeout=self.resend)
                    stopping = self._stop
                    data, new, self._new = self._frame, self._new, False
                if data is not None and (new or not stopping):
                    if self._send(data, new):
                        delay = self.backoff[0]
                    else:
                        self._close(discard=True)
                        with self._cond:
                            self._new = True  # the newest frame is owed to the next controller
                        # The pauses grow again only while connections keep failing.
                        next_attempt = time.monotonic() + delay
                        delay = min(delay * 2, self.backoff[1])
                if stopping:
                    return
        finally:
            self._close()

    def _send(self, data: bytes, new: bool) -> bool:
        """Write one frame whole, after a resync where the controller may have lost step
        (a new connection) or to heal one that did (before a resend); False if the port
        failed."""
        count = (data[3] << 8 | data[4]) + 1
        self._longest = max(self._longest, count)
        payload = data
        if self._resync or not new:
            payload = resync(self._longest) + data
        try:
            self._write_all(payload)
        except (serial.SerialException, OSError, ValueError) as exc:
            self.status = f"lost the LED controller: {exc}"
            port = self._serial.port if self._serial is not None else "its port"
            self._tell(False, f"lost the LED controller on {port}: {exc}; trying again")
            return False
        self._resync = False
        self.frames_written += 1
        return True

    def _write_all(self, data: bytes) -> None:
        """Every byte of ``data`` into the port and out of the kernel's buffer, continuing
        partial writes, within twice the time the bytes take on the wire (plus half a
        second); after that the controller counts as stalled."""
        assert self._serial is not None
        fd = self._serial.fileno()
        deadline = time.monotonic() + 0.5 + 2 * len(data) * 10 / self.baud
        view = memoryview(data)
        sent = 0
        while sent < len(data):
            left = deadline - time.monotonic()
            if left <= 0:
                raise Stalled("the LED controller takes no data")
            _, ready, _ = select.select([], [fd], [], left)
            if not ready:
                continue
            try:
                sent += os.write(fd, view[sent:])
            except BlockingIOError:
                continue
        while self._serial.out_waiting:  # drained: the frame is on the wire, not in a buffer
            if time.monotonic() > deadline:
                raise Stalled("the LED controller takes no data")
            time.sleep(0.002)
        with contextlib.suppress(serial.SerialException, OSError):
            self._serial.reset_input_buffer()  # WLED's answers to nothing we asked

    def _open(self) -> bool:
        self.attempts += 1
        path = self.port()
        if path is None:
            self.status = "no LED controller found"
            self._tell(False, "no LED controller found; looking for it again and again")
            return False
        s = serial.Serial()  # no port yet: the lines are set before anything opens
        try:
            s.port = path
            s.baudrate = self.baud
            s.dtr = True  # as Linux raises them at the open: pyserial changes nothing
            s.rts = True
            s.open()
            fd = s.fileno()
            if self.dtr_rts == "high":
                # Keep them up when the port closes, so that no later open pulses them.
                attrs = termios.tcgetattr(fd)
                attrs[2] &= ~termios.HUPCL
                termios.tcsetattr(fd, termios.TCSANOW, attrs)
            else:
                _lower_dtr_rts(fd)  # (pyserial still thinks them up; nothing here asks it)
        except (serial.SerialException, OSError, ValueError, termios.error) as exc:
            with contextlib.suppress(serial.SerialException, OSError):
                s.close()
            self.status = f"cannot open {path}: {exc}"
            self._tell(False, f"cannot open {path}: {exc}; trying again")
            return False
        self._serial = s
        self._resync = True  # this process, or the last connection, may have cut a frame
        self.opened += 1
        self.status = f"connected to {path}"
        self._tell(True, f"connected to {path}" if self._connected is None
                   else f"the LED controller is back on {path}")
        return True

    def _tell(self, connected: bool, line: str) -> None:
        """``on_change`` at a change of state only (and at the first attempt)."""
        if connected != self._connected:
            self._connected = connected
            if self.on_change is not None:
                with contextlib.suppress(Exception):  # the journal's trouble is not ours
                    self.on_change(line)

    def _close(self, discard: bool = False) -> None:
        """Close the port; ``discard``: drop what is still queued (after a failure: closing
        would wait for a stalled frame). Otherwise every frame was drained already."""
        s, self._serial = self._serial, None
        if s is not None and discard:
            with contextlib.suppress(serial.SerialException, OSError, termios.error):
                s.reset_output_buffer()
        if s is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                s.close()


def _lower_dtr_rts(fd: int) -> None:
    """Both lines down in one ioctl (pyserial would lower them one after the other, and
    DTR low with RTS high resets an ESP32 through its auto-reset circuit)."""
    bits = struct.pack("I", termios.TIOCM_DTR | termios.TIOCM_RTS)
    try:
        fcntl.ioctl(fd, termios.TIOCMBIC, bits)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTTY):  # a pty has no lines
            raise
