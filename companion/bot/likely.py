"""The likeliest choice first: a turn's options ordered by what they bring, VP now, then what
they open (the evaluation's value of the position after them), so that the option a player
most often takes is the one preselected on the turn screen."""

from __future__ import annotations

from collections.abc import Iterable

from ..engine import Choose, GameState, Option, apply, vp
from ..engine.catalogue import EXCHANGE, PRODUCTION
from ..engine.errors import HelvetiaError
from ..engine.moves import COIN
from .evaluate import DEFAULT, holdings

NOT_DOABLE = (float("-inf"), float("-inf"))


def gain(state: GameState, option: Option) -> tuple[float, float]:
    """What the option brings its player: (VP now, value of the position after it) more than
    before; an option that cannot be done (not affordable) least. A building whose cost is
    still to be read off its tile is valued as built for free (its cost is not known): a new
    building on offer is what players most often go for."""
    if state.active is None or not (option.affordable or option.needs_cost):
        return NOT_DOABLE
    if option.needs_cost:
        return _unpriced(state, option)
    who = state.active
    try:
        s = state
        if option.via == COIN and s.turn is not None and s.turn.character is None:
            s = apply(s, Choose(who, option.character, 1))
        after = apply(s, option.action)
    except HelvetiaError:  # a default the engine refuses as it stands: no better than greyed
        return NOT_DOABLE
    return (float(vp(after, who) - vp(state, who)),
            holdings(after, who) - holdings(state, who))


def _unpriced(state: GameState, option: Option) -> tuple[float, float]:
    a = option.action
    bt = state.catalogue.building(a.building)  # type: ignore[attr-defined]
    w = DEFAULT
    value = bt.vp
    if bt.kind in (PRODUCTION, EXCHANGE):
        value += w.working_building + (w.occupied if bt.occupied else 0.0)
    return (float(bt.vp), value)


def likeliest_first(state: GameState, options: Iterable[Option]) -> list[Option]:
    """The options best first (see ``gain``); ties keep the engine's order; the greyed ones
    last."""
    listed = list(options)
    gains = {id(o): gain(state, o) for o in listed}

    def key(o: Option) -> tuple[int, float, float]:
        g = gains[id(o)]
        group = 0 if g != NOT_DOABLE else 2
        return (group, -g[0] if group == 0 else 0.0, -g[1] if group == 0 else 0.0)

    return sorted(listed, key=key)
