"""Random play to the end of a game: the ``random`` level, the arena's table draws, and the
strong level's look-ahead. Every action goes through the engine's checked ``apply``."""

from __future__ import annotations

import random

from ..engine import Action, ChooseStartPlayer, GameState, Reveal, TileCost, apply, legal_actions
from ..engine.catalogue import Cost
from ..engine.round_end import reveal_counts
from ..engine.state import OVER, PLAY, REVEAL, START_BUILDINGS, START_PLAYER
from ..engine.values import Colour
from .legal import choices, deciders

GUESSED_COST: Cost = (("brick", 1), ("stone", 1), ("wood", 1))
"""Only inside a simulated future: a stand-in for a cost nobody has read off a tile yet. It is
never shown nor written to a record."""


def table_draw(state: GameState, rng: random.Random) -> Reveal:
    """The buildings that come up at a round end, drawn from what is left in the stacks."""
    from2, from3 = reveal_counts(state)
    stack2 = [t for t, n in sorted(state.stacks["2"].items()) for _ in range(n)]
    stack3 = [t for t, n in sorted(state.stacks["3"].items()) for _ in range(n)]
    return Reveal(tuple(rng.sample(stack2, from2) + rng.sample(stack3, from3)))


def table_action(state: GameState, rng: random.Random) -> Action:
    """A decision of the table, not of a player: the start player, the start buildings that came
    with a letter, the buildings revealed at a round end."""
    if state.phase == REVEAL:
        return table_draw(state, rng)
    if state.phase == START_PLAYER:
        return ChooseStartPlayer(rng.choice(state.colours))
    if state.phase == START_BUILDINGS:
        return rng.choice(legal_actions(state))
    raise ValueError(f"no table decision in phase {state.phase}")


def random_action(state: GameState, colour: Colour, rng: random.Random,
                  guess_costs: bool = False) -> Action:
    """Uniformly one of ``colour``'s legal actions. With ``guess_costs`` (simulation only), a
    player that can do nothing until a cost is read gets the stand-in cost."""
    acts = choices(state, colour)
    if not acts and guess_costs and state.phase == PLAY:
        from ..engine import turn_options
        opts = turn_options(state)
        if opts.costs_needed:
            return TileCost(colour, opts.costs_needed[0], GUESSED_COST)
    if not acts:
        raise RuntimeError(f"{colour} has no legal action in phase {state.phase}")
    return rng.choice(acts)


def next_decider(state: GameState, rng: random.Random) -> Colour | None:
    """Who decides next (a random one of several while start buildings are placed); None: the
    table."""
    who = deciders(state)
    return rng.choice(who) if who else None


def playout(state: GameState, rng: random.Random, max_actions: int = 3000
            ) -> tuple[GameState, int]:
    """Random legal play from ``state`` to the end of the game (or ``max_actions``): the last
    state and the number of actions taken."""
    for n in range(max_actions):
        if state.phase == OVER:
            return state, n
        colour = next_decider(state, rng)
        if colour is None:
            state = apply(state, table_action(state, rng))
        else:
            state = apply(state, random_action(state, colour, rng, guess_costs=True))
    return state, max_actions
