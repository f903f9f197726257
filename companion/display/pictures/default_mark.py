"""The default a "Do it" uses, marked on a village's picture so that it reads at a metre by
shape and weight, not a shade (issue 32): a thick frame and a tick badge placed clear of the
words on the buildings."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...engine import GameState
from ...engine.grid import Cell
from ..kit.widgets import ACCENT, ACCENT_INK, font
from ..words import i18n
from ..words.i18n import building
from .village_view import _picture, _rows, _text_rect, building_plan, cell_rects, label_lines

_TEXTS: dict[tuple[int, str, tuple[int, int, int, int], str],
             tuple[GameState, list[pygame.Rect]]] = {}
"""The latest picture's words (kept with its state, so that an id is not taken again)."""


def building_texts(state: GameState, village_: str, area: pygame.Rect) -> list[pygame.Rect]:
    """Where the words on the buildings of the village's picture in ``area`` are (their
    names as drawn, a count beside a child): what a mark laid over the picture leaves
    uncovered. Worked out once per picture: a frame that shows it again asks again."""
    key = (id(state), village_, (area.x, area.y, area.w, area.h), i18n.language)
    if key not in _TEXTS:
        _TEXTS.clear()
        _TEXTS[key] = state, _building_texts(state, village_, area)
    return _TEXTS[key][1]


def _building_texts(state: GameState, village_: str, area: pygame.Rect
                    ) -> list[pygame.Rect]:
    v = state.villages[village_]
    size, fig, named = _picture(state, village_, area)
    out = []
    for (x, y), r in cell_rects(state, village_, area).items():
        b = v.buildings.get(Cell(x, y))
        if b is None:
            continue
        label = building(state.catalogue, b.type)
        box, _pict, places = building_plan(r, label, size, fig, list(b.adults),
                                           list(b.children), label in named)
        if box is not None:
            lines = label_lines(label, size, box.width, _rows(size, box.height)) or [label]
            wide = min(max(font(size).size(line)[0] for line in lines), box.width)
            out.append(pygame.Rect(box.left, box.top, wide, _text_rect(box, label, size).height))
        out += [p.count_rect for p in places if p.count_rect is not None]
    return out


BADGE_LEAST = 13
"""The tick badge's least radius (a badge this small still reads at a metre)."""


def _badge_spots(r: pygame.Rect, radius: int) -> list[tuple[int, int]]:
    """Where a badge of ``radius`` may sit inside ``r`` (the frame kept whole), in the order
    tried: down the right side from the top right corner, then down the left."""
    inner = r.inflate(-6 - 2 * radius, -6 - 2 * radius)
    return [(x, y) for x in (inner.right, inner.left)
            for y in (inner.top, inner.centery, inner.bottom)]


def mark_default(surface: pygame.Surface, r: pygame.Rect, frame: bool = True,
                 texts: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """What "Do it" does, marked so that it reads at a metre by its shape and weight, not a
    shade (issue 32): a thick frame (``frame``; a quarter has its own outline) and, inside
    its top right corner, a round badge with a tick; the other candidates keep a thin frame
    and no badge. The badge goes lower down the right side, or to the left, rather than over
    any of ``texts`` (a long name on its top line: play-test 2026-11-28). Returns where the
    badge is."""
    if frame:
        pygame.draw.rect(surface, ACCENT, r.inflate(6, 6), 6, border_radius=7)
    most = max(min(r.width, r.height) // 5, BADGE_LEAST)
    c, radius = _badge_spots(r, most)[0], most  # (no place clear of the words: the corner)
    for size in range(most, BADGE_LEAST - 1, -1):  # smaller rather than over a word
        clear = [c for c in _badge_spots(r, size) if not any(
            pygame.Rect(c[0] - size, c[1] - size, 2 * size, 2 * size).colliderect(t)
            for t in texts)]
        if clear:
            c, radius = clear[0], size
            break
    pygame.draw.circle(surface, ACCENT, c, radius)
    pygame.draw.circle(surface, ACCENT_INK, c, radius, 2)
    w = max(radius // 4, 3)
    pygame.draw.lines(surface, ACCENT_INK, False,
                      [(c[0] - radius // 2, c[1]), (c[0] - radius // 8, c[1] + radius // 2 - 2),
                       (c[0] + radius // 2, c[1] - radius // 2 + 2)], w)
    return pygame.Rect(c[0] - radius, c[1] - radius, 2 * radius, 2 * radius)
