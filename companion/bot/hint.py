"""A hint on request: the move the strong level would make now, and one line why."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import (
    Action,
    Birth,
    Build,
    CannotAct,
    Choose,
    Deliver,
    EndTurn,
    GameState,
    Marry,
    Message,
    NeutralBuild,
    NeutralMarry,
    Wake,
    apply,
    vp,
)
from ..engine.messages import message
from ..engine.state import PLAY
from ..engine.values import Colour
from .decide import LEVELS, NODES_PER_SECOND, needed_costs
from .legal import CostNeeded, NothingToDecide, check_decider
from .search import plan_turn


@dataclass(frozen=True)
class Hint:
    action: Action
    """The next action to take."""
    plan: tuple[Action, ...]
    """The whole turn the strong level has in mind, beginning with ``action``."""
    why: Message
    """One line: "hint.vp" (+n VP now: reason) or "hint.later" (builds up: reason)."""


def reason(state: GameState, action: Action) -> Message:
    """What one action achieves, as a short message."""
    colour = getattr(action, "player", "")
    if isinstance(action, Deliver):
        return message("why.deliver", good=action.chain[-1].good)
    if isinstance(action, (Build, NeutralBuild)):
        return message("why.build", building=action.building)
    if isinstance(action, Marry):
        building = state.villages[action.village].buildings[action.cell].type
        return message("why.marry", building=building)
    if isinstance(action, NeutralMarry):
        return message("why.neutral")
    if isinstance(action, Birth):
        return message("why.birth", building=state.villages[colour].buildings[action.cell].type)
    if isinstance(action, Wake):
        return message("why.wake", quarter=action.quarter)
    if isinstance(action, Choose):
        return message("why.majority", character=action.character)
    if isinstance(action, CannotAct):
        return message("why.pass")
    return message("why.end")


def explain(state: GameState, colour: Colour, plan: tuple[Action, ...]) -> Message:
    """The one line why: the VP the turn gains now, said by every action that gains some, in
    order (else the first action that is more than coins on a character)."""
    before = vp(state, colour)
    s = state
    best: tuple[int, Message] | None = None
    fallback: Message | None = None
    gainers: list[Message] = []
    """Every action that makes VP now, in the plan's order: the why names them all."""
    for action in plan:
        after = apply(s, action)
        gain = vp(after, colour) - vp(s, colour)
        why: Message | None = reason(s, action)
        if isinstance(action, Choose):
            counts = after.character_coins[action.character]
            rival = max((n for c, n in counts.items() if c != colour), default=0)
            if counts.get(colour, 0) <= rival or after.tile_holder.get(action.character) == colour:
                why = None
        if why is not None:
            if gain > 0 and why not in gainers:
                gainers.append(why)
            if best is None or gain > best[0]:
                best = (gain, why)
            if fallback is None and not isinstance(action, (EndTurn, Choose)):
                fallback = why
        s = after
        if isinstance(action, (EndTurn, CannotAct)):
            break
    total = vp(s, colour) - before if s.phase == PLAY or s.round == state.round else 0
    main = best[1] if best is not None and best[0] > 0 else (fallback or (best[1] if best else
                                                                          message("why.end")))
    if total > 0:
        if gainers:  # "delivers wood and delivers brick": each that makes the VP
            main = gainers[-1]
            for why in reversed(gainers[:-1]):
                main = message("why.and", why=why, also=main)
        return message("hint.vp", n=total, why=main)
    return message("hint.later", why=main)


def hint(state: GameState, colour: str, *, budget_s: float | None = None) -> Hint:
    """The strong level's move for ``colour`` on its turn, and why. ``NothingToDecide`` when it
    is not ``colour``'s turn; ``CostNeeded`` when a cost must be read off a tile first."""
    colour = check_decider(state, colour)
    if state.phase != PLAY:
        raise NothingToDecide(message("bot.not_deciding", player=colour, phase=state.phase))
    missing = needed_costs(state, colour)
    if missing:
        raise CostNeeded(colour, missing)
    lv = LEVELS["strong"]
    budget = lv.budget_s if budget_s is None else budget_s
    plans = plan_turn(state, colour, width=lv.width, nodes=max(1, int(budget * NODES_PER_SECOND)),
                      weights=lv.weights_for(state))
    plan = plans[0].actions
    return Hint(plan[0], plan, explain(state, colour, plan))
