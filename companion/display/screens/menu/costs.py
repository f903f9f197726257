"""The building costs this companion knows, and their correction through the one cost form."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ....engine import CorrectCost, load_catalogue
from ...contract import AppView, helvetia_state
from ...kit.widgets import BODY, INK, MUTED, W, Widget, button, draw_text, paragraph
from ...words.i18n import _, building, cost
from ..parts import LEFT_W, TOP, Screen, menu_button, nav, nav_width, title_bar
from ..turn.cost_form import CostForm


class CostsScreen(Screen):
    """The building costs this companion knows: shipped, or read off the tiles. Tap one to
    enter or correct it: in a game, from now on (an action of the record); else from the next
    new game on."""

    def __init__(self) -> None:
        self.page = 0
        self.form: CostForm | None = None
        self.saved: str | None = None
        """What the last Save kept, said above the list it returned to."""

    @property
    def editing(self) -> str | None:
        """The type whose cost is being entered."""
        return self.form.type if self.form is not None else None

    def catalogue(self, app: AppView) -> Any:
        state = helvetia_state(app)
        return state.catalogue if state is not None else load_catalogue()

    def types(self, app: AppView) -> list[str]:
        return [t for t, b in self.catalogue(app).buildings.items() if not b.stacks["start"]]

    def known(self, app: AppView) -> dict[str, dict[str, int]]:
        """Each type's cost as known now: shipped, learnt on this device, this game's own."""
        cat = load_catalogue()
        out = {**{t: dict(b.cost) for t, b in cat.buildings.items() if b.cost},
               **app.learned_costs()}
        state = helvetia_state(app)
        if state is not None:  # the game's own, its corrections included
            out.update({t: dict(c) for t in cat.buildings
                        if (c := state.known_cost(t)) is not None})
        return out

    def layout(self, app: AppView) -> list[Widget]:
        cat = self.catalogue(app)
        if self.form is not None:  # one Back: to the list (the menu stays a tap away)
            w, m = nav_width(_("Back")), nav_width(_("Menu"))
            return [menu_button(app, (W - 4 - w - m, 4, m - 4, 48)),
                    button("back", (W - 4 - w, 4, w - 4, 48), _("Back"), self.close),
                    *self.form.widgets(lambda: self.save(app), None, _("Save"))]
        out = nav(app, back=True)
        known = self.known(app)
        types = self.types(app)
        # Six a page, in three rows clear of the bottom row (the page button).
        pages = (len(types) + 5) // 6
        for i, t in enumerate(types[self.page * 6:(self.page + 1) * 6]):
            c = known.get(t)
            label = cost(sorted(c.items())) if c else _("not known yet")
            out.append(Widget(f"costs:{t}", pygame.Rect(8 + (i % 2) * 396, TOP + 66 + (i // 2)
                                                        * 90, 388, 82),
                              on_tap=partial(self.edit, app, t),
                              lines=[building(cat, t), label]))
        if pages > 1:
            out.append(button("costs:page", (8, 412, 190, 60), _("More"),
                              lambda: setattr(self, "page", (self.page + 1) % pages)))
        return out

    def edit(self, app: AppView, t: str) -> None:
        if self.form is None:  # a quick second tap on the list, already gone, does nothing
            self.form = CostForm(self.catalogue(app), t, self.known(app).get(t))
            self.saved = None

    def close(self) -> None:
        self.form = None

    def save(self, app: AppView) -> None:
        """In a game: a correction recorded as an action (replayed, undone, kept for later
        games); with no game: kept for the next one. Then the list again, saying what was
        kept."""
        assert self.form is not None
        form = self.form
        if app.session is not None and not app.session.state.game_over:
            if not app.apply(CorrectCost(form.type, form.value())):
                return
            app.show(self)  # the action drew the game's screen: the list stays
        else:
            app.learn_costs({form.type: dict(form.value())})  # never waits
        self.form = None
        self.saved = _("Saved: {building}, {cost}.").format(
            building=building(form.catalogue, form.type), cost=cost(form.value()))

    def draw(self, app: AppView, s: pygame.Surface) -> None:
        title_bar(s, _("Building costs"))
        if self.form is None:
            paragraph(s, self.saved or _("Costs read off the tiles; a correction counts from "
                                         "now on."),
                      pygame.Rect(8, TOP + 4, W - 16, 58), colour=INK if self.saved else MUTED)
            return
        t = self.form.type
        c = self.known(app).get(t)
        r = draw_text(s, building(self.catalogue(app), t), pygame.Rect(8, TOP + 4, LEFT_W - 8, 64),
                      BODY, INK)
        r = draw_text(s, cost(sorted(c.items())) if c else _("not known yet"),
                      pygame.Rect(8, r.bottom + 8, LEFT_W - 8, 100), BODY, INK)
        draw_text(s, _("Costs read off the tiles; a correction counts from now on."),
                  pygame.Rect(8, r.bottom + 16, LEFT_W - 8, 400 - r.bottom), BODY, MUTED)
        self.form.draw(s)
