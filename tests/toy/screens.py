"""Race to Ten's two screens: the start (who plays, "Start"), and the race (the count, the
step to take, which the seat button confirms); and its undo question."""

from __future__ import annotations

from functools import partial

import pygame

from companion.display.contract import AppView, Screen
from companion.display.kit.widgets import INK, TITLE, Widget, button, text
from companion.display.screens.parts import menu_button

from .rules import RaceGame, RaceState, header


def race(app: AppView) -> RaceState:
    game = app.session.game if app.session is not None else None
    if not isinstance(game, RaceGame):
        raise LookupError("this screen is shown only during a race")
    return game.state


class RaceSetup(Screen):
    def __init__(self, back: Screen, players: list[tuple[str, str]]) -> None:
        self.back = back
        self.players = players

    def layout(self, app: AppView) -> list[Widget]:
        return [button("back", (8, 4, 160, 48), "Back", lambda: app.show(self.back)),
                button("start", (300, 300, 200, 60), "Start",
                       lambda: app.start_game(header(self.players)), style="primary")]

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        text(s, "Race to Ten: " + ", ".join(n for _c, n in self.players), (400, 120), TITLE,
             INK, "center")


class RaceScreen(Screen):
    def __init__(self) -> None:
        self.by = 1
        """The step the seat button takes."""

    def seat_choice(self) -> int:
        return self.by

    def layout(self, app: AppView) -> list[Widget]:
        s = race(app)
        if s.game_over:
            return [button("new", (300, 300, 200, 60), "New game", app.new_game),
                    menu_button(app, (660, 4, 132, 48))]
        return [menu_button(app, (660, 4, 132, 48)),
                *(button(f"by:{n}", (200 + 220 * i, 300, 180, 60), f"+{n}",
                         partial(setattr, self, "by", n), selected=self.by == n)
                  for i, n in enumerate((1, 2))),
                button("undo", (8, 4, 160, 48), "Undo",
                       lambda: setattr(app, "overlay", RaceUndo()))]

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        state = race(app)
        words = (f"{state.winners[0]} wins" if state.game_over
                 else f"{state.count} - {state.active} to play")
        text(s, words, (400, 150), TITLE, INK, "center")


class RaceUndo(Screen):
    def layout(self, app: AppView) -> list[Widget]:
        def undo() -> None:
            app.overlay = None
            app.undo()

        return [button("undo:no", (170, 300, 225, 60), "Keep it",
                       lambda: setattr(app, "overlay", None)),
                button("undo:yes", (405, 300, 225, 60), "Undo it", undo, style="primary")]
