"""The draft's (or the letters') end on the table: the last picker takes the start-player token,
the start tiles nobody took go back into the box (rules §6.1). The engine says both as the
last pick's table steps; the screen that follows at once (the placing of the start buildings,
a virtual player's placement) shows them where the group looks, until the first placement or
until they are ticked (issue 32: a group tapping on saw them only behind "On the table")."""

from __future__ import annotations

import pygame

from ...kit.palette import ACCENT, SELECTED
from ...kit.widgets import BODY, INK, draw_text, drawn_height
from ...words.i18n import _, name, ngettext
from ...words.table_log import TableLog

TOKEN = "table.start_token_last_pick"
BOX = "table.start_tile_to_box"
HANDOVER = frozenset({TOKEN, BOX})
PAD = 6


def handover(table: TableLog) -> list[int]:
    """The last action's handover steps the table has not ticked yet (indexes into
    ``table.entries``): none once anything else was done since (the first placement)."""
    return [i for i in range(table.last, len(table.entries))
            if table.entries[i][0].code in HANDOVER and i not in table.ticked]


def handover_words(table: TableLog, steps: list[int]) -> str:
    """The handover in one or two sentences, from the engine's steps (who, from whom, how
    many tiles): the token first, then the tiles."""
    token = next((table.entries[i][0] for i in steps if table.entries[i][0].code == TOKEN), None)
    tiles = sum(1 for i in steps if table.entries[i][0].code == BOX)
    out = []
    if token is not None:
        p = token.message.params
        out.append(_("First, {who} takes the start-player token from beside the board."
                     ).format(who=name(p["player"])))
    if tiles:
        out.append(ngettext("{n} start tile left over: back into the box.",
                            "{n} start tiles left over: back into the box.",
                            tiles).format(n=tiles))
    return " ".join(out)


def band_height(words: str, width: int) -> int:
    """The band's height for ``words`` across ``width``."""
    return drawn_height(words, width - 2 * PAD - 6) + 2 * PAD


def draw_band(s: pygame.Surface, words: str, rect: pygame.Rect) -> int:
    """The handover as a framed band at the top of ``rect`` (accent bar on its left: what to
    do before anything else); returns the y below it."""
    band = pygame.Rect(rect.x, rect.y, rect.width, band_height(words, rect.width))
    pygame.draw.rect(s, SELECTED, band, border_radius=6)
    pygame.draw.rect(s, ACCENT, band, 2, border_radius=6)
    pygame.draw.rect(s, ACCENT, (band.x, band.y, 6, band.height), border_radius=3)
    draw_text(s, words, pygame.Rect(band.x + 6 + PAD, band.y + PAD, band.width - 2 * PAD - 6,
                                    band.height - 2 * PAD), BODY, INK)
    return band.bottom
