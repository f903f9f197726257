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
from ..engine.characters import quarter_villagers, sleepers
from ..engine.grid import QUARTERS
from ..engine.values import Colour, Quarter, is_colour

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


MAX_LEDS = 65536
"""What one Adalight frame can address."""
MAX_SEATS = 4


def shown(value: Any) -> str:
    """A value for an error message, short whatever it is (a 5,000-digit number included)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 12:
        return "a number far too large" if value > 0 else "a number far too small"
    text = repr(value) if isinstance(value, bool | int | float | str) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _whole(value: Any, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{where}: must be a whole number from {low} to {high}, "
                         f"not {shown(value)}")
    return value


def layout_from_data(data: Any) -> Layout:
    """A layout from its config form: {"count": N, "seats": [{"seat": i, "quarters": [4 i],
    "bar": [first, length]}, ...]}, for 2 to 4 seats; every key and index checked, whole
    numbers only, and a ``ValueError`` naming the key for anything else."""
    if not isinstance(data, Mapping):
        raise ValueError("leds.layout: must be a table with 'count' and 'seats'")
    unknown = sorted(map(str, set(data) - {"count", "seats"}))
    if unknown:
        raise ValueError(f"leds.layout.{unknown[0]}: is not a setting")
    count = _whole(data.get("count"), "leds.layout.count", 1, MAX_LEDS)
    raw = data.get("seats", [])
    if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_SEATS:
        what = f"{len(raw)} of them" if isinstance(raw, list) else shown(raw)
        raise ValueError(f"leds.layout.seats: must list 2 to {MAX_SEATS} seat segments "
                         f"(tables), not {what}")
    seats = []
    used: set[int] = set()
    for n, s in enumerate(raw):
        where = f"leds.layout.seats[{n}]"
        if not isinstance(s, Mapping) or set(s) != {"seat", "quarters", "bar"}:
            extra = sorted(map(str, set(s) - {"seat", "quarters", "bar"})) \
                if isinstance(s, Mapping) else []
            if extra:
                raise ValueError(f"{where}.{extra[0]}: is not a setting")
            raise ValueError(f"{where}: needs 'seat', 4 'quarters' and 'bar' [first, length]")
        quarters, bar = s["quarters"], s["bar"]
        if not isinstance(quarters, list) or len(quarters) != 4:
            raise ValueError(f"{where}.quarters: must list 4 LED indexes")
        if not isinstance(bar, list) or len(bar) != 2:
            raise ValueError(f"{where}.bar: must be [first LED, length]")
        last = count - 1
        seat = _whole(s["seat"], f"{where}.seat", 0, last)
        at = [_whole(q, f"{where}.quarters[{i}]", 0, last) for i, q in enumerate(quarters)]
        quads = (at[0], at[1], at[2], at[3])
        first = _whole(bar[0], f"{where}.bar[0]", 0, last)
        length = _whole(bar[1], f"{where}.bar[1]", 1, count - first)  # within the strip
        seg = SeatSegment(seat, quads, (first, length))
        indexes = [seat, *quads, *range(first, first + length)]
        if len(set(indexes)) != len(indexes) or used & set(indexes):
            raise ValueError(f"{where}: shares LEDs with another segment or with itself")
        used |= set(indexes)
        seats.append(seg)
    return Layout(count, tuple(seats))


def scale(colour: RGB, level: float) -> RGB:
    return (round(colour[0] * level), round(colour[1] * level), round(colour[2] * level))


def quarter_colour(state: GameState, colour: str, quarter: Quarter) -> RGB:
    if not quarter_villagers(state, colour, quarter):
        return OFF
    asleep = len(sleepers(state, colour, quarter))
    if not asleep:
        return CALM
    return scale(WARNING, (0.35, 0.6, 1.0)[min(asleep, 3) - 1])


def bars_between(old: Mapping[Colour, int], new: Mapping[Colour, int],
                 progress: float) -> dict[Colour, float]:
    """The VP bars part of the way from the old scores to the new (round-end animation)."""
    p = min(max(progress, 0.0), 1.0)
    return {c: old.get(c, 0) + (new[c] - old.get(c, 0)) * p for c in new}


def frame(state: GameState, layout: Layout, *, t: float = 0.0,
          bars: Mapping[Colour, float] | None = None,
          seats: Sequence[str | None] | None = None, thinking: str | None = None
          ) -> list[RGB]:
    """The LEDs for a state. ``bars``: VP to show per colour (default: the score track);
    ``t``: seconds, for the winners' pulse at the game's end; ``seats``: the colour at each
    segment (default: the players in play order). A seat nobody plays stays dark.
    ``thinking``: a virtual player's colour while it works out its move: its seat pulses."""
    pixels: list[RGB] = [OFF] * layout.count
    shown = bars if bars is not None else state.track
    pulse = 0.3 + 0.7 * (0.5 + 0.5 * math.sin(2 * math.pi * t / 1.2))
    for seg, colour in zip(layout.seats, seats or state.colours, strict=False):
        if not is_colour(colour) or colour not in state.colours:
            continue
        own = PLAYER[colour]
        if thinking == colour:
            pixels[seg.seat] = scale(own, pulse)
        elif state.active == colour:
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
