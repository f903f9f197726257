"""The desktop's own overlays: the keys that stand for the seat buttons (at the first start),
and Esc's question before quitting."""

from __future__ import annotations

import pygame

from ...contract import AppView
from ...kit.widgets import INK, PANEL, TITLE, W, Widget, button, draw_text, paragraph
from ...words.i18n import _
from ..parts import Screen


class KeysHint(Screen):
    """On a desktop, at the first start: which keys are the seat buttons."""

    def layout(self, app: AppView) -> list[Widget]:
        return [button("hint:ok", (W // 2 - 100, 356, 200, 60), _("OK"), app.keys_shown,
                       style="primary")]

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        box = pygame.Rect(120, 90, 560, 350)
        pygame.draw.rect(s, PANEL, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        draw_text(s, _("The keys"), pygame.Rect(box.left + 20, box.top + 12, box.width - 40, 40),
                  TITLE, INK, wrap=False, align="center", bg=PANEL)
        paragraph(s, "\n".join([
            _("1, 2, 3, 4: the seat buttons, one at each place; each is the button of whoever "
              "sits there."),
            _("Hold one for a moment: undo."),
            _("N: a shared next button."),
            _("Esc: quit (it asks first).")]),
            pygame.Rect(box.left + 24, box.top + 64, box.width - 48, 190))


class QuitConfirm(Screen):
    """Esc on a desktop: quit? The game is kept either way."""

    def layout(self, app: AppView) -> list[Widget]:
        def stay() -> None:
            app.overlay = None

        return [button("quit:no", (170, 300, 225, 60), _("Keep playing"), stay),
                button("quit:yes", (405, 300, 225, 60), _("Quit"), app.quit, style="primary")]

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        box = pygame.Rect(150, 120, 500, 270)
        pygame.draw.rect(s, PANEL, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        draw_text(s, _("Quit the companion?"), pygame.Rect(box.left + 20, box.top + 16,
                                                          box.width - 40, 44),
                  TITLE, INK, wrap=False, align="center", bg=PANEL)
        paragraph(s, _("The game is saved: it goes on where it was at the next start."),
                  pygame.Rect(box.left + 24, box.top + 70, box.width - 48, 100))
