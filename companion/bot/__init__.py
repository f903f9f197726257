"""A virtual player: ``decide(state, colour, level=...)`` is the next action of a colour whose
seat the companion plays, taken only from the engine's legal actions (docs/bot.md)."""

from .decide import LEVELS, NAMES, RANDOM, UnknownLevel, decide, needed_costs
from .hint import Hint, hint
from .legal import CostNeeded, NothingToDecide, choices, deciders

__all__ = ["LEVELS", "NAMES", "RANDOM", "CostNeeded", "NothingToDecide", "UnknownLevel",
           "choices", "deciders", "decide", "Hint", "hint", "needed_costs"]
