"""A virtual player: ``decide(state, colour, level=...)`` is the next action of a colour whose
seat the companion plays, taken only from the engine's legal actions (docs/bot.md).

The searches are imported with the first name asked of this package (the app starts without
them; the turn screen's orderings, ``likely`` and ``habits``, need none of them)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.deciders import deciders
    from .decide import LEVELS, NAMES, RANDOM, UnknownLevel, decide, needed_costs
    from .hint import Hint, hint
    from .legal import CostNeeded, NothingToDecide, choices
    from .whole_turn import Withdrawn, whole_turn

_WHERE = {"LEVELS": ".decide", "NAMES": ".decide", "RANDOM": ".decide",
          "UnknownLevel": ".decide", "decide": ".decide", "needed_costs": ".decide",
          "Hint": ".hint", "hint": ".hint", "CostNeeded": ".legal", "NothingToDecide": ".legal",
          "choices": ".legal", "deciders": "..engine.deciders", "Withdrawn": ".whole_turn",
          "whole_turn": ".whole_turn"}

__all__ = ["LEVELS", "NAMES", "RANDOM", "CostNeeded", "NothingToDecide", "UnknownLevel",
           "choices", "deciders", "decide", "Hint", "hint", "needed_costs",
           "Withdrawn", "whole_turn"]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    globals()[name] = value  # asked once
    return value
