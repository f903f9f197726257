"""Seat-button events, and the press/hold decision made from raw edges.

The decision follows gpiozero's FAQ: ``when_held`` only sets a flag, ``when_released``
decides between a press and a hold. On top, a repeat from the same seat within
``repeat_guard`` seconds is dropped (contact bounce that got through, a nervous double tap).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

PRESS = "press"
HOLD = "hold"

NEXT = "next"
"""The seat name of a single shared button, for builds with one button for the table."""


@dataclass(frozen=True)
class ButtonEvent:
    seat: str
    kind: str
    """'press' (end your turn) or 'hold' (ask for undo)."""
    time: float


class PressDecoder:
    """Turns edges (pressed, held, released) into at most one event per release. Callbacks
    may come from several threads: one lock keeps each seat's state whole."""

    def __init__(self, repeat_guard: float = 0.3) -> None:
        self.repeat_guard = repeat_guard
        self._lock = threading.Lock()
        self._down: dict[str, bool] = {}
        self._held: dict[str, bool] = {}
        self._last: dict[str, float] = {}

    def pressed(self, seat: str, t: float) -> None:
        with self._lock:
            self._down[seat] = True
            self._held[seat] = False

    def held(self, seat: str, t: float) -> None:
        with self._lock:
            if self._down.get(seat):
                self._held[seat] = True

    def released(self, seat: str, t: float) -> ButtonEvent | None:
        with self._lock:
            if not self._down.get(seat):
                return None  # a release without a press: a bounce edge
            self._down[seat] = False
            kind = HOLD if self._held.get(seat) else PRESS
            last = self._last.get(seat)
            if last is not None and t - last < self.repeat_guard:
                return None
            self._last[seat] = t
            return ButtonEvent(seat, kind, t)
