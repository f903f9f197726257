"""What the texts drawn on a frame are checked for: the reports of a text that does not fit or is
too small to read at a metre (:data:`REPORTS`; with ``HELVETIA_STRICT_TEXT=1`` a report raises
:class:`TextDoesNotFit` at once, naming the screen and the text), every text colour against the
background it lands on (:data:`CONTRAST`), the sizes drawn, and the notes a picture drawn once
keeps of its texts (``picture_cache``), noted again each time it is shown."""

from __future__ import annotations

import os
from collections import deque
from dataclasses import dataclass
from typing import Any

import pygame

from .palette import BACKGROUND, Colour


class TextDoesNotFit(RuntimeError):
    """A text that does not fit its box even at the smallest size (strict mode)."""


@dataclass(frozen=True)
class TextReport:
    screen: str
    text: str
    box: tuple[int, int]
    """The box's width and height."""
    size: int
    """The size tried last (the smallest allowed)."""
    why: str = "does not fit"
    """What is wrong: it does not fit (:data:`NOT_FITTING`) or it is too small to read at a
    metre (:data:`TOO_SMALL`)."""


NOT_FITTING = "does not fit"
TOO_SMALL = "too small"


REPORTS: list[TextReport] = []
"""Every text that did not fit, once per screen, text and box."""
CONTRAST: dict[tuple[str, str, Colour, Colour], float] = {}
"""(screen, text, text colour, background) -> contrast ratio, of every text drawn."""
SIZES: dict[int, int] = {}
"""How many lines were drawn at each size (pixels): the smallest text on any screen."""
DRAWN: deque[tuple[str, pygame.Rect]] = deque(maxlen=2_000)
"""The latest texts drawn and the rectangles they cover: what a test checks for overlaps."""
_reported: set[TextReport] = set()
screen_name = "?"
"""The screen being drawn, for the reports; the app sets it (:func:`set_screen`)."""


def set_screen(name: str) -> None:
    global screen_name
    screen_name = name


def clear_reports() -> None:
    REPORTS.clear()
    _reported.clear()
    CONTRAST.clear()
    SIZES.clear()


def strict() -> bool:
    return os.environ.get("HELVETIA_STRICT_TEXT") == "1"


KEEP = 20_000
"""At most this many reports and contrast notes are kept: the appliance runs for days."""


def report(s: str, box: tuple[int, int], size: int, why: str = NOT_FITTING) -> None:
    note(("report", s, box, size, why))
    r = TextReport(screen_name, s, box, size, why)
    if r not in _reported and len(REPORTS) < KEEP:
        _reported.add(r)
        REPORTS.append(r)
    if strict() and why == NOT_FITTING:
        raise TextDoesNotFit(f"{screen_name}: {s[:200]!r} does not fit in {box[0]}x{box[1]} px "
                             f"even at {size} px")
    if strict():
        raise TextDoesNotFit(f"{screen_name}: {s[:200]!r} in {box[0]}x{box[1]} px is drawn at "
                             f"{size} px: too small to read at a metre")


def too_small(what: str, size: int, least: int) -> None:
    """Report a picture drawn smaller than readable at a metre (a villager under
    :data:`FIGURE_MIN`), as a text that is too small is reported."""
    if size < least:
        report(what, (size, size), size, TOO_SMALL)


def luminance(c: Colour) -> float:
    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])


def contrast(a: Colour, b: Colour) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def contrast_misses(minimum: float = 4.5) -> list[tuple[str, str, Colour, Colour, float]]:
    return [(*k, r) for k, r in CONTRAST.items() if r < minimum]


def background_under(surface: pygame.Surface, rect: pygame.Rect) -> Colour:
    """The colour the text lands on: the most common of a few points around its box."""
    r = rect.clip(surface.get_rect())
    if r.width < 3 or r.height < 3:
        return BACKGROUND
    points = [(r.left + 1, r.top + 1), (r.right - 2, r.top + 1), (r.left + 1, r.bottom - 2),
              (r.right - 2, r.bottom - 2), (r.centerx, r.top + 1), (r.centerx, r.bottom - 2)]
    seen = [(c.r, c.g, c.b) for c in map(surface.get_at, points)]
    return max(seen, key=seen.count)


def note_contrast(line: str, colour: Colour, under: Colour, noted: bool = True) -> None:
    """A line's colours kept for the contrast check (and, ``noted``, for a picture drawn
    again)."""
    if noted:
        note(("contrast", line, colour, under))
    key = (screen_name, line, colour, under)
    if key not in CONTRAST and len(CONTRAST) < KEEP:
        CONTRAST[key] = contrast(colour, under)


# --- the notes of a picture drawn once ----------------------------------------------------------

Note = tuple[Any, ...]
recording: list[list[Note]] = []
"""The notes of the pictures being drawn now (a picture may hold another)."""


def note(what: Note) -> None:
    for notes in recording:
        notes.append(what)


def replay(notes: list[Note]) -> None:
    """A remembered picture's texts, noted again as if drawn (reports, sizes, contrast)."""
    for n in notes:
        if n[0] == "report":
            report(*n[1:])
        elif n[0] == "sizes":
            SIZES[n[1]] = SIZES.get(n[1], 0) + n[2]
        else:
            note_contrast(*n[1:])
