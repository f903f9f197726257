"""The rows of an option list on the turn screen: an option's lines in words, why a greyed
one cannot be done, a row's height and the rows' pages."""

from __future__ import annotations

from typing import Any

from ....engine import Option
from ....engine.values import Via
from ...kit.paging import paged
from ...kit.widgets import drawn_height
from ...words.i18n import _, building, character, ngettext, say


def tile_tag(o: Option) -> str:
    """What an option done with a character tile begins with: "Builder tile: " (a bare
    "Tile: Mill" read as the building's tile, play-test 2026-11-28, finding 19)."""
    if o.via is not Via.TILE:
        return ""
    return _("{character} tile").format(character=character(o.character)) + ": "


def option_lines(o: Option) -> list[str]:
    """An option whole: what it does, how it is paid, what it costs in coins."""
    tag = tile_tag(o)
    if not (o.affordable or o.needs_cost):  # greyed: one line; a tap says why
        return [tag + say(o.message)]
    shown = o.details
    if o.character == "builder":  # its cost; which villagers pay is in its form
        shown = tuple(d for d in o.details if d.code in ("pay.cost", "pay.cost_needed",
                                                         "pay.unaffordable"))
    details = "; ".join(say(d) for d in shown)
    cost = ("" if o.needs_cost or not o.affordable else
            ngettext("buy for {n} coin", "buy for {n} coins", o.coins).format(n=o.coins)
            if o.coins else "")
    second = ", ".join(x for x in (details, cost) if x)
    return [tag + say(o.message)] + ([second] if second else [])


def short_lines(catalogue: Any, o: Option) -> list[str]:
    """A build in half a row: the building, and its cost and coins (or that its cost is read
    off the tile); the payment's steps are in its form. Other options whole."""
    if o.action.type not in ("build", "neutral_build"):
        return option_lines(o)
    head = building(catalogue, o.action.building)  # type: ignore[attr-defined]
    # (a tile's build says so by the tile's picture: half a row has no room for the words)
    if not o.affordable or o.via == "neutral":  # greyed, or unpriced: the name alone
        return [head]
    shown = [say(d) for d in o.details if d.code == "pay.cost"]
    if o.coins and o.affordable:
        shown.append(ngettext("buy for {n} coin", "buy for {n} coins", o.coins).format(
            n=o.coins))
    return [head] + ([", ".join(shown)] if shown else [])


def two_columns(options: list[Option]) -> bool:
    """Builds (the Builder's, the neutral coin's) go two a row: more on a page."""
    return any(o.action.type in ("build", "neutral_build") for o in options)


def option_why_not(o: Option) -> str | None:
    if o.affordable or o.needs_cost:
        return None
    return "; ".join(say(d) for d in o.details) or _("It cannot be paid now.")


def rows_height(lines: list[str], width: int) -> int:
    """A button's height for its lines, each wrapped whole."""
    return max(sum(drawn_height(line, width) for line in lines) + 8, 60)


def pages_of(heights: list[int], room: int) -> list[list[int]]:
    """Option rows in pages of ``room``, 4 px between rows."""
    return paged(heights, room, gap=4)
