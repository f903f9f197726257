"""Drunter & Drüber: undo the last action (a seat button held, or "Undo"), or abandon the
game; shown over the screen."""

from __future__ import annotations

import pygame

from ....drunter import action_to_json
from ...contract import AppView
from ...kit.widgets import INK, PANEL, TITLE, Widget, button, paragraph, text
from ...words.i18n import _
from ..menu.abandon import AbandonConfirm
from ..menu.undo import keep_or_undo
from ..parts import Screen


class DrunterUndoConfirm(Screen):
    def layout(self, app: AppView) -> list[Widget]:
        something = bool(app.session is not None and app.session.game.actions)
        return [*keep_or_undo(app, something),
                button("abandon", (170, 392, 460, 52), _("Abandon the game, start a new one"),
                       lambda: setattr(app, "overlay", AbandonConfirm()))]

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        box = pygame.Rect(150, 110, 500, 350)
        pygame.draw.rect(s, PANEL, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        text(s, _("Undo the last action?"), (box.centerx, box.top + 30), TITLE, INK, "center")
        game = app.session.game if app.session is not None else None
        if game and game.actions:
            last = action_to_json(game.actions[-1])
            what = {"place": _("the tile placed last"), "cannot_place": _("the missed turn"),
                    "vote": _("the vote"), "choose_objectives": _("the objectives chosen"),
                    "reveal": _("the cards revealed and the scores")}[last["type"]]
            paragraph(s, what, box.inflate(-40, -120).move(0, 10), 24)
        else:
            paragraph(s, _("Nothing to undo yet."), box.inflate(-40, -120).move(0, 10), 24)
