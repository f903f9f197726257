"""A turn (digest §7): one character with N coins for N actions, one character tile for one
extra action, the neutral coin with 2 players, and the end of the turn and of the round.

Rulings (§7) the companion needs so that it is never stuck:
- ``choose`` is refused when no action of that character is possible now;
- coins of the turn that can no longer buy an action of the chosen character go back to the
  hand at once (``settle``): they never lay on the character, and the turn can end;
- "cannot act" is a pass of this turn only; the round ends when every coin holder passes in one
  go-round with no action in between, and the start-player token stays;
- a building on offer whose cost is unknown must have its cost entered (``TileCost``) before a
  "cannot act" is accepted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import characters, moves, neutral_village, round_end
from .actions import (
    Action,
    Birth,
    Build,
    CannotAct,
    Choose,
    Deliver,
    EndTurn,
    Marry,
    NeutralBuild,
    NeutralMarry,
    TileCost,
    Wake,
)
from .errors import IllegalAction, refuse
from .idle import idle_reason
from .messages import Message, message
from .production import chains_by_good
from .state import CHARACTERS, GameState, Turn
from .values import Character, Colour, NeutralCoin, Via


def _turn(state: GameState, player: Colour) -> Turn:
    if state.active != player:
        raise refuse("not_your_turn", active=state.active, player=player)
    assert state.turn is not None
    return state.turn


def possible(state: GameState, colour: Colour, character: Character, via: Via, budget: int) -> bool:
    """Whether the character has an option that can be taken now, or whose building's cost
    must first be read off the tile (it may be affordable): what keeps a coin on it."""
    by_good = chains_by_good(state, colour) if character in ("builder", "carter") else {}
    return any(o.affordable or o.needs_cost
               for o in moves.options_of(state, colour, character, via, budget, by_good))


def choose(state: GameState, a: Choose) -> None:
    turn = _turn(state, a.player)
    if turn.neutral:
        raise refuse("neutral_used", player=a.player)
    if turn.character is not None:
        raise refuse("one_character", player=a.player, chosen=turn.character)
    player = state.player(a.player)
    if a.coins < 1:
        raise refuse("no_coins_placed")
    if a.coins > player.coins:
        raise refuse("not_enough_coins", player=a.player, n=player.coins)
    # The coins left after these (what bought goods may cost) decide whether an action is
    # possible: checked before anything changes.
    if not possible(state, a.player, a.character, moves.COIN, player.coins - a.coins):
        raise IllegalAction(idle_reason(state, a.player, a.character))
    player.coins -= a.coins
    field = state.character_coins[a.character]
    field[a.player] = field.get(a.player, 0) + a.coins
    turn.character = a.character
    turn.coins = a.coins
    turn.spent += a.coins


def settle(state: GameState) -> None:
    """Coins of the turn that can no longer buy an action of the chosen character go back to
    the player's hand: they never lay there (no majority) and the turn can end (§7)."""
    turn = state.turn
    if state.active is None or turn is None or turn.character is None:
        return
    left = turn.coins - turn.done
    if left <= 0:
        return
    player = state.player(turn.player)
    if possible(state, turn.player, turn.character, moves.COIN, player.coins):
        return
    field = state.character_coins[turn.character]
    field[turn.player] -= left
    if field[turn.player] == 0:
        del field[turn.player]
    player.coins += left
    turn.coins -= left
    turn.spent -= left
    turn.returned += left


def tile_problem(state: GameState, player: Colour, character: Character) -> Message | None:
    """Whether ``player`` may use its ``character`` tile for an extra action now."""
    turn = state.turn
    assert turn is not None
    if state.options.intro:
        return message("no_tiles_in_intro")
    if state.tile_holder[character] != player:
        return message("tile_not_held", player=player, character=character)
    if character in state.tiles_used:
        return message("tile_used", character=character)
    if turn.tile is not None:
        return message("one_tile", player=player)
    if turn.character not in (None, character) and 0 < turn.done < turn.coins:
        return message("tile_between", character=character, chosen=turn.character)
    return None


def coin_problem(state: GameState, player: Colour, character: Character) -> Message | None:
    """Whether a coin placed on ``character`` this turn still buys an action of it."""
    turn = state.turn
    assert turn is not None
    if turn.neutral:
        return message("neutral_used", player=player)
    if turn.character is None:
        return message("choose_first", player=player, character=character)
    if turn.character != character:
        return message("other_character", player=player, chosen=turn.character,
                       character=character)
    if turn.done >= turn.coins:
        return message("no_coin_left", player=player, character=character, n=turn.coins)
    return None


def _character_action(state: GameState, player: Colour, character: Character, tile: bool,
                      effect: Callable[[], int | None]) -> None:
    """Checks that this action may be done now, by a coin or by the tile, then does it."""
    turn = _turn(state, player)
    problem = (tile_problem if tile else coin_problem)(state, player, character)
    if problem is not None:
        raise IllegalAction(problem)
    bought = effect() or 0
    if bought:
        state.player(player).coins -= bought
        field = state.character_coins["builder"]
        field[player] = field.get(player, 0) + bought
        turn.spent += bought
    if tile:
        turn.tile = character
        turn.tile_after = turn.done > 0
        state.tiles_used.add(character)
    else:
        turn.done += 1
    settle(state)


CHARACTER_OF: Mapping[str, Character] = {"build": "builder", "deliver": "carter",
                                   "wake": "night_watchman", "marry": "priest",
                                   "birth": "midwife"}
"""The character whose action (coin or tile) each character action's type is."""


def tile_character(action: Action) -> Character | None:
    """The character whose tile an action was done with (None: not done with a tile)."""
    return CHARACTER_OF.get(action.type) if getattr(action, "tile", False) else None


def build(state: GameState, a: Build) -> None:
    _character_action(state, a.player, CHARACTER_OF[a.type], a.tile,
                      lambda: characters.build(state, a))


def deliver(state: GameState, a: Deliver) -> None:
    _character_action(state, a.player, CHARACTER_OF[a.type], a.tile,
                      lambda: characters.deliver(state, a))


def wake(state: GameState, a: Wake) -> None:
    _character_action(state, a.player, CHARACTER_OF[a.type], a.tile,
                      lambda: characters.wake(state, a))


def marry(state: GameState, a: Marry) -> None:
    _character_action(state, a.player, CHARACTER_OF[a.type], a.tile,
                      lambda: characters.marry(state, a))


def birth(state: GameState, a: Birth) -> None:
    _character_action(state, a.player, CHARACTER_OF[a.type], a.tile,
                      lambda: characters.birth(state, a))


def _neutral_action(state: GameState, player: Colour, character: NeutralCoin,
                    effect: Callable[[], None]) -> None:
    turn = _turn(state, player)
    problem = neutral_village.coin_problem(state, player)
    if problem is not None:
        raise IllegalAction(problem)
    effect()
    turn.neutral = True
    state.neutral_coin = character


def neutral_build(state: GameState, a: NeutralBuild) -> None:
    _neutral_action(state, a.player, NeutralCoin.BUILDER,
                    lambda: neutral_village.build(state, a))


def neutral_marry(state: GameState, a: NeutralMarry) -> None:
    _neutral_action(state, a.player, NeutralCoin.PRIEST, lambda: neutral_village.marry(state, a))


def tile_cost(state: GameState, a: TileCost) -> None:
    """The cost read off a building tile on offer, for a type whose cost is not known yet."""
    _turn(state, a.player)
    problem = characters.cost_problem(state, a.building, a.cost)
    if problem is None and state.offer.get(a.building, 0) == 0:
        problem = message("not_on_offer", building=a.building)
    if problem is not None:
        raise IllegalAction(problem)
    state.learned_costs[a.building] = a.cost
    settle(state)


def stuck_problem(state: GameState, player: Colour,
                  regular: Mapping[Character, Sequence[moves.Option]] | None = None
                  ) -> Message | None:
    """Whether ``player`` may say that it cannot act this turn: it holds coins, has taken no
    regular action (a character tile's action may lie behind it), and no regular action nor the
    neutral coin is possible; a building on offer of unknown cost must be priced first.
    ``regular``: the options a coin buys now, by character, if the caller has them already."""
    turn = state.turn
    assert turn is not None
    p = state.player(player)
    if turn.character is not None or turn.neutral or p.coins == 0:
        return message("acted", player=player)
    if regular is None:
        by_good = chains_by_good(state, player)
        regular = {ch: moves.character(state, player, ch, moves.COIN, p.coins - 1, by_good)
                   for ch in CHARACTERS}
    for ch in CHARACTERS:
        if any(o.affordable for o in regular.get(ch, ())):
            return message("can_act", player=player, character=ch)
    for o in regular.get("builder", ()):
        if o.needs_cost and o.cost_needed is not None:
            return message("cost_first", building=o.cost_needed)
    if neutral_village.options(state, player):
        return message("can_act_neutral", player=player)
    return None


def cannot_act(state: GameState, a: CannotAct) -> None:
    _turn(state, a.player)
    problem = stuck_problem(state, a.player)
    if problem is not None:
        raise IllegalAction(problem)
    if state.turn is not None and state.turn.tile is not None:
        state.passes = []  # the tile's action is an action: a new go-round begins
    else:
        state.passes.append(a.player)
    _next_turn(state)


def end_turn_problem(state: GameState, colour: Colour) -> Message | None:
    """Whether ``colour`` may end its turn now: its coins' actions done, a regular action (or
    the neutral coin) taken, or every coin spent (the Builder tile)."""
    if state.active != colour or state.turn is None:
        return message("not_your_turn", active=state.active, player=colour)
    turn = state.turn
    if turn.character is not None and turn.done < turn.coins:
        return message("actions_left", player=colour, character=turn.character,
                       n=turn.coins - turn.done)
    if not turn.neutral and turn.character is None and not (
            turn.spent and state.player(colour).coins == 0):
        if turn.tile:
            return message("regular_action_needed", player=colour)
        return message("cannot_pass", player=colour)
    return None


def end_turn(state: GameState, a: EndTurn) -> None:
    _turn(state, a.player)
    problem = end_turn_problem(state, a.player)
    if problem is not None:
        raise IllegalAction(problem)
    player = state.player(a.player)
    player.coins += player.won_coins
    player.won_coins = 0
    state.passes = []
    _next_turn(state)


def why_round_ends(state: GameState) -> Message | None:
    """Whether the round ends now that a turn is over, and why (§7), as the table is told:
    every coin holder passed in one go-round ("round.all_passed", the start-player token
    stays), only one player (or the neutral village) still holds coins ("round.one_holder",
    with its coins: it takes the token), or nobody does ("round.no_coins"). None: it goes
    on."""
    holders = [p.colour for p in state.players if p.coins + p.won_coins > 0]
    if holders and all(c in state.passes for c in holders):
        return message("round.all_passed", colours=holders)
    neutral = neutral_village.coin_holder(state)
    if len(holders) + (neutral is not None) > 1:
        return None
    if holders:
        p = state.player(holders[0])
        return message("round.one_holder", player=holders[0], held=p.coins + p.won_coins)
    if neutral is not None:
        return message("round.neutral_holder", colour=neutral)
    return message("round.no_coins")


def _next_turn(state: GameState) -> None:
    assert state.turn is not None
    why = why_round_ends(state)
    if why is not None:
        # The one holder (or the neutral village) takes the start-player token; after a
        # go-round of passes it stays (§7).
        sole = why.params.get("player", why.params.get("colour"))
        state.round_ended = why
        round_end.end_round(state, sole if why.code != "round.all_passed" else None)
        return
    current = state.turn.player
    for colour in state.order_from(state.next_colour(current)):
        if state.player(colour).coins > 0:
            state.turn = Turn(colour)
            state.active = colour
            return
    raise AssertionError("a player holds coins but none can move")


QUIET = (CannotAct, TileCost, EndTurn)
"""Turn actions that are no action of the game (§12 "Deadlock": a round of only these)."""

TURN_ACTIONS: dict[type[Action], Callable[[GameState, Any], None]] = {
    # Each handler takes the action of its key's type: ``apply`` dispatches by type.
    Choose: choose,
    Build: build,
    Deliver: deliver,
    Wake: wake,
    Marry: marry,
    Birth: birth,
    NeutralBuild: neutral_build,
    NeutralMarry: neutral_marry,
    TileCost: tile_cost,
    CannotAct: cannot_act,
    EndTurn: end_turn,
}
