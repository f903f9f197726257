"""Reading a building's cost off its tile during a turn (the engine's ``TileCost``): asked for
when a type on offer has a cost this companion does not know yet, before "No action
possible" can be accepted, and whenever the table wants to enter one."""

from __future__ import annotations

from typing import Any

import pygame

from ...engine import GameState, TileCost
from ..contract import AppView
from ..i18n import _, building
from ..ui import BODY, MUTED, Widget, button, draw_text
from .common import RIGHT_W, RIGHT_X, TOP, goods_buttons


class TileCostView:
    """Which type (when several), then the goods shown top left on its tile."""

    def __init__(self, types: tuple[str, ...]) -> None:
        self.types = types
        self.type: str | None = types[0] if len(types) == 1 else None
        self.cost: dict[str, int] = {}

    def widgets(self, app: AppView, state: GameState, close: Any) -> list[Widget]:
        out: list[Widget] = []
        if self.type is None:
            for i, t in enumerate(self.types[:10]):  # 5 rows above the buttons
                out.append(button(f"tile_cost:{t}", (RIGHT_X + (i % 2) * 270,
                                                     TOP + 44 + (i // 2) * 62, 262, 56),
                                  building(state.catalogue, t),
                                  lambda t=t: setattr(self, "type", t), value=t))
            out.append(button("back_cost", (RIGHT_X, 412, 170, 60), _("Back"), close))
            return out
        out += goods_buttons(state.catalogue, self.cost, RIGHT_X, TOP + 70, RIGHT_W)
        out.append(button("cost:clear", (RIGHT_X, 412, 170, 60), _("Clear"), self.cost.clear))
        out.append(button("back_cost", (RIGHT_X + 182, 412, 170, 60), _("Back"), close))
        out.append(button("cost:done", (RIGHT_X + 362, 412, 170, 60), _("Done"),
                          lambda: self.done(app, state, close), enabled=bool(self.cost),
                          style="primary"))
        return out

    def done(self, app: AppView, state: GameState, close: Any) -> None:
        assert self.type is not None and state.active is not None
        cost = tuple(sorted((g, n) for g, n in self.cost.items() if n))
        close()
        app.apply(TileCost(state.active, self.type, cost))

    def draw(self, state: GameState, s: pygame.Surface) -> None:
        words = (_("Whose cost is on the tile in front of you?") if self.type is None else
                 _("{building}: tap each good as often as the tile shows it.").format(
                     building=building(state.catalogue, self.type)))
        draw_text(s, words, pygame.Rect(RIGHT_X, TOP + 2, RIGHT_W, 66 if self.type else 40),
                  BODY, MUTED)
