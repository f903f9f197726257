"""The scores as a table: each player's VP (a column a player), the change since the last
round, and where they come from (a row a source). Shown at a round end and at the game's end."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from ....engine import breakdown
from ....engine.scoring import BREAKDOWN
from ....engine.state import GameState
from ....engine.values import Colour
from ...kit.widgets import BODY, INK, MUTED, PANEL, W, badge, draw_text, fit, font
from ...words.i18n import _, has_name, name
from ..history.words import SOURCES


def score_table(s: pygame.Surface, state: GameState, before: Mapping[Colour, int], y: int,
                bottom: int = 404) -> int:
    """Each player's VP (a column a player), the change since the last round, and where they
    come from (a row a source, in words)."""
    rows = [("vp", _("VP")), *([("change", _("since last round"))] if before else []),
            *((k, _(SOURCES[k])) for k in BREAKDOWN)]
    label_w = min(max(font(BODY).size(label)[0] for _k, label in rows) + 16, 320)
    col_w = min(180, (W - 16 - label_w) // max(len(state.players), 1))
    # Tried as drawn: a player's name is never hyphenated (``draw_text``), only wrapped at its
    # spaces; one that does not fit its column is written out whole above the table.
    if all(fit(name(p.colour), col_w - 40, 54, BODY, split=not has_name(name(p.colour))).fits
           for p in state.players):
        line = max(min((bottom - y - 58) // len(rows), 34), 28)
        for i, p in enumerate(state.players):
            x = 8 + label_w + i * col_w
            badge(s, p.colour, (x + 16, y + 17), 16)
            draw_text(s, name(p.colour), pygame.Rect(x + 36, y + 2, col_w - 40, 54), BODY, INK)
        y += 58
    else:  # long names: whole, two a line above the table; the columns by their badges
        half = (W - 16) // 2
        for i, p in enumerate(state.players):
            x, top = 8 + (i % 2) * half, y + (i // 2) * 28
            badge(s, p.colour, (x + 14, top + 13), 13)
            draw_text(s, name(p.colour), pygame.Rect(x + 32, top, half - 36, 28), BODY, INK,
                      wrap=False)
        y += 28 * ((len(state.players) + 1) // 2) + 2
        for i, p in enumerate(state.players):
            badge(s, p.colour, (8 + label_w + i * col_w + 52, y + 15), 15)
        y += 32
        line = max(min((bottom - y) // len(rows), 34), 28)
    for r, (key, label) in enumerate(rows):
        if r % 2 == 0:
            pygame.draw.rect(s, PANEL, (8, y - 1, W - 16, line))
        draw_text(s, label, pygame.Rect(12, y, label_w - 8, line - 2), BODY,
                  INK if key == "vp" else MUTED, wrap=False, valign="middle")
        for i, p in enumerate(state.players):
            vp = state.track.get(p.colour, 0)
            value = (str(vp) if key == "vp" else f"{vp - before.get(p.colour, 0):+d}"
                     if key == "change" else str(breakdown(state, p.colour)[key]))
            draw_text(s, value, pygame.Rect(8 + label_w + i * col_w + 36, y, col_w - 40,
                                            line - 2), BODY, INK, wrap=False, valign="middle")
        y += line
    return y
