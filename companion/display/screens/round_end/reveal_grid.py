"""The new buildings drawn at a round end, tapped one by one on a grid that never moves: every
type of stacks II and III has its place from the first tap to the last (a quick tap after
stack II is done never lands on a stack III type that took another's place), and the stack
being drawn from is named, on each count and when it switches from II to III."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

from ....engine import GameState, Reveal
from ....engine.round_end import reveal_counts
from ...kit import widgets as ui
from ...kit.widgets import (
    BODY,
    BUTTON,
    BUTTON_EDGE,
    DISABLED,
    INK,
    MUTED,
    W,
    Widget,
    button,
    draw_text,
    font,
    line_height,
)
from ...pictures import pictograms
from ...words.i18n import _, building, elide, punctuate

ROWS, COLUMNS = 4, 4


def current(state: GameState, picked: list[str]) -> tuple[str, list[str], Counter[str]]:
    """The stack drawn from now ("2" or "3"), the taps counted against it, and what is left
    in it."""
    from2, from3 = reveal_counts(state)
    # All tapped: still the stack drawn from last (stack III only if any comes from it).
    key = "2" if len(picked) < from2 or not from3 else "3"
    mine = picked[:from2] if key == "2" else picked[from2:]
    return key, mine, Counter(state.stacks[key]) - Counter(mine)


def tappable(state: GameState, picked: object) -> bool:
    """Whether ``picked`` is a list of buildings the grid could have been tapped with in this
    state, in this order (each still left in the stack drawn from, no more than are drawn)."""
    if not isinstance(picked, list) or not all(isinstance(t, str) for t in picked):
        return False
    from2, from3 = reveal_counts(state)
    if len(picked) > from2 + from3:
        return False
    for i, t in enumerate(picked):
        _key, _mine, left = current(state, picked[:i])
        if left[t] <= 0:
            return False
    return True


def grid_types(state: GameState, key: str) -> list[str]:
    """The types with a place: those of both stacks, in catalogue order (those of the stack
    drawn from alone if both do not fit)."""
    both = [t for t in state.catalogue.buildings
            if state.stacks["2"].get(t) or state.stacks["3"].get(t)]
    if len(both) <= ROWS * COLUMNS:
        return both
    return [t for t in state.catalogue.buildings if state.stacks[key].get(t)]


def stack_name(key: str) -> str:
    return {"2": "II", "3": "III"}[key]


@dataclass
class RevealCell(Widget):
    """A type's place on the grid: its pictogram and what is left of it in the stack drawn
    from on the top line, its name below over the whole width (a long German name, as
    "Glockengießer", never pushes the pictogram out), in every language alike."""

    name: str = ""
    count: str = ""

    def draw(self, surface: pygame.Surface) -> None:
        bg = BUTTON if self.enabled else DISABLED
        ink = INK if self.enabled else MUTED
        r = self.rect
        pygame.draw.rect(surface, bg, r, border_radius=8)
        pygame.draw.rect(surface, BUTTON_EDGE, r, 2, border_radius=8)
        lh = line_height(BODY)
        wide = r.width - 8
        counted = font(BODY).size(punctuate(self.count))[0] if self.count else 0
        if font(BODY).size(punctuate(elide(self.name)))[0] <= wide:  # the name on one line, below
            left = r.centerx - (ICON + (counted + 6 if counted else 0)) // 2
            icon = pygame.Rect(left, r.top + 5, ICON, ICON)
            count = pygame.Rect(icon.right + 6, r.top + 3, counted + 2, lh)
            name = pygame.Rect(r.left + 4, r.bottom - lh - 4, wide, lh)
            lines = 1
        else:  # two lines beside the pictogram, the count under it
            icon = pygame.Rect(r.left + 6, r.top + 5, ICON, ICON)
            col = max(ICON, counted) + 8
            count = pygame.Rect(r.left + 4, r.bottom - lh - 4, col, lh)
            name = pygame.Rect(r.left + col + 12, r.top + 4, r.width - col - 16, r.height - 8)
            lines = 2
        if self.icon is not None:
            self.icon(surface, icon)
        if self.count:
            ui.draw_text(surface, self.count, count, BODY, ink, wrap=False, bg=bg)
        ui.draw_text(surface, self.name, name, BODY, ink, wrap=lines > 1, split=False,
                  align="center", valign="middle", bg=bg)


ICON = 24


def reveal_widgets(app: Any, state: GameState, picked: list[str], top: int) -> list[Widget]:
    """The grid below ``top`` (the screen's question above it), Start again and Done."""
    from2, from3 = reveal_counts(state)
    key, _mine, left = current(state, picked)
    full = len(picked) >= from2 + from3
    out: list[Widget] = []
    w = (W - 16) // COLUMNS
    for i, t in enumerate(grid_types(state, key)):
        here = bool(state.stacks[key].get(t))
        name = building(state.catalogue, t)
        label = f"{name} ({stack_name(key)}:\u00a0{left[t]})" if here else name  # the stack named
        out.append(RevealCell(
            f"reveal:{t}", pygame.Rect(8 + (i % COLUMNS) * w, top + (i // COLUMNS) * 64,
                                       w - 4, 60),
            label, partial(pick, app, state, picked, t),
            enabled=not full and here and left[t] > 0,
            icon=pictograms.building_icon(state.catalogue, t),
            why_not=None if full else
            _("None of these is left in the stack.") if here else
            _("Not in stack {stack}: drawn from now.").format(stack=stack_name(key)),
            name=name, count=f"{stack_name(key)}:\u00a0{left[t]}" if here else ""))
    out.append(button("reveal:clear", (8, 412, 190, 60), _("Start again"), picked.clear))
    out.append(button("reveal:done", (W - 200, 412, 192, 60), _("Done"),
                      lambda: app.apply(Reveal(tuple(picked))),
                      enabled=full, style="primary"))
    return out


def pick(app: Any, state: GameState, picked: list[str], t: str) -> None:
    """One building tapped; the last of those drawn finishes the reveal by itself (the round
    screen then offers to take that tap back, one tap away)."""
    picked.append(t)
    from2, from3 = reveal_counts(state)
    if len(picked) == from2 + from3:
        app.apply(Reveal(tuple(picked)))  # refused: the grid stays full, with Done


def draw_stack(s: pygame.Surface, state: GameState, picked: list[str]) -> None:
    """Which stack the buildings are drawn from now, and how many more, between the buttons."""
    from2, from3 = reveal_counts(state)
    key, mine, _left = current(state, picked)
    more = max((from2 if key == "2" else from3) - len(mine), 0)
    words = (_("All tapped") if len(picked) >= from2 + from3 else
             _("Stack II is done: stack III, {n} more").format(n=more) if key == "3" and from2
             else _("Stack {stack}: {n} more").format(stack=stack_name(key), n=more))
    draw_text(s, words, pygame.Rect(206, 412, W - 414, 60), BODY, INK, align="center",
              valign="middle")
