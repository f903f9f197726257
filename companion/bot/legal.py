"""Whose decision it is, and every legal action of that decision, from the engine's own option
calls (``turn_options``, ``legal_actions``): the bot never works out a rule itself."""

from __future__ import annotations

from dataclasses import replace

from ..engine import (
    Action,
    Build,
    CannotAct,
    Choose,
    EndTurn,
    GameState,
    HelvetiaError,
    Marry,
    Option,
    legal_actions,
    turn_options,
)
from ..engine.deciders import deciders as deciders  # the bot's callers ask it here too
from ..engine.errors import IllegalAction
from ..engine.messages import message
from ..engine.state import PLAY
from ..engine.values import Colour

TABLE_PHASES = ("start_player", "start_buildings", "reveal", "over")
"""Phases the table decides (a draw, a letter, the tiles that came up), no player."""


class NothingToDecide(IllegalAction):
    """Nothing in this state is the given colour's to decide."""


class CostNeeded(HelvetiaError):
    """A building on offer has a cost the device does not know yet: the table reads it off the
    face-up tile (a ``TileCost`` action) before the virtual player plans."""

    def __init__(self, player: Colour, buildings: tuple[str, ...]) -> None:
        self.player = player
        self.buildings = buildings
        super().__init__(message("bot.cost_needed", player=player, building=buildings[0]))


def check_decider(state: GameState, colour: str) -> Colour:
    """``colour``, a player with a decision now; else ``NothingToDecide``."""
    if colour not in state.colours:
        raise NothingToDecide(message("not_a_player", player=colour))
    decider = next((c for c in deciders(state) if c == colour), None)
    if decider is None:
        raise NothingToDecide(message("bot.not_deciding", player=colour, phase=state.phase))
    return decider


def _variants(option: Option) -> list[Action]:
    """An option's action with each choice the player may make instead of the default: the
    dowry coin taken, the sex of the child or of the villager moving in."""
    action = option.action
    if not option.choices:
        return [action]
    name = "dowry" if isinstance(action, Marry) else (
        "mover" if isinstance(action, Build) else "sex")
    default = getattr(action, name)
    return [action] + [replace(action, **{name: c})
                       for c in option.choices if c != default]


def choices(state: GameState, colour: Colour) -> list[Action]:
    """Every legal action of ``colour``'s decision now (its turn: coins on a character, one
    affordable option, a tile, the neutral coin, the end of the turn, "cannot act"). A build of
    unknown cost is left out (see ``CostNeeded``)."""
    check_decider(state, colour)
    if state.phase != PLAY:
        return [a for a in legal_actions(state) if getattr(a, "player", None) == colour]
    opts = turn_options(state)
    out: list[Action] = []
    turn = state.turn
    assert turn is not None
    if opts.chosen is None and opts.max_coins > 0:
        for ch, os in opts.regular.items():
            # no more coins than can each buy an action there: more only go back (§7)
            for n in range(1, min(opts.max_coins, opts.most_coins.get(ch, 1)) + 1):
                # n coins on it leave max_coins - n for bought goods (what ``choose`` checks)
                if any(o.affordable and o.coins <= opts.max_coins - n for o in os):
                    out.append(Choose(colour, ch, n))
    elif opts.chosen is not None and opts.actions_left > 0:
        out += [a for o in opts.regular.get(opts.chosen, ()) if o.affordable for a in _variants(o)]
    for os in opts.tiles.values():
        out += [a for o in os if o.affordable for a in _variants(o)]
    out += [a for o in opts.neutral for a in _variants(o)]
    if opts.can_end_turn:
        out.append(EndTurn(colour))
    if opts.can_declare_stuck:
        out.append(CannotAct(colour))
    return out
