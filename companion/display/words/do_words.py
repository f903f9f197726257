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
from .i18n import _, building, good, ngettext, pgettext, punctuate, quarter


def _at(state: GameState, village: str, cell: tuple[int, int]) -> str:
    """The building on a village's cell, by name."""
    b = state.villages[village].buildings.get(cell)  # type: ignore[call-overload]
    return building(state.catalogue, b.type) if b is not None else ""


def do_lines(state: GameState, action: Action | None, coins: str | None,
             width: int = 248, counted: bool = False) -> list[str] | None:
    """ "Do it"'s lines: what it does and, if any, the coins it costs ("Marry: Mill" over
    "1 coin"). Where the action's words and its target take more than a line, the verb goes
    with the coins and the target has the second line ("Marry (1 coin):" over
    "Brunnenmeister": the Priest's "Do it" said the building alone, play-test 2026-11-28);
    with ``counted`` (the coins are the count chosen beside it, said on that button) the
    action's words take both lines instead ("Construir la cantera de arcilla", issue 32).
    Where neither fits, the words run on with the coins after them over both lines
    ("Despertar: abajo a la derecha (1 moneda)"), else the verb over the coins ("Construire"
    over "1 + 1 d'achats = 2": French, Italian and Spanish said the target and the coins and
    lost the verb); the target and the coins only where not even that fits. None: none to
    name."""
    words = _do_what(state, action)
    if words is None:
        return None
    if not coins:  # the button's one label, on two lines if it needs them
        whole = whole_words(state, action, width)
        return [whole] if whole is not None else [_target(state, action) or words]
    if _one_line(words, width):
        return [words, coins]
    whole = whole_words(state, action, width) if counted else None
    if whole is not None:
        return [whole]
    head, target = _verb_with(action, coins), _target(state, action)
    if head is not None and target and _one_line(head, width) and _one_line(target, width):
        return [head, target]
    # The words and the coins after them, wrapped over both lines, the coins kept whole; else
    # the verb over the coins (the target is the option chosen on the screen above).
    whole_coins = coins.replace(" ", "\u00a0")
    run_on = _("{action} ({coins})").format(action=words, coins=whole_coins)
    if _two_lines(run_on, width):
        return [run_on]
    verb = _verb(action)
    if verb is not None and _one_line(verb, width) and _one_line(coins, width):
        return [verb, coins]
    return [target or words, coins]


def whole_words(state: GameState, action: Action | None, width: int = 248) -> str | None:
    """The action's words where they fit the button's two lines, no word broken ("Construir
    la cantera de arcilla": the verb kept, issue 32); None where they do not, or none."""
    words = _do_what(state, action)
    return words if words is not None and _two_lines(words, width) else None


def _two_lines(words: str, width: int) -> bool:
    """Whether ``words`` fit the button's two lines, no word broken."""
    return fit(punctuate(words), width, 2 * line_step(BODY), BODY, BODY, split=False).fits


def _one_line(words: str, width: int) -> bool:
    return font(BODY).size(punctuate(words))[0] <= width


def _verb(action: Action | None) -> str | None:
    """The action's verb alone, over its coins (the target is the option chosen on the
    screen, above "Do it")."""
    if isinstance(action, (Build, NeutralBuild)):
        return pgettext("do it", "Build")
    if isinstance(action, Deliver):
        return pgettext("do it", "Deliver")
    if isinstance(action, Wake):
        return pgettext("do it", "Wake")
    if isinstance(action, (Marry, NeutralMarry)):
        return pgettext("do it", "Marry")
    if isinstance(action, Birth):
        return pgettext("do it", "Birth")
    return None


def _verb_with(action: Action | None, coins: str) -> str | None:
    """The action's verb with what it costs, to stand over its target."""
    if isinstance(action, (Build, NeutralBuild)):
        return _("Build ({coins}):").format(coins=coins)
    if isinstance(action, Deliver):
        return _("Deliver ({coins}):").format(coins=coins)
    if isinstance(action, Wake):
        return _("Wake ({coins}):").format(coins=coins)
    if isinstance(action, (Marry, NeutralMarry)):
        return _("Marry ({coins}):").format(coins=coins)
    if isinstance(action, Birth):
        return _("Birth ({coins}):").format(coins=coins)
    return None


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
