"""The levels' searches. A turn is planned whole (coins on a character, its actions, a tile,
the end of the turn) by a beam search over the engine's own legal actions; a setup or round-end
decision by the value of each legal action's result."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import Action, CannotAct, EndTurn, GameState, apply
from ..engine.state import PLAY
from ..engine.values import Colour
from .evaluate import DEFAULT, Weights, evaluate
from .legal import choices


@dataclass(frozen=True)
class Plan:
    """The actions the player means to take, the position after them and its value."""

    actions: tuple[Action, ...]
    state: GameState
    value: float


def _ends_turn(state: GameState, action: Action, colour: Colour) -> bool:
    return (isinstance(action, (EndTurn, CannotAct)) or state.phase != PLAY
            or state.active != colour)


def plan_turn(state: GameState, colour: Colour, *, width: int, nodes: int,
              weights: Weights = DEFAULT, noise: float = 0.0,
              rng: random.Random | None = None) -> list[Plan]:
    """Whole-turn plans from ``state``, best first: a beam of ``width`` partial turns, expanded
    until every plan ends the turn or ``nodes`` positions have been looked at. ``noise``: a
    random error added to every value (the easy level's mistakes)."""
    rng = rng or random.Random(0)

    def value(s: GameState) -> float:
        v = evaluate(s, colour, weights)
        return v + (rng.gauss(0.0, noise) if noise else 0.0)

    beam: list[Plan] = [Plan((), state, value(state))]
    done: list[Plan] = []
    seen = 0
    for _ in range(12):  # a turn is a handful of actions
        children: list[Plan] = []
        for plan in beam:
            for action in choices(plan.state, colour):
                after = apply(plan.state, action)
                seen += 1
                child = Plan((*plan.actions, action), after, value(after))
                (done if _ends_turn(after, action, colour) else children).append(child)
            if seen >= nodes and done:
                break
        if not children or (seen >= nodes and done):
            break
        children.sort(key=lambda p: -p.value)
        beam = children[:width]
    if not done:  # the node budget ran out inside every turn: take the best partial plan
        done = beam
    done.sort(key=lambda p: -p.value)
    return done


def best_single(state: GameState, colour: Colour, acts: list[Action], *,
                weights: Weights = DEFAULT, noise: float = 0.0,
                rng: random.Random | None = None) -> Action:
    """The legal action whose result is worth most (setup and round-end decisions)."""
    rng = rng or random.Random(0)
    best: tuple[float, int] | None = None
    chosen = acts[0]
    for i, action in enumerate(acts):
        v = evaluate(apply(state, action), colour, weights)
        if noise:
            v += rng.gauss(0.0, noise)
        if best is None or (v, -i) > best:
            best, chosen = (v, -i), action
    return chosen
