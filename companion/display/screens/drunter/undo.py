"""Drunter & Drüber: undo the last action (a seat button held, or "Undo"), or abandon the
game; shown over the screen. After an undo the screens show what the table takes back, red,
from the engine's take-back steps (``drunter.table.back_steps``), and nothing of the action
before it (which lies on the table already)."""

from __future__ import annotations

import pygame

from ....drunter import Game, Place, turn_options
from ....drunter.table import undone
from ...contract import AppView
from ...kit.widgets import (
    BACKGROUND,
    INK,
    MUTED,
    PANEL,
    TITLE,
    WARNING_INK,
    W,
    Widget,
    button,
    draw_text,
    text,
)
from ...words import i18n
from ...words.i18n import _
from ..menu.abandon import AbandonConfirm
from ..menu.undo import keep_or_undo
from ..parts import Screen
from .in_play import drunter_game, table_log
from .map import PagedWords, map_button, page_buttons

Colour = tuple[int, int, int]


def steps_shown(app: AppView) -> list[tuple[str, Colour]]:
    """The table's steps in words, each in its colour: muted, or red to take back."""
    return [(i18n.say(m), WARNING_INK if back else MUTED) for m, back in table_log(app).shown()]


def back_squares(app: AppView) -> list[tuple[int, int]]:
    """The squares the red take-back steps name (a tile's first square, a worker's square):
    framed red on the map, so the words and the picture agree."""
    out = []
    for m, back in table_log(app).shown():
        sq = m.params.get("square")
        if back and isinstance(sq, tuple | list) and len(sq) == 2:
            out.append((int(sq[0]), int(sq[1])))
    return out


def take_back_button(app: AppView, rect: tuple[int, int, int, int],
                     style: str = "primary") -> Widget | None:
    """After an undo, where a screen has no room for the steps: "Take back (n)", which opens
    them over the screen; ``None`` when nothing is to be taken back."""
    n = steps_back(app)
    if not n:
        return None
    return button("steps:show", rect, _("Take back ({n})").format(n=n),
                  lambda: setattr(app, "overlay", DrunterStepsOverlay(steps_shown(app))),
                  style=style)


def steps_back(app: AppView) -> int:
    """How many steps take back undone actions (0: none; they go at the next action)."""
    return sum(back for _m, back in table_log(app).shown())


class DrunterStepsOverlay(PagedWords):
    """The table's steps over the screen (those to take back red), on as many pages as they
    need; "On the map" shows the map in its place, whose "Close" goes back to the screen."""

    WIDTH = W - 40 - 32
    ROOM = 380 - 28

    def layout(self, app: AppView) -> list[Widget]:
        out = [button("steps:close", (W - 208, 396, 168, 60), _("Close"),
                      lambda: setattr(app, "overlay", None), style="primary"),
               *page_buttons("steps", self, 312, 396)]
        squares = back_squares(app)
        if squares:  # the squares the steps name, framed red on the map
            out.append(map_button(app, (40, 396, 260, 60), drunter_game(app).state,
                                  self.words, back=squares))
        return out

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        box = pygame.Rect(20, 16, W - 40, 448)
        pygame.draw.rect(s, BACKGROUND, box, border_radius=12)
        pygame.draw.rect(s, INK, box, 2, border_radius=12)
        self.draw_words(s, box.left + 16, box.top + 12)


WHAT = pygame.Rect(170, 166, 460, 128)
"""What the undo takes back, between the question and its buttons."""


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
        if isinstance(game, Game) and game.actions:
            draw_text(s, _undone_words(game), WHAT, 24, INK)
        else:
            draw_text(s, _("Nothing to undo yet."), WHAT, 24, INK)


def _undone_words(game: Game) -> str:
    """What the undo takes back, in the engine's words: the tile laid or announced (its road
    and square, as the turn said), or the vote with its tile, the missed turn and whose, ..."""
    placed = _placed_words(game)
    if placed is not None:
        return f"{placed}."
    what = undone(game.states[-2], game.actions[-1], game.states[-1])
    return "" if what is None else i18n.say(what)


def _placed_words(game: Game) -> str | None:
    """The last action in the engine's words if it laid (or announced) a tile: which tile,
    on which road, from which square."""
    if not game.actions or not isinstance(game.actions[-1], Place):
        return None
    option = next((o for o in turn_options(game.states[-2]) if o.action == game.actions[-1]),
                  None)
    return None if option is None else i18n.say(option.message)
