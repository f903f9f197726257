"""A tab for each village on a picture (the Night Watchman's, a build's): every village keeps
its name, four in a row included."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...kit.palette import INK, LIGHT, PLAYER
from ...kit.widgets import BODY, Widget, button, font


def _fits(label: str, width: int) -> bool:
    return font(BODY).size(label)[0] <= width


BADGED = 160
"""Tabs narrower than this (three or four villages in a row) all show the owner's colour as a
bar: a badge would fit beside a short name and not beside a long one, and a row of tabs where
some lose their badge reads as if those villages had no owner."""


def village_tab(id_: str, rect: tuple[int, int, int, int], village: str, label: str,
                on_tap: Callable[[], None], selected: bool) -> Widget:
    """The village's name beside its owner's badge where the tab is wide and both fit; else
    the name over the whole tab, the owner's colour as a bar along its foot; else the name's
    first word so."""
    r = pygame.Rect(rect)
    colour = village if village in PLAYER else None
    if colour is None or (r.width >= BADGED and _fits(label, r.width - 52)):
        return button(id_, rect, label, on_tap, colour=colour, selected=selected)
    words = label.split(" ")
    short = label if _fits(label, r.width - 16) else words[0]
    while len(short) > 2 and not _fits(short, r.width - 16):  # "Amarillo" in a 98 px tab
        short = short.rstrip(".")[:-1] + "."

    def bar(s: pygame.Surface, where: pygame.Rect) -> None:
        foot = pygame.Rect(where.left + 6, where.bottom - 9, where.width - 12, 6)
        pygame.draw.rect(s, PLAYER[colour], foot, border_radius=3)
        if colour in LIGHT:
            pygame.draw.rect(s, INK, foot, 1, border_radius=3)

    return button(id_, rect, short, on_tap, selected=selected, paint=bar)
