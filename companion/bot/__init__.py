"""A virtual player: ``decide(state, colour, level=...)`` is the next action of a colour whose
seat the companion plays, taken only from the engine's legal actions (docs/bot.md)."""

from ..engine.deciders import deciders
from .decide import LEVELS, NAMES, RANDOM, UnknownLevel, decide, needed_costs
from .hint import Hint, hint
from .legal import CostNeeded, NothingToDecide, choices
from .whole_turn import Withdrawn, whole_turn

__all__ = ["LEVELS", "NAMES", "RANDOM", "CostNeeded", "NothingToDecide", "UnknownLevel",
           "choices", "deciders", "decide", "Hint", "hint", "needed_costs",
           "Withdrawn", "whole_turn"]
