"""Seat buttons: real ones through gpiozero, and a keyboard simulator for desktops.

Both only put ``ButtonEvent``s on a thread-safe queue: gpiozero calls back on its own threads,
where no game or display work may happen.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Mapping
from typing import Any

from .events import ButtonEvent, PressDecoder

HOLD_TIME = 1.5
BOUNCE_TIME = 0.03


class GpioButtons:
    """One push-button per seat (BCM pin, wired to GND, internal pull-up), or one shared
    button under the seat name ``next``. ``pin_factory``: None for gpiozero's default (lgpio
    on Raspberry Pi OS), or a ``MockFactory`` in tests."""

    def __init__(self, pins: Mapping[str, int], events: queue.Queue[ButtonEvent], *,
                 pin_factory: Any = None, hold_time: float = HOLD_TIME,
                 bounce_time: float = BOUNCE_TIME, repeat_guard: float = 0.3,
                 clock: Callable[[], float] = time.monotonic) -> None:
        from gpiozero import Button  # imported here: a desktop without gpiozero still runs

        if not 0.02 <= bounce_time <= 0.05:
            raise ValueError("bounce_time must be 20 to 50 ms")
        self.events = events
        self.decoder = PressDecoder(repeat_guard)
        self.clock = clock
        self.buttons = {}
        for seat, pin in pins.items():
            b = Button(pin, pull_up=True, bounce_time=bounce_time, hold_time=hold_time,
                       pin_factory=pin_factory)
            b.when_pressed = lambda s=seat: self.decoder.pressed(s, self.clock())
            b.when_held = lambda s=seat: self.decoder.held(s, self.clock())
            b.when_released = lambda s=seat: self._released(s)
            self.buttons[seat] = b

    def _released(self, seat: str) -> None:
        event = self.decoder.released(seat, self.clock())
        if event is not None:
            self.events.put(event)

    def close(self) -> None:
        for b in self.buttons.values():
            b.close()


class KeyboardButtons:
    """Keys 1-4 are the seat buttons of seats 1-4 (and N the shared 'next' button); a key held
    for ``hold_time`` asks for undo, as on the table. The app feeds it its key events."""

    def __init__(self, seats: list[str], events: queue.Queue[ButtonEvent], *,
                 hold_time: float = HOLD_TIME, repeat_guard: float = 0.3) -> None:
        self.keys = {str(i + 1): seat for i, seat in enumerate(seats[:4])}
        self.keys["n"] = "next"
        self.events = events
        self.hold_time = hold_time
        self.decoder = PressDecoder(repeat_guard)
        self._down_at: dict[str, float] = {}

    def key(self, name: str, down: bool, t: float) -> bool:
        """A key went down or up at time ``t``; True if it is one of the buttons."""
        seat = self.keys.get(name.lower())
        if seat is None:
            return False
        if down:
            if seat not in self._down_at:  # key repeat sends more downs: only the first counts
                self._down_at[seat] = t
                self.decoder.pressed(seat, t)
        elif seat in self._down_at:
            if t - self._down_at.pop(seat) >= self.hold_time:
                self.decoder.held(seat, t)
            event = self.decoder.released(seat, t)
            if event is not None:
                self.events.put(event)
        return True
