"""Undo the last action? Asked over the current screen; also the way to abandon or end the
game."""

from __future__ import annotations

import pygame

from ...app.undo_reach import round_taken_back
from ...contract import AppView
from ...kit.widgets import INK, PANEL, TITLE, Widget, button, paragraph, text
from ...words.i18n import _
from ...words.table_log import action_text
from ..parts import Screen
from .abandon import AbandonConfirm, EndGameConfirm, can_end_here
from .navigation import opened_as


def keep_or_undo(app: AppView, something: bool) -> list[Widget]:
    """The undo question's two answers (every game's): keep it, or undo it (only
    when there is ``something`` to undo); either closes the question."""

    def keep() -> None:
        app.overlay = None

    def undo() -> None:
        app.overlay = None
        app.undo()

    return [button("undo:no", (170, 300, 225, 60), _("Keep it"), keep),
            button("undo:yes", (405, 300, 225, 60), _("Undo it"), undo, style="primary",
                   enabled=something)]


@opened_as("undo")
class UndoConfirm(Screen):
    """Shown over the current screen: what will be undone, and a choice."""

    def layout(self, app: AppView) -> list[Widget]:
        widgets = keep_or_undo(app, bool(app.session and app.session.game.actions))
        if can_end_here(app):  # at a round end: a finished game with a winner, or abandoned
            return [*widgets,
                    button("abandon", (115, 392, 280, 52), _("Abandon"),
                           lambda: setattr(app, "overlay", AbandonConfirm())),
                    button("endgame", (405, 392, 280, 52), _("End the game here"),
                           lambda: setattr(app, "overlay", EndGameConfirm()))]
        # Also the way out of a game started wrongly, before anything can be undone.
        return [*widgets,
                button("abandon", (170, 392, 460, 52), _("Abandon the game, start a new one"),
                       lambda: setattr(app, "overlay", AbandonConfirm()))]

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        box = pygame.Rect(150, 110, 500, 350)  # with the way to abandon the game
        if can_end_here(app):
            box = pygame.Rect(100, 110, 600, 350)  # and to end it here, side by side
        pygame.draw.rect(s, PANEL, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        text(s, _("Undo the last action?"), (box.centerx, box.top + 30), TITLE, INK, "center")
        game = app.session.game if app.session else None
        if game and game.actions:
            words = action_text(game.actions[-1], game.state)
            ended = round_taken_back(game.states, game.actions)
            if ended is not None:  # with it the whole round end: said (finding 10)
                words += "\n" + _("This takes back the whole end of round {n}: round {n} "
                                   "goes on.").format(n=ended)
            paragraph(s, words, box.inflate(-40, -120).move(0, 10), 20)
        else:
            paragraph(s, _("Nothing to undo yet."), box.inflate(-40, -120).move(0, 10), 20)
