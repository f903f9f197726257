"""The likeliest choice first: a turn's options ordered by what they bring, VP now, then what
they open (the evaluation's value of the position after them, then the goods it makes newly
possible), so that the option a player most often takes is the one preselected on the turn
screen. The neutral coin plays for nobody: its options are ordered by what a table most often
does with it (``neutral_gain``)."""

from __future__ import annotations

from collections.abc import Iterable

from ..engine import AddCoin, Choose, GameState, NeutralBuild, Option, apply, vp
from ..engine.catalogue import EXCHANGE, PRODUCTION, VP, BuildingType, Catalogue
from ..engine.errors import HelvetiaError
from ..engine.moves import COIN
from ..engine.production import chains_by_good
from ..engine.values import Via
from .evaluate import DEFAULT, holdings

Gain = tuple[float, float, float]
NOT_DOABLE: Gain = (float("-inf"), float("-inf"), float("-inf"))


def gain(state: GameState, option: Option) -> Gain:
    """What the option brings its player: (VP now, value of the position after it, the goods
    it makes newly possible) more than before; an option that cannot be done (not affordable)
    least. A building whose cost is still to be read off its tile is valued as built for free
    (its cost is not known): a new building on offer is what players most often go for."""
    if state.active is None or not (option.affordable or option.needs_cost):
        return NOT_DOABLE
    if option.via is Via.NEUTRAL:
        return neutral_gain(state, option)
    if option.needs_cost:
        return _unpriced(state, option)
    who = state.active
    try:
        s = state
        if option.via == COIN and s.turn is not None and s.turn.character is None:
            s = apply(s, Choose(who, option.character, 1))
        elif option.via == COIN and s.turn is not None and s.turn.done >= s.turn.coins:
            s = apply(s, AddCoin(who))  # one more coin on the character: the coins follow
        after = apply(s, option.action)
    except HelvetiaError:  # a default the engine refuses as it stands: no better than greyed
        return NOT_DOABLE
    return (float(vp(after, who) - vp(state, who)),
            holdings(after, who) - holdings(state, who), _opened(state, after, option))


def _opened(before: GameState, after: GameState, option: Option) -> float:
    """The goods a wake makes newly producible, by their level (a woken villager who works
    towards a cheese brings more than one who cuts wood): what tells apart quarters that wake
    as many villagers. Other actions: 0 (their value is in the evaluation)."""
    if option.action.type != "wake" or before.active is None:
        return 0.0
    who = before.active
    new = set(chains_by_good(after, who)) - set(chains_by_good(before, who))
    return float(sum(before.catalogue.good(g).level for g in new))


def _makes(cat: Catalogue, bt: BuildingType) -> float:
    """What a building makes, by the level of its good (an exchange building: between the raw
    goods and the complex ones); 0 for a VP building."""
    if bt.kind == PRODUCTION and bt.output is not None:
        return float(cat.good(bt.output).level)
    return 1.5 if bt.kind == EXCHANGE else 0.0


def _unpriced(state: GameState, option: Option) -> Gain:
    a = option.action
    cat = state.catalogue
    bt = cat.building(a.building)  # type: ignore[attr-defined]
    w = DEFAULT
    value: float = bt.vp
    if bt.kind in (PRODUCTION, EXCHANGE):
        value += w.working_building + (w.occupied if bt.occupied else 0.0)
    return (float(bt.vp), value, _makes(cat, bt))


def neutral_gain(state: GameState, option: Option) -> Gain:
    """The neutral coin's options, by what a table most often does with it: take a building
    off the offer into the neutral village, where whoever marries in may work it (rules
    §6.3), the building making the most valued good first (a VP building there scores for
    nobody: last of the builds); then a neutral villager married into the own village."""
    a = option.action
    if not isinstance(a, NeutralBuild):
        return (0.0, 0.0, 0.0)
    bt = state.catalogue.building(a.building)
    return (1.0, 0.0 if bt.kind == VP else 1.0, _makes(state.catalogue, bt))


def likeliest_first(state: GameState, options: Iterable[Option]) -> list[Option]:
    """The options best first (see ``gain``); ties keep the engine's order; the greyed ones
    last. Before the turn's character is chosen, a character's coin options come before its
    tile's: a tap on a character chooses it, and its tile's extra action usually follows
    the regular ones (the coin a tile action seems to save is spent this turn anyway)."""
    listed = list(options)
    gains = {id(o): gain(state, o) for o in listed}
    turn = state.turn
    choosing = turn is not None and turn.character is None and not turn.neutral

    def key(o: Option) -> tuple[int, int, float, float, float]:
        g = gains[id(o)]
        if g == NOT_DOABLE:
            return (2, 0, 0.0, 0.0, 0.0)
        return (0, int(choosing and o.via is Via.TILE), -g[0], -g[1], -g[2])

    return sorted(listed, key=key)
