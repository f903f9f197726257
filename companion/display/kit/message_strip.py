"""A refusal where it belongs: a strip in the free room of the screen that caused it, never
over a control, gone with that screen; a tap on it only closes it.

The strip shows the whole reason, never cut (the cut part says why: play-test 2026-11-25,
finding 6): it takes the lowest free band below the title row (whose turn it is) that holds
all its lines at body size (the side text rather than the players' rows), in the widest
column that has one; failing that, the highest free band that holds it, the title row
included; failing that (a screen full of controls), the top of the screen as high as the
text needs, over what lies there, until a tap closes it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

from .widgets import (
    BODY,
    WARNING_BG,
    WARNING_INK,
    H,
    W,
    Widget,
    badge,
    line_height,
    line_step,
    paragraph,
    wrap,
)

PAD = 6
TITLE_ROW = 56


def keep_clear(name: str, rect: pygame.Rect) -> Widget:
    """A text the strip must not hide (the line a refusal talks about, a screen's hint): no
    control, but the strip keeps off it as off any widget."""
    return Widget(f"clear:{name}", rect, style="invisible")


def _free(rect: pygame.Rect, widgets: Sequence[Widget]) -> bool:
    return rect.collidelist([w.rect for w in widgets]) < 0 and \
        pygame.Rect(0, 0, W, H).contains(rect)


def _height(text: str, width: int) -> int:
    """The strip's height for all of ``text``'s lines at body size in ``width``."""
    n = len(wrap(text, BODY, width))
    return max(TITLE_ROW, PAD * 2 + (n - 1) * line_step(BODY) + line_height(BODY) + 4)


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
    """Where the strip goes, as high as the whole text needs: the lowest free band below
    the title row, else the highest free band, else the top of the screen."""
    inset = 16 + 36 * badges
    bands = [(left, right - left, _height(text, right - left - inset - 8))
             for left, right in _columns(widgets) if right - left >= 240]
    for left, width, h in bands:
        for y in range(H - h, TITLE_ROW - 1, -4):
            r = pygame.Rect(left, y, width, h)
            if _free(r, widgets):
                return r
    for left, width, h in bands:
        for y in range(0, H - h + 1, 4):
            r = pygame.Rect(left, y, width, h)
            if _free(r, widgets):
                return r
    return pygame.Rect(0, 0, W, min(H, _height(text, W - inset - 8)))


def draw(surface: pygame.Surface, text: str, widgets: Sequence[Widget],
         named: Sequence[str], on_tap: object) -> Widget:
    """Draws the strip, the whole reason in it; returns its widget: a tap on it closes it
    and does nothing else."""
    r = place(text, widgets, len(named))
    pygame.draw.rect(surface, WARNING_BG, r, border_radius=8)
    pygame.draw.rect(surface, WARNING_INK, r, 2, border_radius=8)
    for i, c in enumerate(named):
        badge(surface, c, (r.left + 24 + 36 * i, r.top + TITLE_ROW // 2), 16)
    left = 16 + 36 * len(named)
    box = pygame.Rect(r.left + left, r.top + PAD, r.width - left - 8, r.height - 2 * PAD)
    paragraph(surface, text, box, BODY, WARNING_INK)
    return Widget("banner", r, on_tap=on_tap, style="invisible")  # type: ignore[arg-type]
