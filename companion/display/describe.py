"""What the table does with the physical pieces after an action, read off the difference
between the states before and after it."""

from __future__ import annotations

from typing import Any

from ..engine import Action, GameState
from ..engine.grid import cell_text
from .i18n import _, building, character, colour, good


def _where(state: GameState, village: str, cell: tuple[int, int]) -> str:
    b = state.villages[village].buildings[cell]
    return _("the {building} at {cell} in {village}'s village").format(
        building=building(state.catalogue, b.type), cell=cell_text(cell),
        village=colour(village))


def _sex(sex: str) -> str:
    return _("man") if sex == "m" else _("woman")


def table_steps(before: GameState, after: GameState) -> list[str]:
    """Instructions for the table, in the order they are best done."""
    steps: list[str] = []
    cat = after.catalogue
    for ch, coins in after.character_coins.items():
        for c, n in coins.items():
            extra = n - before.character_coins.get(ch, {}).get(c, 0)
            if extra > 0:
                steps.append(_("Put {n} {colour} coin(s) on the {character}.").format(
                    n=extra, colour=colour(c), character=character(ch)))
    if after.neutral_coin != before.neutral_coin and after.neutral_coin not in (None, "ready"):
        steps.append(_("Put the neutral coin on the {character}.").format(
            character=character(after.neutral_coin)))
    for v, village in after.villages.items():
        old = before.villages[v].buildings
        for cell, b in village.buildings.items():
            if cell not in old:
                steps.append(_("Place the {building} tile at {cell} in {village}'s village.")
                             .format(building=building(cat, b.type), cell=cell_text(cell),
                                     village=colour(v)))
            old_adults = old[cell].adults if cell in old else []
            for i, a in enumerate(b.adults):
                if i >= len(old_adults):
                    steps.append(_("Stand a {colour} {sex} on {where}.").format(
                        colour=colour(a.colour), sex=_sex(a.sex), where=_where(after, v, cell)))
                elif old_adults[i].awake and not a.awake:
                    steps.append(_("Lay down {colour}'s {sex} on {where}.").format(
                        colour=colour(a.colour), sex=_sex(a.sex), where=_where(after, v, cell)))
                elif not old_adults[i].awake and a.awake:
                    steps.append(_("Stand up {colour}'s {sex} on {where}.").format(
                        colour=colour(a.colour), sex=_sex(a.sex), where=_where(after, v, cell)))
            old_children = old[cell].children if cell in old else []
            for c, sex in b.children[len(old_children):]:
                steps.append(_("Lay a {colour} {sex} child beside the couple on {where}.").format(
                    colour=colour(c), sex=_sex(sex), where=_where(after, v, cell)))
        for coin, n in before.villages[v].coins.items():
            if village.coins.get(coin, 0) < n:
                to = (_("back to {colour}'s supply") if coin == after.active else
                      _("into {active}'s village centre")).format(colour=colour(coin),
                                                                   active=colour(after.active
                                                                                 or coin))
                steps.append(_("Take the {coin} coin from {village}'s centre, {to}.").format(
                    coin=colour(coin), village=colour(v), to=to))
    for p in after.players:
        new = p.delivered[len(before.player(p.colour).delivered):]
        for g in new:
            steps.append(_("Put a {colour} cube on the market's {good} space.").format(
                colour=colour(p.colour), good=good(cat, g)))
    for g, c in after.goods_tiles.items():
        if g not in before.goods_tiles:
            steps.append(_("{colour} takes the {good} goods tile.").format(
                colour=colour(c), good=good(cat, g)))
    for br, c in after.branch_tiles.items():
        if br not in before.branch_tiles:
            steps.append(_("{colour} takes the branch tile of {goods}.").format(
                colour=colour(c), goods=", ".join(good(cat, g) for g in
                                                  sorted(cat.branches[br].goods))))
    for i, c in enumerate(after.village_tiles[len(before.village_tiles):],
                          len(before.village_tiles)):
        steps.append(_("{colour} takes the {vp}-VP village tile.").format(
            colour=colour(c), vp=cat.village_tile_vp[i]))
    return steps


def action_text(action: Action, state: GameState) -> str:
    """One line for an action already done, e.g. for the undo question."""
    cat = state.catalogue
    who = colour(action.player) + ": " if hasattr(action, "player") else ""  # type: ignore[attr-defined]
    a: Any = action
    if a.type == "choose":
        return who + _("{n} coin(s) on the {character}").format(n=a.coins,
                                                                character=character(a.character))
    if a.type in ("build", "neutral_build", "place_building", "place_neutral", "pick"):
        where = f" {cell_text(a.cell)}" if hasattr(a, "cell") else ""
        return who + _("{building}").format(building=building(cat, a.building)) + where
    if a.type == "deliver":
        return who + _("delivered {good}").format(good=good(cat, a.chain[-1].good))
    if a.type == "wake":
        return who + _("woke a quarter of {village}'s village").format(village=colour(a.village))
    if a.type in ("marry", "neutral_marry", "third_couple"):
        return who + _("a marriage")
    if a.type == "birth":
        return who + _("a child at {cell}").format(cell=cell_text(a.cell))
    if a.type == "end_turn":
        return who + _("ended the turn")
    return who + a.type.replace("_", " ")
