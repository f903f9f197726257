"""What the LED strips show, as a pure function of the game state: a frame is a list of
(r, g, b) triples, one per LED, under a layout of named segments.

The default layout gives each seat, in play order, 25 LEDs in a row: its seat LED, the four
quarter LEDs of its village (top-left, top-right, bottom-left, bottom-right) and a VP bar of
20. The colours are documented in hardware/wiring.md.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import GameState
from ..engine.grid import QUARTERS, in_quarter

RGB = tuple[int, int, int]
OFF: RGB = (0, 0, 0)

PLAYER: dict[str, RGB] = {"red": (255, 0, 0), "blue": (0, 70, 255), "yellow": (255, 170, 0),
                          "white": (255, 255, 255)}
START_MARK: RGB = (40, 40, 40)
"""The start player's seat LED while it is someone else's turn: a steady dim white."""
CALM: RGB = (0, 40, 25)
"""A quarter whose villagers are all awake."""
WARNING: RGB = (255, 60, 0)
"""A quarter with sleepers, at 35 % for one, 60 % for two, full for three or more."""
BAR_LEVEL = 0.3
VP_BAR = 20


@dataclass(frozen=True)
class SeatSegment:
    seat: int
    """LED index of the seat LED."""
    quarters: tuple[int, int, int, int]
    """LED indexes of the village's quarters: top-left, top-right, bottom-left, bottom-right."""
    bar: tuple[int, int]
    """First LED index and length of the VP bar."""


@dataclass(frozen=True)
class Layout:
    count: int
    seats: tuple[SeatSegment, ...]
    """By seat, in play order."""


def default_layout(seats: int = 4, bar: int = VP_BAR) -> Layout:
    per = 5 + bar
    return Layout(per * seats, tuple(
        SeatSegment(i * per, (i * per + 1, i * per + 2, i * per + 3, i * per + 4),
                    (i * per + 5, bar)) for i in range(seats)))


def layout_from_data(data: Mapping[str, Any]) -> Layout:
    """A layout from its config form: {"count": N, "seats": [{"seat": i, "quarters": [4 i],
    "bar": [first, length]}, ...]}; every index checked."""
    count = data.get("count")
    if not isinstance(count, int) or count < 1:
        raise ValueError("leds.layout.count must be a whole number >= 1")
    seats = []
    used: set[int] = set()
    for n, s in enumerate(data.get("seats", [])):
        where = f"leds.layout.seats[{n}]"
        try:
            seg = SeatSegment(int(s["seat"]), tuple(int(q) for q in s["quarters"]),  # type: ignore[arg-type]
                              (int(s["bar"][0]), int(s["bar"][1])))
        except (KeyError, TypeError, ValueError, IndexError):
            raise ValueError(f"{where} needs 'seat', 4 'quarters' and 'bar' [first, length]") \
                from None
        if len(seg.quarters) != 4:
            raise ValueError(f"{where}.quarters must list 4 LED indexes")
        indexes = [seg.seat, *seg.quarters, *range(seg.bar[0], seg.bar[0] + seg.bar[1])]
        if any(not 0 <= i < count for i in indexes):
            raise ValueError(f"{where} uses an LED index outside 0..{count - 1}")
        if used & set(indexes):
            raise ValueError(f"{where} shares LEDs with another segment")
        used |= set(indexes)
        seats.append(seg)
    return Layout(count, tuple(seats))


def scale(colour: RGB, level: float) -> RGB:
    return (round(colour[0] * level), round(colour[1] * level), round(colour[2] * level))


def quarter_colour(state: GameState, colour: str, quarter: str) -> RGB:
    adults = [a for cell, b in state.villages[colour].buildings.items()
              if in_quarter(cell, quarter) for a in b.adults]
    if not adults:
        return OFF
    asleep = sum(1 for a in adults if not a.awake)
    if not asleep:
        return CALM
    return scale(WARNING, (0.35, 0.6, 1.0)[min(asleep, 3) - 1])


def bars_between(old: Mapping[str, int], new: Mapping[str, int],
                 progress: float) -> dict[str, float]:
    """The VP bars part of the way from the old scores to the new (round-end animation)."""
    p = min(max(progress, 0.0), 1.0)
    return {c: old.get(c, 0) + (new[c] - old.get(c, 0)) * p for c in new}


def frame(state: GameState, layout: Layout, *, t: float = 0.0,
          bars: Mapping[str, float] | None = None,
          seats: Sequence[str] | None = None) -> list[RGB]:
    """The LEDs for a state. ``bars``: VP to show per colour (default: the score track);
    ``t``: seconds, for the winners' pulse at the game's end; ``seats``: the colour at each
    segment (default: the players in play order). A seat nobody plays stays dark."""
    pixels: list[RGB] = [OFF] * layout.count
    shown = bars if bars is not None else state.track
    pulse = 0.3 + 0.7 * (0.5 + 0.5 * math.sin(2 * math.pi * t / 1.2))
    for seg, colour in zip(layout.seats, seats or state.colours, strict=False):
        if colour not in state.colours:
            continue
        own = PLAYER[colour]
        if state.active == colour:
            pixels[seg.seat] = own
        elif state.start_player == colour and state.round > 0:
            pixels[seg.seat] = START_MARK
        for index, quarter in zip(seg.quarters, QUARTERS, strict=True):
            pixels[index] = quarter_colour(state, colour, quarter)
        first, length = seg.bar
        lit = shown.get(colour, 0) * length / VP_BAR
        for i in range(length):
            part = min(max(lit - i, 0.0), 1.0)  # a bar moving between scores lights softly
            pixels[first + i] = scale(own, BAR_LEVEL * part)
        if colour in state.winners:
            for i in (seg.seat, *range(first, first + length)):
                pixels[i] = scale(own, pulse)
    return pixels


class SimulatedStrip:
    """The strip on a desktop: the app draws the latest frame it was shown."""

    def __init__(self, count: int) -> None:
        self._lock = threading.Lock()
        self._pixels: list[RGB] = [OFF] * count

    def show(self, pixels: Sequence[RGB]) -> None:
        with self._lock:
            self._pixels = list(pixels)

    @property
    def pixels(self) -> list[RGB]:
        with self._lock:
            return list(self._pixels)
