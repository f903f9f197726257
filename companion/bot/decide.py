"""``decide``: the next action of a virtual player, at a level."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..engine import Action, Build, GameState, turn_options, why_not
from ..engine.errors import HelvetiaError
from ..engine.state import PLAY
from ..engine.values import Colour
from .evaluate import DEFAULT, Weights
from .legal import CostNeeded, check_decider, choices
from .search import best_single, plan_turn

NODES_PER_SECOND = 600
"""Positions a search looks at per second of budget on the reference machine (2 cores); the
budget is spent as a count of positions, so a decision is the same on any machine."""


@dataclass(frozen=True)
class Level:
    name: str
    budget_s: float
    """Default thinking time."""
    width: int
    """Partial turns kept at each step of the turn's beam search."""
    noise: float = 0.0
    """Random error on every value: the easy level's human mistakes."""
    weights: Weights = DEFAULT
    weights_2p: Weights | None = None
    """The weights of a 2-player game (None: ``weights``)."""

    def weights_for(self, state: GameState) -> Weights:
        if len(state.colours) == 2 and self.weights_2p is not None:
            return self.weights_2p
        return self.weights


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 0.02, width=2, noise=1.0),
    "normal": Level("normal", 0.12, width=4),
    # The goods it could deliver now are worth something (without, it built and stopped
    # delivering: 49 % -> 73 % against three normal, 40 games) and helping a player who is
    # behind is not free (spread: 95 % -> 98 % against three random, 100 games). Coins valued
    # higher with 3 and 4 players (longer Carter and Builder turns, majorities kept); with 2
    # players those coin weights lose to normal (49 %; 71 % with the normal ones, 40 games).
    "strong": Level("strong", 0.3, width=8,
                    weights=Weights(coin=0.8, coin_spare=0.05, deliverable=0.4, spread=0.3),
                    weights_2p=Weights(deliverable=0.4)),
}
RANDOM = "random"
"""Uniformly among the legal actions (the arena's yardstick)."""
NAMES = (*LEVELS, RANDOM)


class UnknownLevel(HelvetiaError, ValueError):
    def __init__(self, level: str) -> None:
        from ..engine.messages import message
        super().__init__(message("bot.unknown_level", level=level, levels=", ".join(NAMES)))


def _rng(state: GameState, colour: Colour, level: str, seed: int) -> random.Random:
    """A generator that depends only on the seed, the level and where the game is: the same
    decision for the same question."""
    turn = state.turn
    where = (state.phase, state.round, state.couple, len(state.queue),
             turn.coins if turn else -1, turn.done if turn else -1,
             state.player(colour).coins)
    return random.Random(f"{seed}/{level}/{colour}/{where}")


def needed_costs(state: GameState, colour: Colour) -> tuple[str, ...]:
    """Buildings on offer the player could build whose cost the device does not know yet."""
    if state.phase != PLAY or state.active != colour:
        return ()
    return turn_options(state).costs_needed


def guessed(state: GameState, missing: tuple[str, ...]) -> GameState:
    """A copy of ``state`` in which each cost in ``missing`` is the stand-in of a simulated
    future (``playout.GUESSED_COST``): only to see which tile a plan wants; never shown, never
    recorded."""
    from .playout import GUESSED_COST

    out = state.clone()
    for t in missing:
        out.learned_costs[t] = GUESSED_COST
    return out


def decide(state: GameState, colour: str, *, level: str, seed: int = 0,
           budget_s: float | None = None, without: tuple[str, ...] = ()) -> Action:
    """The next action of ``colour`` in ``state`` at ``level`` (easy, normal, strong, random).

    Raises ``NothingToDecide`` when no decision is ``colour``'s now (another player's turn, or
    the table's draw), ``CostNeeded`` when a building on offer has a cost the device does not
    know yet and the plan builds it (the table reads it off the tile first: a ``TileCost``
    action; one type, the one wanted), ``UnknownLevel``. ``without``: types of unknown cost the
    table chose not to read now (the plan leaves them out, unless a pass needs them priced).
    Deterministic for a given state, seed, level and budget."""
    if level not in NAMES:
        raise UnknownLevel(level)
    colour = check_decider(state, colour)
    missing = needed_costs(state, colour)
    guess = tuple(t for t in missing if t not in without)
    if guess:
        # Planned as if every unknown cost were a stand-in: the table is asked only for the
        # tile the plan builds (or, when nothing else is possible, the first one: the rules
        # want it priced before a pass), never for every building on offer (issue 32).
        stand_in = guessed(state, guess)
        if not choices(stand_in, colour):  # coins wait on the Builder for a tile not priced
            raise CostNeeded(colour, guess[:1])
        action = decide(stand_in, colour, level=level, seed=seed, budget_s=budget_s,
                        without=without)
        if isinstance(action, Build) and action.building in guess:
            raise CostNeeded(colour, (action.building,))
        if why_not(state, action) is not None:
            raise CostNeeded(colour, missing[:1])
        return action
    rng = _rng(state, colour, level, seed)
    acts = choices(state, colour)
    if not acts and missing:  # a pass wants every building on offer priced first (§7)
        raise CostNeeded(colour, missing[:1])
    if not acts:  # the engine's liveness guarantees one; say so plainly if it ever does not
        raise RuntimeError(f"no legal action for {colour} in phase {state.phase}")
    if level == RANDOM or len(acts) == 1:
        return rng.choice(acts) if level == RANDOM else acts[0]
    lv = LEVELS[level]
    budget = lv.budget_s if budget_s is None else max(0.0, budget_s)
    nodes = max(1, int(budget * NODES_PER_SECOND))
    if state.phase != PLAY:
        return best_single(state, colour, acts, weights=lv.weights_for(state), noise=lv.noise,
                           rng=rng)
    plans = plan_turn(state, colour, width=lv.width, nodes=nodes, weights=lv.weights_for(state),
                      noise=lv.noise, rng=rng)
    return plans[0].actions[0]
