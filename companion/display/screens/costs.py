"""The building costs this companion knows, and their correction."""

from __future__ import annotations

import pygame

from ...engine import CorrectCost, load_catalogue
from ..contract import AppView
from ..i18n import _, building, good
from ..ui import MUTED, W, Widget, button, paragraph
from .common import TOP, Screen, goods_buttons, nav, title_bar


class CostsScreen(Screen):
    """The building costs this companion knows: shipped, or read off the tiles. Tap one to
    enter or correct it; it is used from the next new game on."""

    def __init__(self) -> None:
        self.page = 0
        self.editing: str | None = None
        self.cost: dict[str, int] = {}

    def types(self, app: AppView) -> list[str]:
        cat = app.state.catalogue if app.state else None
        cat = cat or load_catalogue()
        return [t for t, b in cat.buildings.items() if not b.stacks["start"]]

    def layout(self, app: AppView) -> list[Widget]:
        out = nav(app, back=True)
        cat = load_catalogue()
        if self.editing:
            out += goods_buttons(cat, self.cost, 8, TOP + 66, 784)
            out.append(button("cost:clear", (8, 412, 190, 60), _("Clear"), self.cost.clear))
            out.append(button("cost:done", (W - 200, 412, 192, 60), _("Save"),
                              lambda: self.save(app), enabled=bool(self.cost), style="primary"))
            return out
        known = {**{t: dict(b.cost) for t, b in cat.buildings.items() if b.cost},
                 **app.learned_costs()}
        if app.state is not None:  # the game's own, its corrections included
            known.update({t: dict(c) for t in cat.buildings
                          if (c := app.state.known_cost(t)) is not None})
        types = self.types(app)
        # Six a page, in three rows clear of the bottom row (the page button).
        pages = (len(types) + 5) // 6
        for i, t in enumerate(types[self.page * 6:(self.page + 1) * 6]):
            cost = known.get(t)
            label = ", ".join(f"{n} {good(cat, g)}" for g, n in sorted(cost.items())) if cost \
                else _("not known yet")
            out.append(Widget(f"costs:{t}", pygame.Rect(8 + (i % 2) * 396, TOP + 66 + (i // 2)
                                                        * 90, 388, 82),
                              on_tap=lambda t=t: self.edit(t),
                              lines=[building(cat, t), label]))
        if pages > 1:
            out.append(button("costs:page", (8, 412, 190, 60), _("More"),
                              lambda: setattr(self, "page", (self.page + 1) % pages)))
        return out

    def edit(self, t: str) -> None:
        self.editing, self.cost = t, {}

    def save(self, app: AppView) -> None:
        """In a game: a correction recorded as an action (replayed, undone, kept for later
        games); with no game: kept for the next one."""
        assert self.editing is not None
        if app.session is not None and not app.session.state.game_over:
            done = app.apply(CorrectCost(self.editing, tuple(sorted(self.cost.items()))))
            if not done:
                return
        else:
            app.learn_costs({self.editing: dict(self.cost)})  # the screen never waits
        self.editing = None

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        title_bar(s, _("Building costs"))
        if self.editing:
            paragraph(s, _("{building}: tap each good as often as the tile shows it.").format(
                building=building(load_catalogue(), self.editing)),
                pygame.Rect(8, TOP + 4, W - 16, 58))
        else:
            paragraph(s, _("Costs read off the tiles; a correction counts from now on."),
                      pygame.Rect(8, TOP + 4, W - 16, 58), colour=MUTED)
