"""Reading a building's cost off its tile during a turn (the engine's ``TileCost``): asked for
when a type on offer has a cost this companion does not know yet, before "No action
possible" can be accepted, and whenever the table wants to enter one. The goods go in through
the one cost form (``cost_form``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from ....engine import GameState, TileCost
from ...contract import AppView
from ...kit.widgets import BODY, MUTED, Widget, button, draw_text
from ...words.i18n import _, building
from ..parts import RIGHT_W, RIGHT_X, TOP
from .cost_form import CostForm


class TileCostView:
    """Which type (when several), then the goods shown top left on its tile."""

    def __init__(self, types: tuple[str, ...],
                 then: Callable[[AppView], None] | None = None) -> None:
        self.types = types
        self.then = then
        """What comes once the cost is recorded (the next cost, the hint), if not the turn."""
        self.type: str | None = types[0] if len(types) == 1 else None
        self.form: CostForm | None = None

    def choose(self, t: str) -> None:
        if self.type is None:  # a second tap on the list, already gone, changes nothing
            self.type = t

    def _form(self, state: GameState) -> CostForm:
        assert self.type is not None
        if self.form is None or self.form.type != self.type:
            self.form = CostForm(state.catalogue, self.type)
        return self.form

    def widgets(self, app: AppView, state: GameState, close: Callable[[], None],
                back: Callable[[], None] | None = None) -> list[Widget]:
        """``close``: the view goes once the cost is recorded; ``back``: what "Back" does
        (default: ``close``)."""
        back = back or close
        out: list[Widget] = []
        if self.type is None:
            for i, t in enumerate(self.types[:10]):  # 5 rows above the buttons
                out.append(button(f"tile_cost:{t}", (RIGHT_X + (i % 2) * 270,
                                                     TOP + 44 + (i // 2) * 62, 262, 56),
                                  building(state.catalogue, t),
                                  partial(self.choose, t), value=t))
            # where the cost form's Back is: a second tap on it never clears the cost
            out.append(button("back_cost", (RIGHT_X + 182, 412, 170, 60), _("Back"), back))
            return out
        form = self._form(state)
        return form.widgets(lambda: self.done(app, state, close), back, _("Done"))

    def done(self, app: AppView, state: GameState, close: Callable[[], None]) -> None:
        assert self.form is not None and state.active is not None
        cost, t = self.form.value(), self.form.type
        close()
        if app.apply(TileCost(state.active, t, cost)) and self.then is not None:
            self.then(app)

    def draw(self, state: GameState, s: pygame.Surface) -> None:
        if self.type is None:
            draw_text(s, _("Which building's tile is in front of you?"),
                      pygame.Rect(RIGHT_X, TOP + 2, RIGHT_W, 40), BODY, MUTED)
            return
        self._form(state).draw(s)
