"""The new-game screen's table: the four places around the device (seat 1 in front of the
screen, then counter-clockwise, as the seat buttons are wired), each with the colour sitting
there and the player's name."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial

import pygame

from ...engine.state import COLOURS
from ..i18n import _, colour_name
from ..ui import BUTTON_EDGE, INK, Widget, button

OPTIONS_X = 468
"""Left edge of the options beside the table."""
PLACES = ((120, 368), (236, 236), (120, 104), (4, 236))
"""Top-left corner of each place's box: seat 1 at the bottom (in front of the screen), then
counter-clockwise: right, top, left."""
BOX_W, ROW = 224, 50


def next_at_place(at: Sequence[str | None], place: int) -> str | None:
    """The next colour for a place: the following colours not sitting elsewhere, then empty."""
    order: list[str | None] = [*COLOURS, None]
    others = {c for i, c in enumerate(at) if i != place and c}
    start = order.index(at[place])
    for k in range(1, len(order) + 1):
        c = order[(start + k) % len(order)]
        if c is None or c not in others:
            return c
    return None


SEAT_W = 84
"""Width of an occupied place's colour button (its badge and number) beside "who plays it"
(a person, or a virtual player's level)."""


def seat_widgets(at: Sequence[str | None], names: Mapping[str, str],
                 cycle: Callable[[int], None], edit_name: Callable[[str], None],
                 who_plays: Callable[[str, tuple[int, int, int, int]], Widget]
                 ) -> list[Widget]:
    """Per place: its colour (a tap gives the next one, or empties the place) and, where
    someone sits, the name and who plays it (``who_plays``: the button, at the rect given)."""
    out = []
    for i, c in enumerate(at[:len(PLACES)]):
        x, y = PLACES[i]
        if not c:
            out.append(button(f"seat:{i + 1}", (x, y, BOX_W, ROW), f"{i + 1}  " + _("empty"),
                              partial(cycle, i)))
            continue
        out.append(button(f"seat:{i + 1}", (x, y, SEAT_W, ROW), f"{i + 1}",
                          partial(cycle, i), colour=c, selected=True))
        out.append(who_plays(c, (x + SEAT_W + 4, y, BOX_W - SEAT_W - 4, ROW)))
        out.append(button(f"name:{c}", (x, y + ROW + 2, BOX_W, ROW),
                          names.get(c) or colour_name(c), partial(edit_name, c)))
    return out


def draw_table(s: pygame.Surface) -> None:
    """The device in the middle of the places, and the way round (counter-clockwise)."""
    device = pygame.Rect(0, 0, 64, 24)  # landscape, between the top place and the sides
    device.center = (232, 221)
    pygame.draw.rect(s, INK, device, border_radius=6)
    pygame.draw.rect(s, BUTTON_EDGE, device.inflate(-16, -8), border_radius=3)
    table = pygame.Rect(4, 100, 456, 376)
    pygame.draw.rect(s, BUTTON_EDGE, table, 2, border_radius=40)
