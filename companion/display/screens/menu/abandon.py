"""Leaving a game for a new one: asked over the current screen, never done by one stray tap."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import pygame

from ....engine.messages import Message, message
from ...contract import AppView, helvetia_state
from ...kit.widgets import INK, PANEL, TITLE, Widget, button, paragraph, text
from ...words import i18n
from ...words.i18n import _
from ..parts import Screen


class Ending(Screen, ABC):
    """A question over the screen whose answer ends the game in play: going on is the primary
    choice; ending the game never is."""

    prefix = ""
    """The buttons' ids: ``<prefix>:no`` goes on, ``<prefix>:yes`` ends."""

    @abstractmethod
    def words(self) -> tuple[str, str, str]:
        """The question, what the answer does, and the answer's button."""

    @abstractmethod
    def answer(self, app: AppView) -> None:
        """The game ends as the question said."""

    def layout(self, app: AppView) -> list[Widget]:
        def keep() -> None:
            app.overlay = None

        return [button(f"{self.prefix}:no", (155, 310, 240, 56), _("Keep playing"), keep,
                       style="primary"),
                button(f"{self.prefix}:yes", (405, 310, 240, 56), self.words()[2],
                       lambda: self.answer(app))]

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        question, said, _answer = self.words()
        box = pygame.Rect(150, 110, 500, 280)
        pygame.draw.rect(s, PANEL, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        text(s, question, (box.centerx, box.top + 30), TITLE, INK, "center")
        paragraph(s, said, box.inflate(-40, -120), 20)


class AbandonConfirm(Ending):
    """Abandon this game and start a new one? The game stays in the store, marked abandoned."""

    prefix = "abandon"

    def words(self) -> tuple[str, str, str]:
        return (_("Abandon this game?"),
                _("It ends unfinished and the new-game screen opens. The game stays in "
                  "the store, marked as abandoned."),
                _("Abandon the game"))

    def answer(self, app: AppView) -> None:
        app.abandon()


class EndGameConfirm(Ending):
    """End the game here, by the table's agreement (§12): scored as the round end stands, with
    a winner; a finished game, unlike an abandoned one."""

    prefix = "endgame"

    def words(self) -> tuple[str, str, str]:
        return (_("End the game here?"),
                _("The game ends with this round end's scores: the player with the most "
                  "points wins, as at the end of a game."),
                _("End the game here"))

    def answer(self, app: AppView) -> None:
        from ....engine import EndByAgreement

        app.overlay = None
        app.apply(EndByAgreement())


def end_problem(app: AppView) -> Message | None:
    """Why the table cannot end the game here by agreement now, the engine's answer (§12: only
    at a round end, once it is scored); None when it can."""
    from ....engine import EndByAgreement, why_not

    state = helvetia_state(app)
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
