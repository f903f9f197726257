"""The new buildings drawn at a round end, tapped one by one on a grid that never moves: every
type of stacks II and III has its place from the first tap to the last (a quick tap after
stack II is done never lands on a stack III type that took another's place), and the stack
being drawn from is named, on each count and when it switches from II to III."""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any

import pygame

from ...engine import GameState, Reveal
from ...engine.round_end import reveal_counts
from .. import pictograms
from ..i18n import _, building
from ..ui import BODY, INK, W, Widget, button, draw_text

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


def reveal_widgets(app: Any, state: GameState, picked: list[str], top: int) -> list[Widget]:
    """The grid below ``top`` (the screen's question above it), Start again and Done."""
    from2, from3 = reveal_counts(state)
    key, _mine, left = current(state, picked)
    full = len(picked) >= from2 + from3
    out = []
    w = (W - 16) // COLUMNS
    for i, t in enumerate(grid_types(state, key)):
        here = bool(state.stacks[key].get(t))
        name = building(state.catalogue, t)
        label = f"{name} ({stack_name(key)}:\u00a0{left[t]})" if here else name  # the stack named
        out.append(button(f"reveal:{t}", (8 + (i % COLUMNS) * w, top + (i // COLUMNS) * 64,
                                          w - 6, 60),
                          label, partial(pick, app, state, picked, t),
                          enabled=not full and here and left[t] > 0,
                          icon=pictograms.building_icon(state.catalogue, t),
                          why_not=None if full else
                          _("None of these is left in the stack.") if here else
                          _("Not in stack {stack}: drawn from now.").format(
                              stack=stack_name(key))))
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
