"""Leaving a game for a new one: asked over the current screen, never done by one stray tap."""

from __future__ import annotations

from typing import Any

import pygame

from ....engine.messages import Message, message
from ...contract import AppView
from ...kit.widgets import INK, PANEL, TITLE, Widget, button, paragraph, text
from ...words import i18n
from ...words.i18n import _
from ..parts import Screen


class AbandonConfirm(Screen):
    """Abandon this game and start a new one? The game stays in the store, marked abandoned."""

    def layout(self, app: AppView) -> list[Widget]:
        def keep() -> None:
            app.overlay = None

        # Going on is the primary choice; ending the game never is.
        return [button("abandon:no", (155, 310, 240, 56), _("Keep playing"), keep,
                       style="primary"),
                button("abandon:yes", (405, 310, 240, 56), _("Abandon the game"), app.abandon)]

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        box = pygame.Rect(150, 110, 500, 280)
        pygame.draw.rect(s, PANEL, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        text(s, _("Abandon this game?"), (box.centerx, box.top + 30), TITLE, INK, "center")
        paragraph(s, _("It ends unfinished and the new-game screen opens. The game stays in "
                       "the store, marked as abandoned."), box.inflate(-40, -120).move(0, 0), 20)


class EndGameConfirm(Screen):
    """End the game here, by the table's agreement (§12): scored as the round end stands, with
    a winner; a finished game, unlike an abandoned one."""

    def layout(self, app: AppView) -> list[Widget]:
        from ....engine import EndByAgreement

        def keep() -> None:
            app.overlay = None

        def end() -> None:
            app.overlay = None
            app.apply(EndByAgreement())

        return [button("endgame:no", (155, 310, 240, 56), _("Keep playing"), keep,
                       style="primary"),
                button("endgame:yes", (405, 310, 240, 56), _("End the game here"), end)]

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        box = pygame.Rect(150, 110, 500, 280)
        pygame.draw.rect(s, PANEL, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        text(s, _("End the game here?"), (box.centerx, box.top + 30), TITLE, INK, "center")
        paragraph(s, _("The game ends with this round end's scores: the player with the most "
                       "points wins, as at the end of a game."),
                  box.inflate(-40, -120).move(0, 0), 20)


def end_problem(app: AppView) -> Message | None:
    """Why the table cannot end the game here by agreement now, the engine's answer (§12: only
    at a round end, once it is scored); None when it can."""
    from ....engine import EndByAgreement, why_not

    state = app.state
    if state is None:  # no game, or not Helvetia's
        return message("not_at_round_end")
    return why_not(state, EndByAgreement())


def can_end_here(app: AppView) -> bool:
    """At a round end, once it is scored, the table may end the game (§12)."""
    return end_problem(app) is None


def end_game_button(app: AppView, id_: str, rect: tuple[int, int, int, int],
                    **kw: Any) -> Widget:
    """"End the game here": asks first (``EndGameConfirm``); greyed with the engine's reason
    where the rules do not allow it."""
    problem = end_problem(app)
    return button(id_, rect, _("End the game here"),
                  lambda: setattr(app, "overlay", EndGameConfirm()),
                  enabled=problem is None,
                  why_not=None if problem is None else i18n.say(problem), **kw)
