"""``whole_turn``: every decision a virtual player makes in one go, planned once and kept (its
whole turn, or its setup or round-end choices), for the table to carry out action by action."""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Action, CannotAct, EndTurn, GameState, apply
from ..engine.deciders import deciders
from .decide import decide

MAX_PLAN = 30
"""Actions in one plan at most (a turn is a handful; this only bounds a broken search)."""


class Withdrawn(Exception):
    """The plan is no longer wanted (the game moved on while it was being made)."""


def whole_turn(state: GameState, colour: str, *, level: str, seed: int = 0,
               without: tuple[str, ...] = (),
               withdrawn: Callable[[], bool] = lambda: False) -> tuple[Action, ...]:
    """Every decision of ``colour`` from ``state`` on, as long as they are its own in one go:
    its whole turn (to the end of the turn), or its setup or round-end choices.

    Each decision is ``decide``'s from the position the plan has reached, so the plan is
    action for action what ``decide`` would answer when asked at every step (a single search
    of the whole turn chooses differently in about one position in five). ``CostNeeded`` as
    ``decide``; ``Withdrawn`` as soon as ``withdrawn()`` says the plan is no longer wanted
    (asked between decisions). ``without``: buildings of unknown cost the table did not read
    off now, left out of the plan (``decide``). An empty plan: no decision is ``colour``'s
    now."""
    plan: list[Action] = []
    s = state
    while colour in deciders(s) and s.phase == state.phase and len(plan) < MAX_PLAN:
        if withdrawn():
            raise Withdrawn(colour)
        action = decide(s, colour, level=level, seed=seed, without=without)
        plan.append(action)
        s = apply(s, action)
        if isinstance(action, (EndTurn, CannotAct)):
            break
    return tuple(plan)
