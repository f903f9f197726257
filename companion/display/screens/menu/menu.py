"""The menu, a tap away on every screen: a new game, the games kept on this device, the
building costs, the language. Shown over the current screen, which stays as it was."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from ...contract import AppView, helvetia_state
from ...kit.widgets import BODY, INK, PANEL, TITLE, W, Widget, button, font, text
from ...words import i18n
from ...words.i18n import _
from ..parts import Screen, menu_button
from .abandon import end_game_button
from .costs import CostsScreen
from .navigation import opened_as

ROW = 62
"""A menu entry's pitch (56 px buttons): six entries fit the panel's height."""


@opened_as("menu")
class Menu(Screen):
    """New game, Games, End the game here (a game of Helvetia in play: greyed but at a round
    end), Costs, Language; Close leaves the screen as it was."""

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
                        lambda: self.open(app, games_screen(app))))
        if self.costs(app):
            entries.append(("menu:costs", _("Costs"), lambda: self.open(app, CostsScreen())))
        entries += [("menu:language", i18n.LANGUAGES[i18n.language],
                     lambda: setattr(self, "languages", True)),
                    ("menu:close", _("Close"), lambda: setattr(app, "overlay", None))]
        top = self.top(app) + 56
        out = [button(id_, (220, top + i * ROW, 360, ROW - 6), label, fn,
                      style="primary" if id_ == "menu:close" else "button")
               for i, (id_, label, fn) in enumerate(entries)]
        if self.game_in_play(app):  # where a table that agrees to stop looks (§12)
            out.insert(2, end_game_button(app, "menu:end_game", (220, top + 2 * ROW, 360,
                                                                 ROW - 6)))
            for w in out[3:]:
                w.rect.move_ip(0, ROW)
        return out

    @staticmethod
    def game_in_play(app: AppView) -> bool:
        """A game of Helvetia not over: it may be ended here by agreement (at a round end)."""
        state = helvetia_state(app)
        return state is not None and not state.game_over

    @staticmethod
    def costs(app: AppView) -> bool:
        """Whether Costs is offered: not during a game without building costs."""
        return app.session is None or app.session.kind.catalogued

    def rows(self, app: AppView) -> int:
        return (6 if self.game_in_play(app) else 5) - (0 if self.costs(app) else 1)

    def top(self, app: AppView) -> int:
        """The panel's top: six entries fit the screen's height from higher up."""
        return 40 if self.rows(app) <= 5 else 10

    def open(self, app: AppView, screen: Any) -> None:
        app.overlay = None
        app.show(screen)

    def new_game(self, app: AppView) -> None:
        session = app.session  # any game under way, whichever it is
        if session is not None and not session.kind.game_over(session.game):
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
        rows = len(i18n.LANGUAGES) if self.languages else self.rows(app)
        top = 40 if self.languages else self.top(app)
        box = pygame.Rect(200, top, 400, 56 + ROW * rows + 14)
        pygame.draw.rect(s, PANEL, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        if self.languages:  # the title left of Back
            text(s, _("Language"), (box.left + 20, top + 30), TITLE, INK, "midleft")
        else:
            text(s, _("Menu"), (W // 2, top + 30), TITLE, INK, "center")


def back_w() -> int:
    """The language list's Back: as wide as its word."""
    return max(font(BODY).size(_("Back"))[0] + 24, 80)


def games_screen(app: AppView) -> Screen:
    """The Games list (the history's screens, and the history, imported when first opened:
    not at the start)."""
    from ..history.games import GamesScreen

    return GamesScreen(app.screen)


__all__ = ["Menu", "menu_button"]
