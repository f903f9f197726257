"""Coins that follow the actions (§7): once the coins on the chosen character have bought
their actions, one more coin put on it buys one more action of it, as if it had been placed
with the others at the start of the turn.

Nothing is hidden and nothing is drawn during a turn, so a count of coins decided as the
actions go is the same game as one decided up front: every coin still buys an action that is
performed, the coins on the character still count for its majority, and a character tile's
action still comes before or after all the regular actions, never between them (a coin is
refused once the tile's action followed a regular one). The table need not count ahead."""

from __future__ import annotations

from .actions import AddCoin
from .errors import IllegalAction
from .idle import idle_reason
from .messages import Message, message
from .moves import COIN
from .state import GameState
from .turns import possible
from .values import Colour


def add_coin_problem(state: GameState, player: Colour) -> Message | None:
    """Why ``player`` may not put one more coin on its chosen character now; None: it may."""
    turn = state.turn
    if state.active != player or turn is None:
        return message("not_your_turn", active=state.active, player=player)
    if turn.neutral:
        return message("neutral_used", player=player)
    if turn.character is None:
        return message("no_character_yet", player=player)
    if turn.done < turn.coins:
        return message("actions_left", player=player, character=turn.character,
                       n=turn.coins - turn.done)
    if turn.tile is not None and turn.tile_after:
        return message("tile_came_after", character=turn.tile, chosen=turn.character)
    coins = state.player(player).coins
    if coins < 1:
        return message("not_enough_coins", player=player, n=0)
    # The coins left after this one (what bought goods may cost) decide whether an action
    # of the character is possible, as for the coins placed when it was chosen.
    if not possible(state, player, turn.character, COIN, coins - 1):
        return idle_reason(state, player, turn.character)
    return None


def add_coin(state: GameState, a: AddCoin) -> None:
    """One more coin from the hand onto the chosen character: one more action of it."""
    problem = add_coin_problem(state, a.player)
    if problem is not None:
        raise IllegalAction(problem)
    turn = state.turn
    assert turn is not None and turn.character is not None
    state.player(a.player).coins -= 1
    field = state.character_coins[turn.character]
    field[a.player] = field.get(a.player, 0) + 1
    turn.coins += 1
    turn.spent += 1
