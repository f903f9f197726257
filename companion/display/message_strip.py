"""A refusal where it belongs: a strip in the free room of the screen that caused it, never
over a control, gone with that screen; a tap on it only closes it.

The strip takes the title row first (left of the buttons there, and as many rows below as
the text needs while nothing tappable lies under it); failing that, any free band of the
screen; failing that, the title row with the text cut short (the whole of it is never lost:
the log keeps it, and the action can be tried again).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

from .ui import (
    BODY,
    WARNING_BG,
    WARNING_INK,
    H,
    W,
    Widget,
    badge,
    paragraph,
    wrap,
)

LINE = 30
PAD = 6
TITLE_ROW = 56


def _free(rect: pygame.Rect, widgets: Sequence[Widget]) -> bool:
    return rect.collidelist([w.rect for w in widgets]) < 0 and \
        pygame.Rect(0, 0, W, H).contains(rect)


def _height(text: str, width: int) -> int:
    return max(TITLE_ROW, PAD * 2 + LINE * len(wrap(text, BODY, width)))


def _columns(widgets: Sequence[Widget]) -> Iterable[tuple[int, int]]:
    """Candidate (left, right) spans: left of the title row's buttons, the whole width, and
    left of every widget's left edge."""
    top = [w.rect.left for w in widgets if w.rect.top < TITLE_ROW and w.rect.left > 120]
    yield 0, min(top, default=W) - 4
    yield 0, W
    for edge in sorted({w.rect.left for w in widgets if w.rect.left > 200}, reverse=True):
        yield 0, edge - 4
    for edge in sorted({w.rect.right for w in widgets if w.rect.right < W - 200}):
        yield edge + 4, W


def place(text: str, widgets: Sequence[Widget], badges: int) -> pygame.Rect:
    """Where the strip goes: the first free place that holds the whole text."""
    inset = 16 + 36 * badges
    for left, right in _columns(widgets):
        width = right - left
        if width < 240:
            continue
        h = _height(text, width - inset - 8)
        for y in range(0, H - h + 1, 4):
            r = pygame.Rect(left, y, width, h)
            if _free(r, widgets):
                return r
    left, right = next(iter(_columns(widgets)))
    r = pygame.Rect(left, 0, max(right - left, 240), TITLE_ROW)
    while r.height < H // 2 and _free(r.inflate(0, 4).move(0, 2), widgets):
        r.height += 4  # as much of the text as the room below the title row takes
    return r


def draw(surface: pygame.Surface, text: str, widgets: Sequence[Widget],
         named: Sequence[str], on_tap: object) -> Widget:
    """Draws the strip; returns its widget (a tap on it closes it, nothing else)."""
    r = place(text, widgets, len(named))
    pygame.draw.rect(surface, WARNING_BG, r, border_radius=8)
    pygame.draw.rect(surface, WARNING_INK, r, 2, border_radius=8)
    for i, c in enumerate(named):
        badge(surface, c, (r.left + 24 + 36 * i, r.top + TITLE_ROW // 2), 16)
    left = 16 + 36 * len(named)
    paragraph(surface, text, pygame.Rect(r.left + left, r.top + PAD, r.width - left - 8,
                                         r.height - 2 * PAD), BODY, WARNING_INK)
    return Widget("banner", r, on_tap=on_tap, style="invisible")  # type: ignore[arg-type]
