"""Seat-button events, and the press/hold decision made from raw edges.

The decoder debounces by itself: a level counts only once it has stood for ``bounce_time``
with no other edge, whatever the pin driver did (gpiozero's ``MockFactory`` ignores its
``bounce_time``; a real pin's filter may let a slow bounce through). A press becomes one
event when its release has stood: 'hold' if the button was down for ``hold_time`` or longer,
measured from its first stable edge to the first opening of the release (however long the
release chatters), else 'press'. Contacts chattering at the start or end of a hold therefore
never make a press (which would end the turn) followed by a hold (which asks for undo). On
top, a repeat from the same seat within ``repeat_guard`` seconds is dropped (a nervous double
tap).
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


@dataclass
class _Seat:
    raw: bool = False
    """The level of the last edge: True while the contact is closed."""
    since: float = 0.0
    """When that edge came."""
    down: bool = False
    """The debounced level."""
    down_at: float = 0.0
    """When the debounced press began."""
    up_at: float | None = None
    """The first opening edge of the contact since the press (where release chatter
    begins); None while it is closed and has stood."""
    last: float | None = None
    """The time of this seat's last event."""


class PressDecoder:
    """Turns raw edges into at most one event per debounced press. ``edge`` takes an edge
    and returns the events it decided; ``poll`` decides what time alone decides (a release
    that has stood long enough) and ``deadline`` says when that will be. Callbacks may come
    from several threads: one lock keeps each seat's state whole. Times are seconds on one
    clock; a time earlier than a seat's last edge counts as that edge's time."""

    def __init__(self, *, hold_time: float = 1.5, bounce_time: float = 0.03,
                 repeat_guard: float = 0.3) -> None:
        self.hold_time = hold_time
        self.bounce_time = bounce_time
        self.repeat_guard = repeat_guard
        self._lock = threading.Lock()
        self._seats: dict[str, _Seat] = {}

    def edge(self, seat: str, down: bool, t: float) -> list[ButtonEvent]:
        with self._lock:
            s = self._seats.setdefault(seat, _Seat())
            t = max(t, s.since)
            out = self._settle(seat, s, t)
            if s.raw != down:  # a second edge to the same level (key repeat) changes nothing
                s.raw, s.since = down, t
                if not down and s.down and s.up_at is None:
                    s.up_at = t  # the press ends here, however long the contact chatters
                out += self._settle(seat, s, t)
            return out

    def poll(self, t: float) -> list[ButtonEvent]:
        with self._lock:
            return [e for seat, s in self._seats.items() for e in self._settle(seat, s, t)]

    def deadline(self) -> float | None:
        """When ``poll`` may next decide something; None while every level has settled."""
        with self._lock:
            pending = [s.since + self.bounce_time for s in self._seats.values()
                       if s.raw != s.down]
            return min(pending) if pending else None

    def _settle(self, seat: str, s: _Seat, t: float) -> list[ButtonEvent]:
        """The seat's level, if it has stood for the bounce time by ``t``, taken as of the
        edge that began it."""
        if s.raw == s.down and s.down and s.up_at is not None and \
                t - s.since >= self.bounce_time:
            s.up_at = None  # it opened only for a bounce: the same press goes on
        if s.raw == s.down or t - s.since < self.bounce_time:
            return []
        s.down = s.raw
        if s.down:
            s.down_at = s.since
            s.up_at = None
            return []
        end = s.up_at if s.up_at is not None else s.since
        s.up_at = None
        kind = HOLD if end - s.down_at >= self.hold_time else PRESS
        if s.last is not None and s.since - s.last < self.repeat_guard:
            return []
        s.last = s.since
        return [ButtonEvent(seat, kind, s.since)]
