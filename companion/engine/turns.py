"""A turn (digest §7): one character with N coins for N actions, one character tile for one
extra action, the neutral coin with 2 players, and the end of the turn and of the round."""

from __future__ import annotations

from collections.abc import Callable

from . import characters, round_end
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
    Wake,
)
from .errors import IllegalAction
from .moves import any_possible
from .state import CHARACTER_NAMES, GameState, Turn, colour_name


def _turn(state: GameState, player: str) -> Turn:
    if state.active != player:
        raise IllegalAction(f"It is {colour_name(state.active or '')}'s turn, not "
                            f"{colour_name(player)}'s.", "not_your_turn")
    assert state.turn is not None
    return state.turn


def choose(state: GameState, a: Choose) -> None:
    turn = _turn(state, a.player)
    who = colour_name(a.player)
    if turn.neutral:
        raise IllegalAction(f"{who} used the neutral coin instead of a regular action this "
                            f"turn.", "neutral_used")
    if turn.character is not None:
        raise IllegalAction(f"{who} chose the {CHARACTER_NAMES[turn.character]} this turn "
                            f"already: one character per turn.", "one_character")
    player = state.player(a.player)
    if a.coins < 1:
        raise IllegalAction("Put at least one coin on the character.", "no_coins_placed")
    if a.coins > player.coins:
        raise IllegalAction(f"{who} has only {player.coins} coin"
                            f"{'s' if player.coins != 1 else ''} to use this turn.",
                            "not_enough_coins")
    player.coins -= a.coins
    field = state.character_coins[a.character]
    field[a.player] = field.get(a.player, 0) + a.coins
    turn.character = a.character
    turn.coins = a.coins
    turn.spent += a.coins


def _character_action(state: GameState, player: str, character: str, tile: bool,
                      effect: Callable[[], int | None]) -> None:
    """Checks that this action may be done now, by a coin or by the tile, then does it."""
    turn = _turn(state, player)
    who = colour_name(player)
    name = CHARACTER_NAMES[character]
    if tile:
        if state.options.intro:
            raise IllegalAction("The intro game is played without character tiles.",
                                "no_tiles_in_intro")
        if state.tile_holder[character] != player:
            raise IllegalAction(f"{who} does not hold the {name} tile.", "tile_not_held")
        if character in state.tiles_used:
            raise IllegalAction(f"The {name} tile has been used this round.", "tile_used")
        if turn.tile is not None:
            raise IllegalAction(f"{who} has used a character tile this turn already: one per "
                                f"turn.", "one_tile")
        if turn.character not in (None, character) and 0 < turn.done < turn.coins:
            raise IllegalAction(f"The {name} tile's action comes before or after the "
                                f"{CHARACTER_NAMES[turn.character]} actions, not between them.",
                                "tile_between")
    else:
        if turn.neutral:
            raise IllegalAction(f"{who} used the neutral coin instead of a regular action this "
                                f"turn.", "neutral_used")
        if turn.character is None:
            raise IllegalAction(f"{who} has not chosen a character yet: put coins on the "
                                f"{name} first.", "choose_first")
        if turn.character != character:
            raise IllegalAction(f"{who} chose the {CHARACTER_NAMES[turn.character]} this turn, "
                                f"not the {name}.", "other_character")
        if turn.done >= turn.coins:
            raise IllegalAction(f"{who}'s {turn.coins} {name} action"
                                f"{'s are' if turn.coins != 1 else ' is'} done: each coin buys "
                                f"one action.", "no_coin_left")
    bought = effect() or 0
    if bought:
        state.player(player).coins -= bought
        field = state.character_coins["builder"]
        field[player] = field.get(player, 0) + bought
        turn.spent += bought
    if tile:
        turn.tile = character
        state.tiles_used.add(character)
    else:
        turn.done += 1


def build(state: GameState, a: Build) -> None:
    _character_action(state, a.player, "builder", a.tile, lambda: characters.build(state, a))


def deliver(state: GameState, a: Deliver) -> None:
    _character_action(state, a.player, "carter", a.tile, lambda: characters.deliver(state, a))


def wake(state: GameState, a: Wake) -> None:
    _character_action(state, a.player, "night_watchman", a.tile,
                      lambda: characters.wake(state, a))


def marry(state: GameState, a: Marry) -> None:
    _character_action(state, a.player, "priest", a.tile, lambda: characters.marry(state, a))


def birth(state: GameState, a: Birth) -> None:
    def effect() -> None:
        assert state.turn is not None  # _character_action checked the turn first
        characters.birth(state, a, state.turn.births)

    _character_action(state, a.player, "midwife", a.tile, effect)


def _neutral_action(state: GameState, player: str, character: str,
                    effect: Callable[[], None]) -> None:
    turn = _turn(state, player)
    who = colour_name(player)
    if state.options.neutral_colour is None:
        raise IllegalAction("There is no neutral village: it is only in the 2-player game.",
                            "no_neutral")
    if state.neutral_coin != "ready":
        raise IllegalAction("The neutral coin has been used this round.", "neutral_coin_used")
    if turn.neutral or turn.character is not None:
        raise IllegalAction(f"The neutral coin replaces the turn's regular action, and {who} "
                            f"has taken that already.", "neutral_instead")
    effect()
    turn.neutral = True
    state.neutral_coin = character


def neutral_build(state: GameState, a: NeutralBuild) -> None:
    _neutral_action(state, a.player, "builder", lambda: characters.neutral_build(state, a))


def neutral_marry(state: GameState, a: NeutralMarry) -> None:
    _neutral_action(state, a.player, "priest", lambda: characters.neutral_marry(state, a))


def cannot_act(state: GameState, a: CannotAct) -> None:
    turn = _turn(state, a.player)
    who = colour_name(a.player)
    if turn.spent or turn.character or turn.neutral or turn.tile:
        raise IllegalAction(f"{who} has acted this turn already.", "acted")
    possible = any_possible(state, a.player)
    if possible:
        raise IllegalAction(f"{who} can still act: {possible.text}.", "can_act")
    state.player(a.player).out = True
    _next_turn(state)


def end_turn(state: GameState, a: EndTurn) -> None:
    turn = _turn(state, a.player)
    who = colour_name(a.player)
    player = state.player(a.player)
    if turn.character is not None and turn.done < turn.coins:
        left = turn.coins - turn.done
        raise IllegalAction(f"{who} has {left} more {CHARACTER_NAMES[turn.character]} action"
                            f"{'s' if left != 1 else ''} to perform: every coin must buy an "
                            f"action.", "actions_left")
    if not turn.neutral and turn.character is None and not (turn.spent and player.coins == 0):
        if turn.tile:
            raise IllegalAction(f"{who} still has coins: choose a character for the turn's "
                                f"regular action.", "regular_action_needed")
        raise IllegalAction(f"{who} still has coins and cannot pass: choose a character.",
                            "cannot_pass")
    player.coins += player.won_coins
    player.won_coins = 0
    _next_turn(state)


def _next_turn(state: GameState) -> None:
    assert state.turn is not None
    holders = [p.colour for p in state.players if p.coins + p.won_coins > 0 and not p.out]
    if state.neutral_coin == "ready" and state.options.neutral_colour:
        holders.append(state.options.neutral_colour)
    if len(holders) <= 1:
        round_end.end_round(state, holders[0] if holders else None)
        return
    current = state.turn.player
    for colour in state.order_from(state.next_colour(current)):
        p = state.player(colour)
        if p.coins > 0 and not p.out:
            state.turn = Turn(colour)
            state.active = colour
            return
    raise AssertionError("a player holds coins but none can move")


TURN_ACTIONS: dict[type[Action], Callable[[GameState, Action], None]] = {
    Choose: choose,  # type: ignore[dict-item]
    Build: build,  # type: ignore[dict-item]
    Deliver: deliver,  # type: ignore[dict-item]
    Wake: wake,  # type: ignore[dict-item]
    Marry: marry,  # type: ignore[dict-item]
    Birth: birth,  # type: ignore[dict-item]
    NeutralBuild: neutral_build,  # type: ignore[dict-item]
    NeutralMarry: neutral_marry,  # type: ignore[dict-item]
    CannotAct: cannot_act,  # type: ignore[dict-item]
    EndTurn: end_turn,  # type: ignore[dict-item]
}
