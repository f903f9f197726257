"""The coins a "Do it" button names: all the coins that leave the player's hand (the ones put
on the character and the ones that buy goods), asked of the engine by doing the action on a
copy, never worked out again here."""

from __future__ import annotations

from ...engine import Action, AddCoin, Choose, GameState, HelvetiaError, Option, apply
from .i18n import _, character, ngettext


def coins_paid(state: GameState, option: Option, action: Action | None,
               on_character: int | None, one_more: bool = False) -> int | None:
    """Coins out of the active player's hand for ``action`` after ``on_character`` coins are
    put on the option's character (None: none are, they lie there already or it is a tile's
    action), or after ``one_more`` coin is (the coins following the actions); None if the
    engine refuses it."""
    if action is None or state.active is None:
        return None
    player = state.active
    try:
        after = state
        if on_character is not None:
            after = apply(after, Choose(player, option.character, on_character))
        if one_more:
            after = apply(after, AddCoin(player))
        after = apply(after, action)
    except HelvetiaError:
        return None
    return state.player(player).coins - after.player(player).coins


def do_label(paid: int | None, actions: int) -> str | None:
    """ "Do it for 2 coins" when the coins paid are more than the actions bought (goods bought
    too); None where the plain words say it already."""
    if paid is None or paid <= actions:
        return None
    return ngettext("Do it for {n} coin", "Do it for {n} coins", paid).format(n=paid)


def tile_line(option: Option, paid: int | None) -> str:
    """Above a tile's form: no coin for the action; the goods bought, if any, are named on
    "Do it"."""
    if paid:
        return ngettext("With your {character} tile (the action costs no coin; {n} coin buys "
                        "the goods):", "With your {character} tile (the action costs no coin; "
                        "{n} coins buy the goods):", paid).format(
            character=character(option.character), n=paid)
    return _("With your {character} tile (no coin):").format(
        character=character(option.character))


def how_many_line(goods_coins: int) -> str:
    """The question beside the coin counts; each count is all the coins put down."""
    if not goods_coins:
        return _("Do it with how many coins? Each coin on the character is one action.")
    return ngettext("Do it with how many coins? Each coin on the character is one action; "
                    "{n} more buys the goods.", "Do it with how many coins? Each coin on the "
                    "character is one action; {n} more buy the goods.", goods_coins).format(
        n=goods_coins)
