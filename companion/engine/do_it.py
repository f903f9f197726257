"""What one "Do it" at the table is, in the rules' terms: the coins on the character first when
they are due (the turn's first action chooses the character with its coins; once the coins
have bought their actions, one more coin follows each further action, §7), then the action.
Screens, the hint and the virtual player ask here; nothing works the sequence out again."""

from __future__ import annotations

from .actions import Action, AddCoin, Choose
from .game import apply
from .messages import Message
from .more_coins import add_coin_problem
from .moves import Option
from .options import TurnOptions, turn_options, why_not
from .state import GameState


def needs_choose(options: TurnOptions, option: Option) -> bool:
    """Whether doing the option also puts coins on its character (the turn's first action)."""
    return option.via == "coin" and options.chosen is None


def needs_coin(options: TurnOptions, option: Option) -> bool:
    """Whether doing the option first puts one more coin on the chosen character: its coins
    have bought their actions, and the coins follow the actions (``more_options``)."""
    return (option.via == "coin" and options.chosen == option.character
            and options.actions_left == 0)


def more_options(state: GameState, options: TurnOptions) -> tuple[Option, ...]:
    """The chosen character's options for one more coin on it, once its coins have bought
    their actions (§7: the table need not count the coins up front); none when the rules
    take no more coin."""
    if (options.chosen is None or options.actions_left > 0
            or add_coin_problem(state, options.player) is not None):
        return ()
    after = apply(state, AddCoin(options.player))
    return tuple(turn_options(after).regular.get(options.chosen, ()))


def do_it(options: TurnOptions, option: Option, action: Action, coins: int
          ) -> tuple[Action, ...]:
    """The actions one "Do it" applies, in order: ``coins`` coins on the character when the
    turn's first action chooses it, or one more coin when the coins follow the actions; then
    ``action``."""
    if needs_choose(options, option):
        return (Choose(options.player, option.character, coins), action)
    if needs_coin(options, option):
        return (AddCoin(options.player), action)
    return (action,)


def do_it_problem(state: GameState, options: TurnOptions, option: Option, action: Action,
                  coins: int) -> Message | None:
    """Why "Do it" would be refused (the first of its actions the rules refuse); None if
    all of it is allowed."""
    for step in do_it(options, option, action, coins):
        reason = why_not(state, step)
        if reason is not None:
            return reason
        state = apply(state, step)
    return None
