"""What "Do it" does, in a few words on the button itself (issue 32: "Do it" names what it
does): the building built, the good delivered, the quarter woken, the building a marriage or
a birth goes onto; the coins it costs on a line of their own, never a bare number."""

from __future__ import annotations

from ...engine import (
    Action,
    Birth,
    Build,
    Deliver,
    GameState,
    Marry,
    NeutralBuild,
    NeutralMarry,
    Wake,
)
from ..kit.widgets import BODY, fit, font, line_step
from .i18n import _, building, good, ngettext, punctuate, quarter


def _at(state: GameState, village: str, cell: tuple[int, int]) -> str:
    """The building on a village's cell, by name."""
    b = state.villages[village].buildings.get(cell)  # type: ignore[call-overload]
    return building(state.catalogue, b.type) if b is not None else ""


def fitted(words: str | None, target: str | None, width: int) -> str | None:
    """``words`` on one line of ``width``; else the target alone (the view says the verb:
    it is the character's)."""
    if words is None or font(BODY).size(punctuate(words))[0] <= width:
        return words
    return target


def do_what(state: GameState, action: Action | None, width: int = 248,
            lines: int = 1) -> str | None:
    """The action in a few words on one line of ``width`` ("Build: Mine", "Marry: Mill"), or
    on two where the button has ``lines`` 2 for them (a Spanish "Construir: Cantera de
    arcilla": the verb kept, issue 32), else "Mill" where the verb does not fit too; None:
    none to name."""
    words, target = _do_what(state, action), _target(state, action)
    if words is not None and lines > 1 and fit(punctuate(words), width,
                                               2 * line_step(BODY), split=False).fits:
        return words
    return fitted(words, target, width)


def _target(state: GameState, action: Action | None) -> str | None:
    if isinstance(action, (Build, NeutralBuild)):
        return building(state.catalogue, action.building)
    if isinstance(action, Deliver):
        return good(state.catalogue, action.chain[-1].good)
    if isinstance(action, Wake):
        return quarter(action.quarter)
    if isinstance(action, Marry):
        return _at(state, action.village, action.cell)
    if isinstance(action, (NeutralMarry, Birth)):
        return _at(state, action.player, action.cell)
    return None


def _do_what(state: GameState, action: Action | None) -> str | None:
    if isinstance(action, (Build, NeutralBuild)):
        return _("Build: {building}").format(building=building(state.catalogue,
                                                                action.building))
    if isinstance(action, Deliver):
        return _("Deliver: {good}").format(good=good(state.catalogue, action.chain[-1].good))
    if isinstance(action, Wake):
        return _("Wake: {quarter}").format(quarter=quarter(action.quarter))
    if isinstance(action, Marry):
        return _("Marry: {building}").format(building=_at(state, action.village,
                                                                action.cell))
    if isinstance(action, NeutralMarry):
        return _("Marry: {building}").format(building=_at(state, action.player,
                                                                action.cell))
    if isinstance(action, Birth):
        return _("Birth: {building}").format(building=_at(state, action.player, action.cell))
    return None


def coins_line(actions: int, paid: int | None) -> str:
    """The coins "Do it" costs: as many as the actions they buy ("2 coins", the count
    chosen beside it), or, when goods are bought too, that count plus the goods' coins
    ("1 + 2 for goods = 3": the count on the character, the coins the option says the
    goods cost, their sum; each number means one thing, as the screen shows it);
    ``actions`` 0: the coins alone (a tile's action)."""
    if not actions:
        return ngettext("{n} coin", "{n} coins", paid or 0).format(n=paid or 0)
    if paid is None or paid <= actions:
        return ngettext("{n} coin", "{n} coins", actions).format(n=actions)
    return _("{n} + {goods} for goods = {paid}").format(n=actions, goods=paid - actions,
                                                          paid=paid)
