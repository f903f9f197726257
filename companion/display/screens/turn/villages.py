"""Every village as a picture, a tab each."""

from __future__ import annotations

from functools import partial

import pygame

from ...contract import AppView, game_state
from ...kit.widgets import BODY, W, Widget, button, font
from ...pictures.village_view import draw_village
from ...words.i18n import _, colour
from ..menu.navigation import opened_as
from ..parts import TOP, Screen, nav, title_bar


@opened_as("villages")
class VillagesScreen(Screen):
    def __init__(self) -> None:
        self.village: str | None = None

    def layout(self, app: AppView) -> list[Widget]:
        state = game_state(app)
        out = nav(app, back=True)
        for i, v in enumerate(state.villages):
            w = (W - 16) // len(state.villages)
            neutral = _("Neutral village")  # or short, where the tab (with its badge) is narrow
            if font(BODY).size(neutral)[0] > w - 76:
                neutral = _("Neutral")
            out.append(button(f"village:{v}", (8 + i * w, TOP, w - 6, 48),
                              colour(v) if not state.villages[v].neutral else neutral,
                              partial(setattr, self, "village", v), colour=v,
                              selected=v == (self.village or state.colours[0])))
        return out

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        state = game_state(app)
        v = self.village or state.colours[0]
        title_bar(s, _("Villages"))
        draw_village(s, state, v, pygame.Rect(8, TOP + 54, W - 16, 480 - TOP - 60))
