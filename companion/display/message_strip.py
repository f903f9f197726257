"""A refusal where it belongs: a strip in the free room of the screen that caused it, never
over a control, gone with that screen; a tap on it only closes it.

The strip never covers the title row (whose turn it is) nor a control: it takes a free band
below the title row, lowest first (the side text, not the players' rows), of at most
:data:`MOST_LINES` lines; a longer reason is cut with an ellipsis and a tap on the strip shows
the whole of it (``whole``: the first free place that holds it, else over the top of the
screen; a tap then closes it). Failing a free band, the title row with the text cut short.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

from .ui import (
    BODY,
    MIN_TEXT,
    WARNING_BG,
    WARNING_INK,
    H,
    W,
    Widget,
    badge,
    draw_text,
    font,
    line_height,
    line_step,
    paragraph,
    wrap,
)

LINE = 30
PAD = 6
TITLE_ROW = 56
MOST_LINES = 3  # a refusal of more lines is cut; the whole of it is a tap away


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


def _short_height(text: str, width: int, most: int = MOST_LINES) -> int:
    n = min(len(wrap(text, BODY, width)), most)
    return max(TITLE_ROW, PAD * 2 + (n - 1) * line_step(BODY) + line_height(BODY) + 4)


def place(text: str, widgets: Sequence[Widget], badges: int,
          whole: bool = False) -> pygame.Rect:
    """Where the strip goes: a free band below the title row of at most :data:`MOST_LINES`
    lines, lowest first; ``whole``, the first free place that holds the whole text, else the
    top of the screen as high as the text needs (it was asked for: a tap closes it)."""
    inset = 16 + 36 * badges
    if not whole:
        # Fewer lines (the rest a tap away) rather than over the title: a busy screen may
        # have no free band of three lines below it.
        for most in range(MOST_LINES, 0, -1):
            for left, right in _columns(widgets):
                width = right - left
                if width < 240:
                    continue
                h = _short_height(text, width - inset - 8, most)
                for y in range(H - h, TITLE_ROW - 1, -4):
                    r = pygame.Rect(left, y, width, h)
                    if _free(r, widgets):
                        return r
    else:
        for left, right in _columns(widgets):
            width = right - left
            if width < 240:
                continue
            h = _height(text, width - inset - 8)
            for y in range(0, H - h + 1, 4):
                r = pygame.Rect(left, y, width, h)
                if _free(r, widgets):
                    return r
        return pygame.Rect(0, 0, W, min(H, _height(text, W - inset - 8)))
    left, right = next(iter(_columns(widgets)))
    r = pygame.Rect(left, 0, max(right - left, 240), TITLE_ROW)
    while r.height < H // 2 and _free(r.inflate(0, 4).move(0, 2), widgets):
        r.height += 4  # as much of the text as the room below the title row takes
    return r


def _cut(text: str, rect: pygame.Rect) -> tuple[str, ...] | None:
    """The lines of a reason cut to the strip with an ellipsis; None if it fits whole."""
    room = min(MOST_LINES, max(1, (rect.height - line_height(BODY))
                               // line_step(BODY) + 1))
    if len(wrap(text, BODY, rect.width)) <= room:
        return None
    lines = wrap(text, BODY, rect.width)[:room]
    last = lines[-1]
    while last and font(BODY).size(last + "…")[0] > rect.width:
        last = last[:-1]
    return (*lines[:-1], last.rstrip() + "…")


def draw(surface: pygame.Surface, text: str, widgets: Sequence[Widget],
         named: Sequence[str], on_tap: object, whole: bool = False,
         on_more: object = None) -> Widget:
    """Draws the strip; returns its widget: a tap on it shows the whole of a cut reason
    (``on_more``), else closes it; it does nothing else."""
    r = place(text, widgets, len(named), whole)
    pygame.draw.rect(surface, WARNING_BG, r, border_radius=8)
    pygame.draw.rect(surface, WARNING_INK, r, 2, border_radius=8)
    for i, c in enumerate(named):
        badge(surface, c, (r.left + 24 + 36 * i, r.top + TITLE_ROW // 2), 16)
    left = 16 + 36 * len(named)
    box = pygame.Rect(r.left + left, r.top + PAD, r.width - left - 8, r.height - 2 * PAD)
    cut = None if whole else _cut(text, box)
    if cut is None:
        paragraph(surface, text, box, BODY, WARNING_INK)
    else:
        for i, line in enumerate(cut):
            draw_text(surface, line, pygame.Rect(box.left, box.top + i * line_step(BODY),
                                                 box.width, line_height(BODY)),
                      BODY, WARNING_INK, min_size=MIN_TEXT, wrap=False)
    tap = on_more if cut is not None and on_more is not None else on_tap
    return Widget("banner", r, on_tap=tap, style="invisible")  # type: ignore[arg-type]
