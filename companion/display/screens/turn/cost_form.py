"""The one cost form: a building's cost read off its tile (top left), in one layout wherever
it is asked for (a tile on offer during a turn, the Costs screen).

Each tap on a good adds one; the goods entered stand above the goods, as the tile shows them,
and a tap on one there takes that one off again (a mistaken tap is undone one good at a time,
"Clear" starts again). The goods keep their places whatever is entered, so a tap never lands
on anything but the good it was aimed at."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

from ....engine.catalogue import make_cost
from ...kit.widgets import (
    BODY,
    BUTTON,
    BUTTON_EDGE,
    INK,
    SELECTED,
    Widget,
    button,
    draw_text,
    font,
    line_height,
)
from ...pictures import pictograms
from ...words.i18n import _, building, good, punctuate
from ..parts import RIGHT_W, RIGHT_X, TOP

TILE_FACE = (250, 244, 226)
AREA = pygame.Rect(RIGHT_X, TOP, RIGHT_W, 480 - TOP)
"""Where the form lies: the screen's right side, the left side is its screen's own."""
TILE = pygame.Rect(RIGHT_X, TOP + 2, RIGHT_W, 88)
"""The tile as it lies on the table: its name, and top left the goods entered (empty: what
to do)."""
TOKENS = pygame.Rect(TILE.left + 6, TILE.top + 36, TILE.width - 12, 48)
GOODS_TOP = TILE.bottom + 4
ROW = 64
"""The goods: 4 in a row, 60 px high (a long name on two lines), above the buttons."""
BOTTOM = 412


GAP = 6
ICON = 28


def _width(words: str) -> int:
    return font(BODY).size(punctuate(words))[0]


def good_columns(names: list[str]) -> tuple[list[int], list[int]]:
    """The goods' four columns (left edges, widths): each as wide as its longest name needs
    on one line (the goods keep their places: the column of a good depends on its place in
    the catalogue, never on what is entered), the room left shared out evenly."""
    need = [max([_width(n) + 16 for n in names[c::4]] + [60]) for c in range(4)]
    room = RIGHT_W - 3 * GAP
    spare = room - sum(need)
    widths = [n + spare // 4 for n in need] if spare >= 0 else [room // 4] * 4
    lefts = [RIGHT_X + sum(widths[:c]) + c * GAP for c in range(4)]
    return lefts, widths


@dataclass
class GoodButton(Widget):
    """A good to tap: its pictogram above its name, the name on one line and whole (a good's
    name is never split: play-test 2026-11-25, "Formag-gio")."""

    def draw(self, surface: pygame.Surface) -> None:
        bg = SELECTED if self.selected else BUTTON
        r = self.rect
        pygame.draw.rect(surface, bg, r, border_radius=8)
        pygame.draw.rect(surface, INK if self.selected else BUTTON_EDGE, r,
                         3 if self.selected else 2, border_radius=8)
        if self.icon is not None:
            self.icon(surface, pygame.Rect(r.centerx - ICON // 2, r.top + 2, ICON, ICON))
        lh = line_height(BODY)
        draw_text(surface, self.label, pygame.Rect(r.left + 4, r.bottom - lh - 3, r.width - 8,
                                                   lh),
                  BODY, INK, wrap=False, split=False, align="center", bg=bg)


class CostForm:
    """One building type's cost, entered good by good."""

    def __init__(self, catalogue: Any, type_id: str,
                 known: dict[str, int] | None = None) -> None:
        self.catalogue = catalogue
        self.type = type_id
        self.cost: dict[str, int] = dict(known or {})
        """The goods entered; a correction starts from the cost known (a tap takes one off)."""
        self.taps: list[str] = [g for g, n in self.cost.items() for _i in range(n)]
        """The goods in the order they were tapped (the cost known first): the tokens'."""

    def add(self, g: str) -> None:
        self.cost[g] = self.cost.get(g, 0) + 1
        self.taps.append(g)

    def tapped(self) -> list[str]:
        """One good a token, in the order tapped (the cost known first); a good taken off (or
        cleared) leaves from the end."""
        out: list[str] = []
        for g in [*self.taps, *(g for g, n in self.cost.items() for _i in range(n))]:
            if out.count(g) < self.cost.get(g, 0):
                out.append(g)
        self.taps = out
        return out

    def take_off(self, g: str) -> None:
        if self.cost.get(g, 0) > 1:
            self.cost[g] -= 1
        else:
            self.cost.pop(g, None)

    def value(self) -> tuple[tuple[str, int], ...]:
        """The cost entered, as the engine takes it: ((good, count), ...) sorted."""
        return make_cost(self.cost)

    def tokens(self) -> list[tuple[str, str, pygame.Rect]]:
        """The goods entered in the order they were tapped (as the table reads them off the
        tile): a token never moves when another is added after it (issue 32). One token a
        good while they fit on the tile, else one a kind with its count (shared out evenly,
        the last resort); each as (good, words, place)."""
        one_each = [(g, good(self.catalogue, g)) for g in self.tapped()]
        order = list(dict.fromkeys(self.tapped()))
        counted = [(g, f"{self.cost[g]} × {good(self.catalogue, g)}" if self.cost[g] > 1  # noqa: RUF001
                    else good(self.catalogue, g)) for g in order]
        for words in (one_each, counted):
            out, x = [], TOKENS.left
            for g, w in words:
                width = font(BODY).size(w)[0] + 20
                out.append((g, w, pygame.Rect(x, TOKENS.top, width, TOKENS.height)))
                x += width + 6
            if x <= TOKENS.right + 6:
                return out
        # Many kinds: two rows over the whole tile (its name gives way), shared out evenly.
        per_row = (len(counted) + 1) // 2
        each = (TOKENS.width + 6) // per_row
        high = (TILE.height - 6) // 2
        return [(g, w, pygame.Rect(TOKENS.left + (i % per_row) * each,
                                   TILE.top + 3 + (i // per_row) * (high + 1), each - 6, high))
                for i, (g, w) in enumerate(counted)]

    def widgets(self, done: Callable[[], None], back: Callable[[], None] | None,
                done_label: str) -> list[Widget]:
        out: list[Widget] = []
        for i, (g, words, r) in enumerate(self.tokens()):
            out.append(Widget(f"cost_tile:{g}:{i}", r, words, partial(self.take_off, g),
                              value=g))
        lefts, widths = good_columns([good(self.catalogue, g) for g in self.catalogue.goods])
        for i, g in enumerate(self.catalogue.goods):
            out.append(GoodButton(f"good:{g}", pygame.Rect(lefts[i % 4], GOODS_TOP
                                                           + (i // 4) * ROW, widths[i % 4],
                                                           ROW - 4),
                                  good(self.catalogue, g), partial(self.add, g),
                                  selected=self.cost.get(g, 0) > 0, value=g,
                                  icon=pictograms.good_icon(g)))
        out.append(button("cost:clear", (RIGHT_X, BOTTOM, 170, 60), _("Clear"),
                          self.cost.clear, enabled=bool(self.cost)))
        if back is not None:
            out.append(button("back_cost", (RIGHT_X + 182, BOTTOM, 170, 60), _("Back"), back))
        out.append(button("cost:done", (RIGHT_X + 362, BOTTOM, 170, 60), done_label, done,
                          enabled=bool(self.cost), style="primary"))
        return out

    def draw(self, s: pygame.Surface) -> None:
        pygame.draw.rect(s, TILE_FACE, TILE, border_radius=6)
        pygame.draw.rect(s, INK, TILE, 2, border_radius=6)
        name = building(self.catalogue, self.type)
        if not self.cost:  # nothing yet: what to do, on the tile itself
            draw_text(s, _("{building}: tap each good as often as the tile shows it.").format(
                building=name), TILE.inflate(-16, -8), BODY, INK, valign="middle",
                bg=TILE_FACE)
            return
        if all(r.top >= TOKENS.top for _g, _w, r in self.tokens()):  # else: two rows of goods
            draw_text(s, name, pygame.Rect(TILE.left + 8, TILE.top + 3, TILE.width - 16, 32),
                      BODY, INK, wrap=False, bg=TILE_FACE)
