"""What the LED strips show during a game of Drunter & Drüber, on the same layout as
Helvetia's (hw/leds.py): the active seat's LED in its colour; after a toilet vote every
seat's bar shows its result (green: yes won, the tile stays; red: no won) until the next
action; at the end the winners' seats and bars pulse."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..drunter.actions import Vote
from ..drunter.state import OVER, DrunterState
from .leds import BAR_LEVEL, OFF, PLAYER, RGB, Layout, scale

YES: RGB = (0, 200, 40)
NO: RGB = (230, 0, 0)


def drunter_frame(state: DrunterState, last_action: object, layout: Layout, *,
                  t: float = 0.0, seats: Sequence[str] | None = None) -> list[RGB]:
    """The LEDs for a Drunter state; ``last_action`` the action that led to it (a vote's
    result is shown while it is the last)."""
    pixels: list[RGB] = [OFF] * layout.count
    pulse = 0.3 + 0.7 * (0.5 + 0.5 * math.sin(2 * math.pi * t / 1.2))
    vote = state.votes[-1] if isinstance(last_action, Vote) and state.votes else None
    for seg, colour in zip(layout.seats, seats or state.colours, strict=False):
        if colour not in state.colours:
            continue
        own = PLAYER[colour]
        first, length = seg.bar
        if state.phase == OVER:
            if colour in state.winners:
                for i in (seg.seat, *range(first, first + length)):
                    pixels[i] = scale(own, pulse)
            continue
        if state.active == colour:
            pixels[seg.seat] = own
        if vote is not None:
            for i in range(first, first + length):
                pixels[i] = scale(YES if vote.passed else NO, BAR_LEVEL * 2)
    return pixels
