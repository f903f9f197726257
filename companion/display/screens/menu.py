"""The menu, a tap away on every screen: a new game, the games kept on this device, the
building costs, the language. Shown over the current screen, which stays as it was."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from .. import i18n
from ..contract import AppView
from ..i18n import _
from ..ui import BODY, INK, PANEL, TITLE, W, Widget, button, font, text
from .common import Screen, menu_button
from .costs import CostsScreen
from .history import GamesScreen
from .navigation import opened_as

ROW = 62
"""A menu entry's pitch (56 px buttons): six entries fit the panel's height."""


@opened_as("menu")
class Menu(Screen):
    """New game, Games, Costs, Language; Close leaves the screen as it was."""

    def __init__(self) -> None:
        self.languages = False

    def layout(self, app: AppView) -> list[Widget]:
        if self.languages:  # under its title, as the menu's entries; Back to the menu
            return [button("language:back", (W // 2 + 200 - 8 - back_w(), 48, back_w(), 44),
                           _("Back"), lambda: setattr(self, "languages", False)),
                    *[button(f"language:{lang}", (220, 96 + i * ROW, 360, ROW - 6), label,
                             partial(self.language, app, lang),
                             selected=lang == i18n.language)
                      for i, (lang, label) in enumerate(i18n.LANGUAGES.items())]]
        entries: list[tuple[str, str, Callable[[], None]]] = [
            ("menu:new_game", _("New game"), lambda: self.new_game(app))]
        entries.append(("menu:games", _("Games"),
                        lambda: self.open(app, GamesScreen(app.screen))))
        entries += [("menu:costs", _("Costs"), lambda: self.open(app, CostsScreen())),
                    ("menu:language", i18n.LANGUAGES[i18n.language],
                     lambda: setattr(self, "languages", True)),
                    ("menu:close", _("Close"), lambda: setattr(app, "overlay", None))]
        return [button(id_, (220, 96 + i * ROW, 360, ROW - 6), label, fn,
                       style="primary" if id_ == "menu:close" else "button")
                for i, (id_, label, fn) in enumerate(entries)]

    def open(self, app: AppView, screen: Any) -> None:
        app.overlay = None
        app.show(screen)

    def new_game(self, app: AppView) -> None:
        if app.session is not None and not app.session.state.game_over:
            from .abandon import AbandonConfirm

            app.overlay = AbandonConfirm()  # a game under way ends only when confirmed
        else:
            app.overlay = None
            app.new_game()

    def language(self, app: AppView, lang: str) -> None:
        i18n.use(lang)
        app.keep_language(lang)  # kept in the background: the screen never waits (STORE)
        app.overlay = None

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        rows = len(i18n.LANGUAGES) if self.languages else 5
        box = pygame.Rect(200, 40, 400, 56 + ROW * rows + 14)
        pygame.draw.rect(s, PANEL, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        if self.languages:  # the title left of Back
            text(s, _("Language"), (box.left + 20, 70), TITLE, INK, "midleft")
        else:
            text(s, _("Menu"), (W // 2, 70), TITLE, INK, "center")


def back_w() -> int:
    """The language list's Back: as wide as its word."""
    return max(font(BODY).size(_("Back"))[0] + 24, 80)


__all__ = ["Menu", "menu_button"]
