"""The new-game screen's table: the four places around the device (seat 1 in front of the
screen, then counter-clockwise, as the seat buttons are wired), each with the colour sitting
there, who plays it (a person or the companion) and the player's name. Two taps set a place:
the place, then its colour or another place to swap with."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

import pygame

from ....engine.state import COLOURS
from ...kit.widgets import BODY, BUTTON_EDGE, HIGHLIGHT, INK, W, Widget, button, draw_text
from ...words.i18n import _, colour_name

OPTIONS_X = 468
"""Left edge of the options beside the table."""
PLACES = ((120, 368), (236, 236), (120, 104), (4, 236))
"""Top-left corner of each place's box: seat 1 at the bottom (in front of the screen), then
counter-clockwise: right, top, left."""
BOX_W, ROW = 224, 50


def swap(at: list[str | None], a: int, b: int, by_colour: Sequence[dict[str, Any]]) -> None:
    """The colours of places ``a`` and ``b`` exchanged. Whoever sits at a place stays there
    with the new colour: between two occupied places the name and level (``by_colour``, keyed
    by colour) are exchanged too; a colour moved onto an empty place takes its player along."""
    ca, cb = at[a], at[b]
    at[a], at[b] = cb, ca
    if ca and cb:
        for d in by_colour:
            va, vb = d.pop(ca, None), d.pop(cb, None)
            if va is not None:
                d[cb] = va
            if vb is not None:
                d[ca] = vb


def put(at: list[str | None], place: int, colour: str | None,
        by_colour: Sequence[dict[str, Any]]) -> None:
    """``colour`` onto ``place`` (None: nobody sits there). A colour sitting at another place
    swaps with this place's; the player at the place keeps name and level."""
    if colour is not None and colour in at:
        swap(at, place, at.index(colour), by_colour)
        return
    old, at[place] = at[place], colour
    if old and colour:
        for d in by_colour:
            if old in d:
                d[colour] = d.pop(old)


SEAT_W = 72
"""Width of an occupied place's colour button (its badge and number) beside "who plays it"
(a person, or a virtual player's level)."""


def seat_widgets(at: Sequence[str | None], names: Mapping[str, str],
                 tap_place: Callable[[int], None], edit_name: Callable[[str], None],
                 who_plays: Callable[[str, tuple[int, int, int, int]], Widget]
                 ) -> list[Widget]:
    """Per place: its colour (a tap picks the place up: then a colour, or another place to
    swap with) and, where someone sits, the name and who plays it (``who_plays``: the
    button, at the rect given)."""
    out = []
    for i, c in enumerate(at[:len(PLACES)]):
        x, y = PLACES[i]
        if not c:
            out.append(button(f"seat:{i + 1}", (x, y, BOX_W, ROW), f"{i + 1}  " + _("empty"),
                              partial(tap_place, i)))
            continue
        out.append(button(f"seat:{i + 1}", (x, y, SEAT_W, ROW), f"{i + 1}",
                          partial(tap_place, i), colour=c, selected=True))
        out.append(who_plays(c, (x + SEAT_W + 4, y, BOX_W - SEAT_W - 4, ROW)))
        out.append(button(f"name:{c}", (x, y + ROW + 2, BOX_W, ROW),
                          names.get(c) or colour_name(c), partial(edit_name, c)))
    return out


PICK_TOP = 196
"""Top of the colours offered for a picked place, below the question."""


def colour_widgets(at: Sequence[str | None], place: int,
                   choose: Callable[[str | None], None]) -> list[Widget]:
    """The colours for the picked place (two columns) and "nobody sits here"."""
    w = (W - 8 - OPTIONS_X - 6) // 2
    out = [button(f"seat-colour:{c}", (OPTIONS_X + (k % 2) * (w + 6),
                                       PICK_TOP + (k // 2) * 60, w, 56),
                  colour_name(c), partial(choose, c), colour=c, selected=at[place] == c,
                  value=c)
           for k, c in enumerate(COLOURS)]
    if at[place]:
        out.append(button("seat-colour:none", (OPTIONS_X, PICK_TOP + 120, W - 8 - OPTIONS_X,
                                               56), _("Nobody sits here"),
                          partial(choose, None)))
    return out


def draw_picking(s: pygame.Surface, place: int) -> None:
    """The picked place framed on the table, and the question beside it."""
    x, y = PLACES[place]
    pygame.draw.rect(s, HIGHLIGHT, pygame.Rect(x, y, BOX_W, ROW).inflate(8, 8), 4,
                     border_radius=10)
    draw_text(s, _("Seat {n}: which colour? Or tap another seat to swap.").format(n=place + 1),
              pygame.Rect(OPTIONS_X, 100, W - 8 - OPTIONS_X, PICK_TOP - 104), BODY,
              valign="middle")


def draw_table(s: pygame.Surface) -> None:
    """The device in the middle of the places, and the way round (counter-clockwise)."""
    device = pygame.Rect(0, 0, 64, 24)  # landscape, between the top place and the sides
    device.center = (232, 221)
    pygame.draw.rect(s, INK, device, border_radius=6)
    pygame.draw.rect(s, BUTTON_EDGE, device.inflate(-16, -8), border_radius=3)
    table = pygame.Rect(4, 100, 456, 376)
    pygame.draw.rect(s, BUTTON_EDGE, table, 2, border_radius=40)
