"""A plan (a virtual player's turn, a hint) in words, line by line, each line with the coins it
puts from the hand onto the characters. The counts come from the engine's table steps of the
same actions (``engine.table.steps``), the very steps the screen lists for the table to move:
the summary and the steps never disagree on a coin (issue 32: "1 coin on the Builder", then
the steps put a second)."""

from __future__ import annotations

from dataclasses import dataclass

from ....engine import Action, CannotAct, Choose, EndTurn, GameState, apply, turn_options
from ....engine.state import PLAY
from ....engine.table import TableStep, steps
from ....engine.turns import tile_character
from ...words.i18n import _, character, ngettext, say
from ...words.table_log import action_text

ON_CHARACTER = "table.coins_on_character"
"""Coins the choice of a character (or one more coin, §7) puts on it."""
FOR_GOODS = "table.coins_for_goods"
"""More coins on the Builder chosen this turn, for the goods a build buys."""
FOR_GOODS_TILE = "table.coins_for_goods_tile"
"""Coins on the Builder for the goods a build with the Builder tile buys."""
PUT = (ON_CHARACTER, FOR_GOODS, FOR_GOODS_TILE)
"""The table steps that put coins from a hand onto a character."""


@dataclass(frozen=True)
class PlanLine:
    words: str
    coins: int
    """The coins this line puts from the hand onto characters (0: none)."""


def coins(found: list[TableStep], *codes: str) -> int:
    """The coins the steps of those codes put."""
    return sum(int(s.message.params["n"]) for s in found if s.code in codes)


def plan_lines(state: GameState, plan: tuple[Action, ...]) -> list[PlanLine]:
    """The plan line by line: each action as the option the turn screen offers for it (else
    as the record says it). The turn's choice of a character counts every coin that character
    gets from the hand this turn, its goods' coins included ("3 coins on the Builder (2 for
    goods)"); a build with the Builder tile says the coins for its goods itself."""
    found: list[list[TableStep]] = []
    s = state
    for action in plan:
        after = apply(s, action)
        found.append(steps(s, action, after))
        s = after
    chose = next((i for i, a in enumerate(plan) if isinstance(a, Choose)), None)
    goods_later = 0 if chose is None else sum(coins(f, FOR_GOODS) for f in found[chose + 1:])
    out = []
    s = state
    for i, action in enumerate(plan):
        own = coins(found[i], ON_CHARACTER)
        goods = coins(found[i], FOR_GOODS) if chose is None or i < chose else 0
        tile_goods = coins(found[i], FOR_GOODS_TILE)
        words = None
        by = tile_character(action)
        if isinstance(action, Choose) and goods_later:
            own += goods_later
            words = ngettext("{n} coins on the {character} ({goods} for goods)",
                             "{n} coins on the {character} ({goods} for goods)",
                             own).format(n=own, character=character(action.character),
                                         goods=goods_later)
        if isinstance(action, EndTurn):
            words = _("End the turn")
        elif isinstance(action, CannotAct):
            words = _("No action possible")
        elif s.phase == PLAY and not isinstance(action, Choose):
            with_option = next((o for o in turn_options(s).all() if o.action == action), None)
            if with_option is not None:
                words = say(with_option.message)
        if not words:  # an action's line after "Name: ", as a list item begins it
            words = action_text(action, s, tile=False).split(": ", 1)[-1]
            words = words[:1].upper() + words[1:]
        if by is not None and goods + tile_goods:  # the tile's build: its goods' coins
            words = ngettext("{what} (with the {character} tile; {n} coin on the Builder "
                             "for goods)",
                             "{what} (with the {character} tile; {n} coins on the Builder "
                             "for goods)", goods + tile_goods).format(
                what=words, character=character(by), n=goods + tile_goods)
        elif by is not None:  # an action of a character tile, not of a coin: said
            words = _("{what} (with the {character} tile)").format(what=words,
                                                                   character=character(by))
        elif goods:  # a plan begun after the choice (an undo): the goods' coins said here
            words = ngettext("{what} ({n} more coin on the Builder for goods)",
                             "{what} ({n} more coins on the Builder for goods)",
                             goods).format(what=words, n=goods)
        out.append(PlanLine(words, own + goods + tile_goods))
        s = apply(s, action)
    return out
