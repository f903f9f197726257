"""Costs entered while the tiles are in the players' hands (issue 32): stack I as it is laid
out at the setup, the new buildings as they are drawn at a round end. Optional: a type left
out is asked for only when a virtual player wants to build it (or a person does). Each cost
goes into the game as a correction (``CorrectCost``: any time, in the record, kept by the
device for later games); the goods go in through the one cost form (``cost_form``)."""

from __future__ import annotations

from functools import partial

import pygame

from ....engine import CorrectCost, GameState
from ...contract import AppView, game_state
from ...kit.widgets import INK, Widget, button, paragraph
from ...words.i18n import _, building, cost, ngettext
from ..parts import LEFT_W, RIGHT_X, TOP
from .cost_form import CostForm

PER_PAGE = 8
"""Two columns of four: a batch of tiles is a handful of types (stack I: four)."""
CELL_W, CELL_H = 262, 76


def unknown(state: GameState, types: tuple[str, ...]) -> list[str]:
    """The types among ``types`` whose cost neither the catalogue nor this game knows."""
    return [t for t in types if state.known_cost(t) is None]


def costs_label(state: GameState, types: tuple[str, ...]) -> list[str]:
    """A button's lines that opens the costs of the tiles in hand: what, and how many are
    not known yet."""
    return costs_lines(len(unknown(state, types)))


def costs_lines(n: int) -> list[str]:
    """The lines of :func:`costs_label` with ``n`` costs not known yet."""
    return [_("Costs of stack I"),
            ngettext("{n} not known yet", "{n} not known yet", n).format(n=n) if n
            else _("All known")]


class CostsAtHand:
    """The types of the tiles in hand, each with its cost or "not known yet", in places
    that never move while the screen lasts; a tap opens the cost form for it."""

    def __init__(self, types: tuple[str, ...]) -> None:
        self.types = types
        """Fixed when the screen opens: a cost entered never moves the other types."""
        self.page = 0
        self.form: CostForm | None = None
        self.saved: str | None = None

    def widgets(self, app: AppView) -> list[Widget]:
        state = game_state(app)
        if self.form is not None:
            return self.form.widgets(partial(self.save, app), self.close_form, _("Save"))
        out: list[Widget] = []
        page = self.types[self.page * PER_PAGE:(self.page + 1) * PER_PAGE]
        for i, t in enumerate(page):
            c = state.known_cost(t)
            out.append(Widget(f"at_hand:{t}", pygame.Rect(RIGHT_X + (i % 2) * (CELL_W + 8),
                                                           TOP + 4 + (i // 2) * (CELL_H + 6),
                                                           CELL_W, CELL_H),
                              on_tap=partial(self.edit, state, t), value=t,
                              lines=[building(state.catalogue, t),
                                     cost(c) if c else _("not known yet")]))
        pages = (len(self.types) + PER_PAGE - 1) // PER_PAGE
        if pages > 1:
            out.append(button("at_hand:page", (RIGHT_X, TOP + 4 + 4 * (CELL_H + 6), 170, 48),
                              _("More"), lambda: setattr(self, "page",
                                                         (self.page + 1) % pages)))
        return out

    def edit(self, state: GameState, t: str) -> None:
        if self.form is None:  # a quick second tap on the list, already gone, does nothing
            c = state.known_cost(t)
            self.form = CostForm(state.catalogue, t, dict(c) if c else None)
            self.saved = None

    def close_form(self) -> None:
        self.form = None

    def save(self, app: AppView) -> None:
        """Into the game (and kept by the device), then the list again, saying what was
        kept; the screen stays."""
        assert self.form is not None
        form, screen = self.form, app.screen
        if not app.apply(CorrectCost(form.type, form.value())):
            return
        app.show(screen)  # the action drew the game's screen: this one stays
        self.form = None
        self.saved = _("Saved: {building}, {cost}.").format(
            building=building(form.catalogue, form.type), cost=cost(form.value()))

    def draw(self, app: AppView, s: pygame.Surface, words: str) -> None:
        """``words``: what the tiles in hand are (the left side says it, then what to do)."""
        paragraph(s, " ".join(x for x in (
            self.saved, words, _("Each tile shows its cost top left. Enter it now if you "
                                 "like: later only a virtual player asks, and only for a "
                                 "tile it wants to build.")) if x),
            pygame.Rect(8, TOP + 4, LEFT_W - 8, 404 - TOP - 4), colour=INK)
        if self.form is not None:
            self.form.draw(s)

