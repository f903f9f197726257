"""Seat buttons: real ones through gpiozero, and a keyboard simulator for desktops.

Both only put ``ButtonEvent``s on a thread-safe queue: gpiozero calls back on its own threads,
where no game or display work may happen.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from .events import ButtonEvent, PressDecoder

HOLD_TIME = 1.5
BOUNCE_TIME = 0.03


class GpioButtons:
    """One push-button per seat (BCM pin, wired to GND, internal pull-up), or one shared
    button under the seat name ``next``. ``pin_factory``: None for gpiozero's default (lgpio
    on Raspberry Pi OS), or a ``MockFactory`` in tests.

    Debounced twice: by the pin driver (``bounce_time``, where it has a filter) and by our
    own decoder, which takes a level only once it has stood for ``bounce_time``. A thread of
    ours settles releases when their bounce time has passed (no edge comes to do it)."""

    def __init__(self, pins: Mapping[str, int], events: queue.Queue[ButtonEvent], *,
                 pin_factory: Any = None, hold_time: float = HOLD_TIME,
                 bounce_time: float = BOUNCE_TIME, repeat_guard: float = 0.3,
                 clock: Callable[[], float] = time.monotonic) -> None:
        from gpiozero import Button  # imported here: a desktop without gpiozero still runs

        if not 0.02 <= bounce_time <= 0.05:
            raise ValueError("bounce_time must be 20 to 50 ms")
        self.events = events
        self.decoder = PressDecoder(hold_time=hold_time, bounce_time=bounce_time,
                                    repeat_guard=repeat_guard)
        self.clock = clock
        self._cond = threading.Condition()
        self._closed = False
        self.buttons = {}
        try:
            for seat, pin in pins.items():
                b = Button(pin, pull_up=True, bounce_time=bounce_time, pin_factory=pin_factory)
                self.buttons[seat] = b
                b.when_pressed = lambda s=seat: self._edge(s, True)
                b.when_released = lambda s=seat: self._edge(s, False)
        except BaseException:
            self.close()
            raise
        self._thread = threading.Thread(target=self._settle, name="buttons", daemon=True)
        self._thread.start()

    def _edge(self, seat: str, down: bool) -> None:
        with self._cond:
            for event in self.decoder.edge(seat, down, self.clock()):
                self.events.put(event)
            self._cond.notify()

    def settle(self) -> None:
        """Decide now what the clock says has settled (the thread does this by itself once
        each bounce time has passed; a test with its own clock calls it after moving it)."""
        with self._cond:
            for event in self.decoder.poll(self.clock()):
                self.events.put(event)
            self._cond.notify()

    def _settle(self) -> None:
        with self._cond:
            while not self._closed:
                deadline = self.decoder.deadline()
                if deadline is None:
                    self._cond.wait()
                    continue
                wait = deadline - self.clock()
                if wait > 0:
                    self._cond.wait(timeout=max(wait, 0.001))
                    continue
                for event in self.decoder.poll(self.clock()):
                    self.events.put(event)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()
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
        # Keys do not bounce; key repeat sends more downs, which the decoder ignores.
        self.decoder = PressDecoder(hold_time=hold_time, bounce_time=0.0,
                                    repeat_guard=repeat_guard)

    def key(self, name: str, down: bool, t: float) -> bool:
        """A key went down or up at time ``t``; True if it is one of the buttons."""
        seat = self.keys.get(name.lower())
        if seat is None:
            return False
        for event in self.decoder.edge(seat, down, t):
            self.events.put(event)
        return True
