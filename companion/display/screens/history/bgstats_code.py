"""Send a game to BG Stats: its "push play" link as a QR code, big enough for a phone to read
from 40 cm, over the screen it was asked from."""

from __future__ import annotations

from typing import Any

import pygame

from ....history import bgstats
from ....history.summary import GameSummary
from ...contract import AppView
from ...kit.widgets import BACKGROUND, BODY, INK, MUTED, W, Widget, badge, button, draw_text
from ...words.i18n import _
from .words import Screen, seat_name

DARK = (0, 0, 0)
LIGHT = (255, 255, 255)


class BGStatsOverlay(Screen):
    """The code on the left, what to do on the right; 'Close' goes back."""

    def __init__(self, game: GameSummary) -> None:
        self.game = game
        self.shared: bgstats.Shared | None = None
        self.code_rect = pygame.Rect(0, 0, 0, 0)

    def load(self, app: AppView) -> bgstats.Shared:
        if self.shared is None:
            config = app.stored.bgstats_settings()
            self.shared = bgstats.share(self.game, config)
        return self.shared

    def layout(self, app: AppView) -> list[Widget]:
        self.load(app)
        return [button("bgstats:close", (W - 196, 410, 180, 60), _("Close"),
                       lambda: setattr(app, "overlay", None), style="primary")]

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        shared = self.load(app)
        pygame.draw.rect(s, BACKGROUND, (0, 0, W, 480))
        self.code_rect = draw_code(s, shared.code, (8, 8))
        x = self.code_rect.right + 16
        box = pygame.Rect(x, 16, W - x - 16, 380)
        y = draw_text(s, _("Send to BG Stats"), pygame.Rect(box.left, box.top, box.width, 80),
                      32, INK).bottom + 12
        y = draw_text(s, _("Scan the code with your phone's camera: BG Stats opens and "
                           "offers to import this play."), pygame.Rect(box.left, y, box.width,
                                                                       200), BODY, MUTED).bottom
        y += 14
        for seat in sorted(self.game.seats, key=lambda x: x.rank):  # what it sends
            if y + 30 > 400:
                break
            badge(s, seat.colour, (box.left + 14, y + 14), 13)
            draw_text(s, f"{seat_name(seat)}: {seat.vp}", pygame.Rect(box.left + 34, y,
                                                                       box.width - 34, 28),
                      BODY, INK, wrap=False)
            y += 32


def draw_code(s: pygame.Surface, code: Any, at: tuple[int, int]) -> pygame.Rect:
    """The code, ``MODULE_PX`` pixels a module (fewer only for a code larger than readable),
    on white with a light margin."""
    size = code.symbol_size(border=bgstats.QUIET)[0]
    px = max(2, min(bgstats.MODULE_PX, 464 // size))
    r = pygame.Rect(at[0], at[1], size * px, size * px)
    pygame.draw.rect(s, LIGHT, r)
    for y, row in enumerate(code.matrix_iter(border=bgstats.QUIET)):
        x0 = None
        for x, dark in enumerate([*row, 0]):
            if dark and x0 is None:
                x0 = x
            elif not dark and x0 is not None:  # one rectangle a run of dark modules
                s.fill(DARK, (r.left + x0 * px, r.top + y * px, (x - x0) * px, px))
                x0 = None
    return r
